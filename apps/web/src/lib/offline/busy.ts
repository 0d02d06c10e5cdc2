/**
 * What must not be interrupted by a reload (issue 6): a dirty add/edit form, a running sync. Callers
 * mark themselves busy and call the returned function when done; the newer-version notice asks for
 * confirmation before reloading while anything is busy, and the app never reloads by itself then.
 *
 *   useEffect(() => (dirty ? markBusy('event-form') : undefined), [dirty]);
 *   const done = markBusy('sync'); try { ... } finally { done(); }
 *
 * No React, no Dexie: safe to import from anywhere (the sync loop, a form, a worker-facing module).
 */
import { createStore } from '../store';

/** What is busy now, by the id markBusy handed out (a new map on every change). */
const active = createStore<ReadonlyMap<number, string>>(new Map());
let nextID = 1;

/** Marks something busy; the returned function ends it (calling it more than once is harmless). */
export function markBusy(reason: string): () => void {
  const id = nextID++;
  active.update((now) => new Map(now).set(id, reason));
  return () => {
    if (!active.get().has(id)) return;
    active.update((now) => {
      const next = new Map(now);
      next.delete(id);
      return next;
    });
  };
}

export function isBusy(): boolean {
  return active.get().size > 0;
}

/** The reasons now busy, oldest first (for messages and debugging). */
export function busyReasons(): string[] {
  return [...active.get().values()];
}

export const subscribeBusy = active.subscribe;
