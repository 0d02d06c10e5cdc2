/**
 * How many of the logged-in user's saves wait on this device (to upload, error or conflict), for the
 * shell: the Sync entry's badge and the logout warning. The sync loop (sync.ts, loaded lazily after the
 * first paint) feeds it from Dexie live queries, so the shell itself never loads Dexie: the event
 * outbox's count, plus other queues by name (the staff register's shift changes).
 */
import { useSyncExternalStore } from 'react';

let outbox = 0;
const sources = new Map<string, number>();
let pending = 0;
/** The other queues' counts as one object, replaced on every change (a stable snapshot for React). */
let sourceCounts: Readonly<Record<string, number>> = {};
const listeners = new Set<() => void>();

function update(): void {
  let n = outbox;
  for (const count of sources.values()) n += count;
  const nextSources = Object.fromEntries(sources);
  const sourcesChanged =
    Object.keys(nextSources).length !== Object.keys(sourceCounts).length ||
    Object.entries(nextSources).some(([source, count]) => sourceCounts[source] !== count);
  if (n === pending && !sourcesChanged) return;
  pending = n;
  if (sourcesChanged) sourceCounts = nextSources;
  for (const l of listeners) l();
}

/** The event outbox's count (uploads, errors, conflicts). */
export function setPendingCount(n: number): void {
  outbox = n;
  update();
}

/** Another queue's count by name (e.g. 'staff-register'); 0 removes it. */
export function setPendingSourceCount(source: string, n: number): void {
  if (n > 0) sources.set(source, n);
  else sources.delete(source);
  update();
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

/** What waits in the queues other than the event outbox, by name: a new object only when a count changes. */
export function pendingSources(): Readonly<Record<string, number>> {
  return sourceCounts;
}

/** What waits in the queues other than the event outbox, by name (the sync screen points to them). */
export function usePendingSources(): Readonly<Record<string, number>> {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => sourceCounts,
    () => sourceCounts,
  );
}
