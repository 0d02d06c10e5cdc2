/**
 * The sync loop in the browser: the engine (syncEngine.ts) on the Dexie store and the transport the
 * starting feature hands in (features/sync/transport.ts: media upload, event save, device report), one
 * loop at a time across tabs (Web Locks, an in-tab mutex where they are missing), triggered on start
 * after login, on `online`, on becoming visible, by the Sync button and after each queued save. A
 * network failure retries with backoff (backoff.ts), reset by `online` and the button. Each pass sends
 * the event kind, then every queue kind that registered a sender (replayKinds.ts, issue 28).
 */
import type { SyncReportRequest } from '@nursery/domain/offline';
import { liveQuery } from 'dexie';
import { useSyncExternalStore } from 'react';
import { backoffDelay } from './backoff';
import { markBusy } from './busy';
import { offlineDB } from './db';
import { QUEUE_KINDS } from './operations';
import { deviceUnsynced, dexieSyncStore, outboxCounts } from './outbox';
import { setPendingCount, setPendingSourceCount } from './pendingCount';
import { replayQueueKinds } from './replayKinds';
import {
  createSyncRunner,
  type LockLike,
  memoryLock,
  runSync,
  type SyncOutcome,
  type SyncTransport,
} from './syncEngine';

const LOCK_NAME = 'nursery-sync';
const STAFF_REGISTER_SOURCE = 'staff-register';
const DEVICE_KEY = 'nursery-device-id';

/** The loop's way to the server: the engine's transport and the device report after each pass. */
export interface SyncConnection extends SyncTransport {
  /** POST api/v1/sync/report: this device's unsynced counts. */
  reportDevice(report: SyncReportRequest): Promise<unknown>;
}

function browserLock(): LockLike {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== 'function') return memoryLock();
  return {
    // The lock typings wrap the callback's promise once more; the value is fn's own.
    withLock: <T>(fn: () => Promise<T>) => locks.request(LOCK_NAME, () => fn()) as unknown as Promise<T>,
  };
}

/** This device's random id (localStorage), for the device report. */
export function deviceID(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'device-without-storage';
  }
}

// --- State the sync screen shows -------------------------------------------------------------------

interface SyncState {
  running: boolean;
  /** 0..1 per item being sent. */
  progress: Readonly<Record<string, number>>;
  last: SyncOutcome | null;
  /** When the next automatic try runs after a network failure (ms epoch), or null. */
  retryAt: number | null;
}

let state: SyncState = { running: false, progress: {}, last: null, retryAt: null };
const listeners = new Set<() => void>();
function setState(change: Partial<SyncState>) {
  state = { ...state, ...change };
  for (const l of listeners) l();
}

export function useSyncState(): SyncState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

// --- The loop --------------------------------------------------------------------------------------

/** What the starting feature wants to hear of a pass: it sent something (its screens refresh at once). */
export interface SyncListeners {
  onSent?(outcome: SyncOutcome): void;
}

let current: {
  userID: number;
  siteID: number;
  connection: SyncConnection;
  listeners: SyncListeners;
} | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

async function pass(): Promise<SyncOutcome | undefined> {
  const who = current;
  if (!who) return undefined;
  const events = await runSync({
    store: dexieSyncStore(),
    transport: who.connection,
    userID: who.userID,
    report: {
      progress: (uuid, fraction) => setState({ progress: { ...state.progress, [uuid]: fraction } }),
    },
  });
  // The other kinds that registered a sender, in the same pass (no answer stops the pass for all).
  const outcome = events.kind === 'offline' ? events : joined(events, await replayQueueKinds(who.userID));
  void reportDevice(who.connection, who.siteID);
  if (outcome.sent > 0) {
    try {
      who.listeners.onSent?.(outcome);
    } catch {
      // A listener's failure must not stop the loop.
    }
  }
  return outcome;
}

/** One pass's outcome over the event kind and the others. */
function joined(a: SyncOutcome, b: SyncOutcome): SyncOutcome {
  return { kind: b.kind, sent: a.sent + b.sent, failed: a.failed + b.failed };
}

const runner = createSyncRunner(browserLock(), pass);

function schedule(outcome: SyncOutcome | undefined) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (outcome?.kind !== 'offline') {
    failures = 0;
    setState({ retryAt: null });
    return;
  }
  failures += 1;
  const delay = backoffDelay(failures);
  setState({ retryAt: Date.now() + delay });
  retryTimer = setTimeout(() => void syncNow(), delay);
}

/** Starts a sync (or one more pass after the running one). `reset` forgets the backoff (online, button). */
export async function syncNow(opts: { reset?: boolean } = {}): Promise<SyncOutcome | undefined> {
  if (!current) return undefined;
  if (opts.reset) failures = 0;
  setState({ running: true });
  const release = markBusy('sync');
  try {
    const outcome = await runner.trigger();
    schedule(outcome);
    setState({ last: outcome ?? null });
    return outcome;
  } catch {
    schedule({ kind: 'offline', sent: 0, failed: 0 });
    return undefined;
  } finally {
    release();
    setState({ running: runner.running, progress: runner.running ? state.progress : {} });
  }
}

async function reportDevice(connection: SyncConnection, siteID: number): Promise<void> {
  try {
    const counts = await deviceUnsynced();
    await connection.reportDevice({
      deviceID: deviceID(),
      siteID,
      unsyncedEvents: counts.events,
      unsyncedMedia: counts.media,
    });
  } catch {
    // Offline or refused: the next sync reports again.
  }
}

/**
 * Started once by the shell after login (features/sync/useAppSync.ts) with the transport to send
 * through: syncs now, on `online` (backoff reset) and on becoming visible. Logging out (the returned
 * stop) ends the triggers; a running pass finishes its item.
 */
export function startSyncTriggers(
  userID: number,
  siteID: number,
  connection: SyncConnection,
  listeners: SyncListeners = {},
): () => void {
  current = { userID, siteID, connection, listeners };
  const counts = liveQuery(() => outboxCounts(userID)).subscribe({
    next: (c) => setPendingCount(c.unsynced),
    error: () => setPendingCount(0), // IndexedDB unavailable: nothing can be queued either
  });
  // The staff register's shift changes waiting on this device (sent by this loop through the kind's
  // sender; counted apart from the event kind's outbox, as the shell's badge always had them).
  const staffChanges = liveQuery(() =>
    offlineDB().operations.where('[userID+kind]').equals([userID, QUEUE_KINDS.staffShift]).count(),
  ).subscribe({
    next: (n) => setPendingSourceCount(STAFF_REGISTER_SOURCE, n),
    error: () => setPendingSourceCount(STAFF_REGISTER_SOURCE, 0),
  });
  const online = () => void syncNow({ reset: true });
  const visible = () => {
    if (document.visibilityState === 'visible') void syncNow();
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  void syncNow({ reset: true });
  return () => {
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', visible);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    current = null;
    counts.unsubscribe();
    staffChanges.unsubscribe();
    setPendingCount(0);
    setPendingSourceCount(STAFF_REGISTER_SOURCE, 0);
  };
}
