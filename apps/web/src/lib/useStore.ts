import { useSyncExternalStore } from 'react';
import type { Store } from './store';

/** A store's value in a component, re-rendered when it changes (`serverValue`: before hydration). */
export function useStore<T>(store: Store<T>, serverValue: T = store.get()): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}
