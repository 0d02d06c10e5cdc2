import { describe, expect, it, vi } from 'vitest';
import { createStore, shallowEqual } from './store';

describe('createStore', () => {
  it('tells its subscribers of a change, not of the same value again', () => {
    const store = createStore(1);
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    store.set(2);
    store.set(2);
    store.update((v) => v + 1);
    expect(store.get()).toBe(3);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    store.set(4);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('compares by the equality it is given', () => {
    const store = createStore({ a: 1, b: 2 }, shallowEqual);
    const heard = vi.fn();
    store.subscribe(heard);
    store.update((v) => ({ ...v }));
    expect(heard).not.toHaveBeenCalled();
    store.update((v) => ({ ...v, b: 3 }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ a: 1, b: 3 });
  });

  it('a subscriber that unsubscribes while being told does not stop the others', () => {
    const store = createStore(0);
    const second = vi.fn();
    const stopFirst = store.subscribe(() => stopFirst());
    store.subscribe(second);
    store.set(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('shallowEqual', () => {
  it('is equal field by field, unequal on a changed or extra field', () => {
    expect(shallowEqual({ a: 1 }, { a: 1 })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(shallowEqual({ a: 1 } as object, { a: 1, b: 2 })).toBe(false);
  });
});
