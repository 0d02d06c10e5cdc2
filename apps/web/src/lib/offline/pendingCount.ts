/**
 * How many of the logged-in user's saves wait on this device (to upload, error or conflict), for the
 * shell: the Sync entry's badge and the logout warning. The sync loop (sync.ts, loaded lazily after the
 * first paint) feeds it from a Dexie live query, so the shell itself never loads Dexie.
 */
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

export function setPendingCount(n: number): void {
  if (n === pending) return;
  pending = n;
  for (const l of listeners) l();
}

export function pendingCount(): number {
  return pending;
}

export function usePendingCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => pending,
  );
}
