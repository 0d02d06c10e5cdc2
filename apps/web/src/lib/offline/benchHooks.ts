/**
 * Test hooks for the benchmark harness (bench/scenarios/sync.ts): the outbox and the sync loop on
 * `window.__nurseryOutbox`, so the bench queues saves through the app's own code and times the sync.
 * main.tsx imports this module (its own chunk) only when `localStorage['nursery.benchHooks'] === '1'`,
 * so users never load it. Nothing here is needed by the app.
 */
import { type OutboxCounts, outboxCounts, type QueueEventSaveInput, queueEventSave } from './outbox';
import { syncNow } from './sync';

export interface NurseryOutboxHooks {
  /** Queues one save (and its media Blobs) as the editor does when offline. */
  queueEventSave(input: QueueEventSaveInput): Promise<void>;
  /** One sync (the Sync button's call); resolves when the loop has finished, with its outcome. */
  syncNow(opts?: { reset?: boolean }): Promise<unknown>;
  /** The user's outbox counts (the sync screen's counters). */
  counts(userID: number): Promise<OutboxCounts>;
}

declare global {
  interface Window {
    __nurseryOutbox?: NurseryOutboxHooks;
  }
}

window.__nurseryOutbox = {
  async queueEventSave(input) {
    await queueEventSave(input);
  },
  syncNow: (opts) => syncNow(opts),
  async counts(userID) {
    return outboxCounts(userID);
  },
};
