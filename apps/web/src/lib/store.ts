/**
 * The one pattern for the app's small global states outside React (connectivity, busy work, the
 * code on the device, the device's preparation, the service worker, the confirmation requests, the
 * sync loop's state, the waiting counts): a value, its setter and its subscribers. Screens read it
 * with `useStore` (lib/useStore.ts). No React here, so a worker-facing module may use it too.
 */
export interface Store<T> {
  get(): T;
  /** Sets the value; subscribers hear of it only when it changed (by `equal`). */
  set(next: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T, equal: (a: T, b: T) => boolean = Object.is): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (equal(value, next)) return;
    value = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Equality of two flat records by their own fields (a patch that changes nothing is not news). */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}
