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
type Listener = () => void;

const active = new Map<number, string>();
const listeners = new Set<Listener>();
let nextID = 1;

function emit(): void {
  for (const listener of listeners) listener();
}

/** Marks something busy; the returned function ends it (calling it more than once is harmless). */
export function markBusy(reason: string): () => void {
  const id = nextID++;
  active.set(id, reason);
  emit();
  return () => {
    if (active.delete(id)) emit();
  };
}

export function isBusy(): boolean {
  return active.size > 0;
}

/** The reasons now busy, oldest first (for messages and debugging). */
export function busyReasons(): string[] {
  return [...active.values()];
}

export function subscribeBusy(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
