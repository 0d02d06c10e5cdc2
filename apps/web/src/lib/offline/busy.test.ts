import { describe, expect, it, vi } from 'vitest';
import { busyReasons, isBusy, markBusy, subscribeBusy } from './busy';

describe('busy registry', () => {
  it('is busy while any mark is open, and ends each mark once', () => {
    expect(isBusy()).toBe(false);
    const listener = vi.fn();
    const unsubscribe = subscribeBusy(listener);
    const endForm = markBusy('event-form');
    const endSync = markBusy('sync');
    expect(isBusy()).toBe(true);
    expect(busyReasons()).toEqual(['event-form', 'sync']);
    endForm();
    endForm(); // harmless
    expect(isBusy()).toBe(true);
    expect(busyReasons()).toEqual(['sync']);
    endSync();
    expect(isBusy()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    markBusy('x')();
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
