/**
 * Sends the Spotlight saves kept on this device (issue 16), oldest first, one at a time, each through
 * the editor's own GraphQL `updateEvent`:
 * - saved: the row leaves the device (an add sent again after a dropped answer carries the same uuid,
 *   and the server answers the events it stored the first time: never a duplicate);
 * - 409 err-conflict: the event was changed by another save since it was loaded; the row stays as
 *   'conflict' for the user;
 * - another answer (400 bad input, 403, 404): it will not save by sending again; the row stays as
 *   'error' with the server's message;
 * - no answer (offline, the server unreachable) or a busy one (429, 5xx): the pass stops, this row
 *   and the rest stay pending in their order.
 * Rows in error or conflict are not sent again by a pass: only the user deletes them.
 */
import type { SpotlightSaveResult, UpdateEventInput } from '@nursery/domain/spotlight';
import { isApiError, NetworkError } from '../../../lib/api';
import { HOLDING, replayInOrder, type SendResult } from '../../../lib/offline/operations';
import { spotlightResource } from '../../../lib/offline/spotlightOperation';
import {
  readSpotlightQueue,
  removeSpotlightRow,
  type SpotlightPendingRow,
  updateSpotlightRow,
} from './pendingSpotlightStore';

export interface SpotlightReplayOutcome {
  /** Saves the server stored, with their results (the screens that show them refresh). */
  sent: { eventID: number | null; result: SpotlightSaveResult }[];
  /** Saves now in conflict or refused by this pass. */
  failed: number;
  /** The pass stopped without an answer: the rest waits. */
  stopped: boolean;
}

export interface ReplayDeps {
  save: (input: UpdateEventInput) => Promise<SpotlightSaveResult>;
  /** The device's clock (ms epoch), for the row's updatedAt. */
  now: () => number;
}

const isConflict = (error: unknown) =>
  isApiError(error) && error.code === 'err-conflict' && (error.status === 409 || error.status === 400);

/**
 * Sends one waiting save and writes what it came to on the device (the queue's sender for the
 * 'spotlight-save' kind, and each step of replaySpotlightSaves); `sent` hears a stored save.
 */
export async function sendSpotlightRow(
  userID: number,
  row: SpotlightPendingRow,
  deps: ReplayDeps,
  sent?: (saved: SpotlightReplayOutcome['sent'][number]) => void,
): Promise<SendResult> {
  const attempts = row.attempts + 1;
  try {
    const result = await deps.save(row.input);
    await removeSpotlightRow(userID, row.uuid);
    sent?.({ eventID: row.eventID, result });
    return 'done';
  } catch (error) {
    if (error instanceof NetworkError || !isApiError(error) || error.status >= 500 || error.status === 429) {
      // No answer, or the server busy: stays pending in its place; nothing after it is sent now.
      await updateSpotlightRow(row.uuid, { attempts, updatedAt: deps.now() });
      return 'offline';
    }
    const conflict = isConflict(error);
    await updateSpotlightRow(row.uuid, {
      status: conflict ? 'conflict' : 'error',
      error: { code: error.code, message: error.message },
      attempts,
      updatedAt: deps.now(),
    });
    return conflict ? 'conflict' : 'error';
  }
}

/** Sends the user's pending rows; never throws (a failure is in the outcome or on the row). */
export async function replaySpotlightSaves(
  userID: number,
  deps: ReplayDeps,
): Promise<SpotlightReplayOutcome> {
  const outcome: SpotlightReplayOutcome = { sent: [], failed: 0, stopped: false };
  const all = await readSpotlightQueue(userID);
  const rows = all.filter((r) => r.status === 'pending');
  // The queue's replay (lib/offline/operations.ts): oldest first, one event's saves in order.
  const replay = await replayInOrder(rows, {
    resourceOf: spotlightResource,
    held: new Set(all.filter((r) => HOLDING.includes(r.status)).map(spotlightResource)),
    send: (row) => sendSpotlightRow(userID, row, deps, (saved) => outcome.sent.push(saved)),
  });
  outcome.failed = replay.failed;
  outcome.stopped = replay.kind === 'offline';
  return outcome;
}
