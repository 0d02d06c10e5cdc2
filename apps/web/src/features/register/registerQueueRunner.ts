/**
 * The register's kept changes on the one sync loop (issue 28): the 'register-booking' kind's sender,
 * a batch (the server takes a site's changes in one `PUT api/v1/bookings`, pendingSubmit.ts
 * submitPending, the one place it is called from), the report of each site's send (the register
 * screen shows the sessions and the toast from it, #/conflict its outcome), and the trigger that asks
 * the loop for a pass when changes wait. Registered by the shell (useRegisterOfflineSync) as soon as
 * its chunk loads, and by the screens that send; lib never imports it.
 */
import type { RegisterUpdatesAnswer } from '@nursery/domain/registers';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { isOffline } from '../../lib/connectivity';
import { offlineDB } from '../../lib/offline/db';
import type { OperationRow, SendResult } from '../../lib/offline/operations';
import { registerQueueKind } from '../../lib/offline/queue';
import type { QueueKindRunner } from '../../lib/offline/queueKindRunner';
import { syncNow } from '../../lib/offline/sync';
import { createStore } from '../../lib/store';
import { markRefused, REGISTER_KIND, retryRefused } from './pendingStore';
import { submitPending } from './pendingSubmit';
import { registerKeys } from './queries';

/** What one site's send came to (the latest is kept; screens of that site hear each one). */
export interface RegisterSendReport {
  userID: number;
  siteID: number;
  /** When it was sent (ms epoch). */
  at: number;
  /** Changes the server took (applied, or answered with a conflict). */
  sent: number;
  /** Changes now in conflict at the site (#/conflict). */
  conflicts: number;
  /** The sessions the server applied (the register shows them at once). */
  sessions: RegisterUpdatesAnswer['sessions'];
  /** The server refused the send (not a conflict): the changes wait for the user's retry. */
  failed: boolean;
}

export const registerSendReport = createStore<RegisterSendReport | null>(null);

let refreshing: QueryClient | null = null;
let registered = false;

/** The rows of one pass by site (a site's changes go in one call). */
function bySite(ops: readonly OperationRow[]): Map<number, OperationRow[]> {
  const out = new Map<number, OperationRow[]>();
  for (const op of ops) out.set(op.siteID, [...(out.get(op.siteID) ?? []), op]);
  return out;
}

/** Sends a pass's ready operations, site by site; a site whose call got no answer stops the pass. */
async function sendBatch(ops: OperationRow[]): Promise<SendResult> {
  let result: SendResult = 'done';
  for (const [siteID, siteOps] of bySite(ops)) {
    const userID = siteOps[0]!.userID;
    const report = { userID, siteID, at: Date.now(), sent: 0, conflicts: 0, sessions: [], failed: false };
    try {
      const outcome = await submitPending(userID, siteID);
      registerSendReport.set({ ...report, ...outcome, at: Date.now(), failed: false });
      if (outcome.conflicts > 0 && result === 'done') result = 'conflict';
    } catch (error) {
      // No answer (the request did not reach the server): everything waits for the next pass.
      if (!isApiError(error) || isOffline()) return 'offline';
      await markRefused(
        siteOps.map((op) => op.uuid),
        { code: error.code, message: error.message },
      );
      registerSendReport.set({ ...report, failed: true });
      result = 'error';
    }
  }
  return result;
}

/** Gives the one queue this kind's sender (once; the latest query client refreshes). */
export function registerBookingSender(queryClient: QueryClient): void {
  refreshing = queryClient;
  if (registered) return;
  registered = true;
  registerQueueKind({
    kind: REGISTER_KIND,
    // #/conflict settles a booking's conflict (use mine: sent again at their version).
    rebaseOnTheirs: (op, theirs) => {
      const version = (theirs as { theirs?: { version?: unknown } | null } | null)?.theirs?.version;
      return typeof version === 'number' ? { ...op, data: { ...(op.data as object), version } } : op;
    },
    sender: {
      batch: true,
      send: sendBatch,
      // A register read not on screen now is fetched again when shown (the screen shows the sessions).
      afterSent: () => refreshing?.invalidateQueries({ queryKey: registerKeys.all, refetchType: 'none' }),
    },
  });
}

/** The user's register changes waiting to be sent. */
function waitingCount(userID: number): Promise<number> {
  return offlineDB()
    .operations.where('[userID+kind]')
    .equals([userID, REGISTER_KIND])
    .filter((op) => op.status === 'pending')
    .count();
}

/**
 * Asks the one loop for a pass now (online only) when changes of the user wait, and answers when it
 * is over. `retry`: the changes the server refused go again too (on start, back online, the retry
 * button: a refused send is tried again then, not by every pass).
 */
export async function sendRegisterChangesNow(
  userID: number,
  queryClient: QueryClient,
  { retry = false, siteID }: { retry?: boolean; siteID?: number } = {},
): Promise<void> {
  registerBookingSender(queryClient);
  if (isOffline()) return;
  if (retry) await retryRefused(userID, siteID);
  const waiting = await waitingCount(userID).catch(() => 0);
  if (waiting > 0) await syncNow({ reset: true });
}

/** What the shell's hook (lib/offline/useQueueKindSync.ts) drives: on start and back online, refused changes go again. */
export const registerQueueRunner: QueueKindRunner = {
  register: registerBookingSender,
  sendNow: (userID, queryClient) => sendRegisterChangesNow(userID, queryClient, { retry: true }),
};
