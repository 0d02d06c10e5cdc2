/**
 * The staff register's queue on the one sync loop (issue 28): the 'staff-shift' kind's sender (each
 * change sent in the order made, one shift's changes in order, each against the version the server
 * answered for the shift's previous change, 412 kept on the row as a conflict), the report of what a
 * pass sent and dropped (the screen's messages read it), and the trigger that asks the loop for a
 * pass when changes wait. Registered by the shell (useStaffShiftOfflineSync) as soon as its chunk
 * loads, and by the screen; lib never imports it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isOffline } from '../../../lib/connectivity';
import { offlineDB } from '../../../lib/offline/db';
import type { OperationRow } from '../../../lib/offline/operations';
import { registerQueueKind } from '../../../lib/offline/queue';
import type { QueueKindRunner } from '../../../lib/offline/queueKindRunner';
import { syncNow } from '../../../lib/offline/sync';
import { createStore } from '../../../lib/store';
import type { ShiftChange } from '../changeTypes';
import { staffRegisterKeys } from '../queries';
import { entryOf, type ShiftOperationData, STAFF_SHIFT_KIND } from './pendingShiftStore';
import { type DroppedChange, sendResultOf, sendShiftChange } from './replayPending';
import { atVersion } from './shiftQueue';

/** What the loop's latest pass did with the staff register's changes (the screen's messages). */
export interface ShiftSendReport {
  /** When the pass ended (ms epoch): a screen tells only what happened while it was open. */
  at: number;
  /** Changes the server applied. */
  sent: ShiftChange[];
  /** Changes dropped because their shift no longer exists (404): 'Shift not found: {id}'. */
  notFound: DroppedChange[];
  /** Changes dropped because the server refused them for good (400, 403, 409, 422). */
  refused: DroppedChange[];
}

const empty = (): ShiftSendReport => ({ at: 0, sent: [], notFound: [], refused: [] });

/** The latest pass's report, set after each pass that sent or dropped a change. */
export const shiftSendReport = createStore<ShiftSendReport>(empty());

/** What the running pass did so far (published by afterSent at its end). */
let running = empty();
/** The query client whose staff register reads refresh after a pass (the shell's or the screen's). */
let refreshing: QueryClient | null = null;
let registered = false;

const refreshRegister = () => refreshing?.invalidateQueries({ queryKey: staffRegisterKeys.all });

/** Gives the one queue this kind's sender (once; the latest query client refreshes). */
export function registerShiftSender(queryClient: QueryClient): void {
  refreshing = queryClient;
  if (registered) return;
  registered = true;
  registerQueueKind<ShiftOperationData>({
    kind: STAFF_SHIFT_KIND,
    // The screen settles a conflict with shiftQueue.resolveConflict, which moves the shift's later
    // changes to their version too; this is the operation alone against their copy.
    rebaseOnTheirs: (op, theirs) => {
      const version = (theirs as { version?: unknown } | null)?.version;
      const change = op.data.change;
      return typeof version === 'number' ? { ...op, data: { change: atVersion(change, version) } } : op;
    },
    sender: {
      async send([op]) {
        const entry = op ? entryOf(op as OperationRow) : null;
        if (!op || !entry) return 'error';
        const { change } = entry;
        const sent = await sendShiftChange(op.userID, change.siteID, change.date, change.localID);
        if (sent.result === 'applied') running.sent.push(sent.change);
        if (sent.result === 'notFound') running.notFound.push(sent.dropped);
        if (sent.result === 'refused') running.refused.push(sent.dropped);
        // A conflict is on the row now (the panel shows it); the register shows the server's shift.
        if (sent.result === 'conflict') void refreshRegister();
        return sendResultOf(sent);
      },
      async afterSent() {
        shiftSendReport.set({ ...running, at: Date.now() });
        running = empty();
        // Not awaited: the loop's pass must not wait on the screen's refetch (paused while offline).
        void refreshRegister()?.catch(() => undefined);
      },
    },
  });
}

/** The user's staff register changes waiting to be sent (not in conflict, not in error). */
function waitingCount(userID: number): Promise<number> {
  return offlineDB()
    .operations.where('[userID+kind]')
    .equals([userID, STAFF_SHIFT_KIND])
    .filter((op) => op.status === 'pending')
    .count();
}

/**
 * Asks the one loop for a pass now (online only) when changes of the user wait; with none the loop
 * keeps its own timing (its triggers, its backoff).
 */
export async function sendShiftChangesNow(userID: number, queryClient: QueryClient): Promise<void> {
  registerShiftSender(queryClient);
  if (isOffline()) return;
  const waiting = await waitingCount(userID).catch(() => 0);
  if (waiting === 0) return;
  await syncNow({ reset: true });
}

/** What the shell's hook (lib/offline/useQueueKindSync.ts) drives. */
export const shiftQueueRunner: QueueKindRunner = {
  register: registerShiftSender,
  sendNow: sendShiftChangesNow,
};
