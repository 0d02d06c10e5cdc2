/**
 * Sends the device's shift changes of a site day (spec 002 §4 "Saving and offline", "Staff register"),
 * one `POST shifts/{id}/actions` each, in the order made, each against the version it was made at
 * (or the version the server answered for the shift's previous change, shiftQueue.markApplied):
 * - applied: the change leaves the device;
 * - 412 err-shift-changed: it stays with their shift (a conflict for the user), and the shift's later
 *   changes wait behind it;
 * - 404: the shift is gone; the change leaves with the report 'Shift not found: {id}';
 * - another refusal (400, 403, 409): it can never apply; it leaves with the server's message;
 * - no answer (offline, the server unavailable or busy): the replay stops, everything stays.
 */
import { formatMessage } from '@nursery/domain/common';
import type { Shift, ShiftAction } from '@nursery/domain/registers';
import { isApiError } from '../../../lib/api';
import { replayInOrder, type SendResult } from '../../../lib/offline/operations';
import { staffRegisterApi } from '../api';
import type { ShiftChange, ShiftConflict } from '../changeTypes';
import { readShiftQueue, updateShiftQueue } from './pendingShiftStore';
import {
  conflictsOf,
  dropChange,
  markApplied,
  markConflict,
  type PendingShiftEntry,
  pendingOf,
} from './shiftQueue';

export interface DroppedChange {
  change: ShiftChange;
  /** What the user is told: 'Shift not found: {id}', or the server's refusal. */
  message: string;
}

export interface ReplayOutcome {
  /** Changes the server applied. */
  sent: number;
  /** Every conflict now waiting for the user (earlier ones and those of this replay). */
  conflicts: ShiftConflict[];
  /** Changes dropped because their shift no longer exists (404). */
  notFound: DroppedChange[];
  /** Changes dropped because the server refused them for good (400, 403, 409). */
  refused: DroppedChange[];
  /** The replay stopped without an answer (offline, server unavailable): the rest waits. */
  stopped: boolean;
  /** The changes still waiting to be sent. */
  pending: ShiftChange[];
}

/** Statuses that will not change by sending again later: the change is dropped with its reason. */
const FINAL_REFUSALS = new Set([400, 403, 409, 422]);

/**
 * The action as the server takes it: a break made on the device has a negative id (applyPending.ts)
 * that the server never knew, so the breaks modal's list names it as new (null).
 */
export function sendable(action: ShiftAction): ShiftAction {
  if (action.action !== 'saveBreaks' || action.breaks.every((b) => b.id === null || b.id > 0)) return action;
  return {
    ...action,
    breaks: action.breaks.map((b) => (b.id !== null && b.id <= 0 ? { ...b, id: null } : b)),
  };
}

function theirsOf(error: unknown): Shift | null {
  if (!isApiError(error, 412)) return null;
  const theirs = error.details.theirs;
  return typeof theirs === 'object' && theirs !== null ? (theirs as Shift) : null;
}

/** The queue's resource of a change: its shift. */
export const shiftResource = (change: ShiftChange) => `shift:${change.shiftID}`;

/** What one change's send came to (the loop's sender and replayPending tell the screen from it). */
export type ShiftSend =
  | { result: 'applied'; change: ShiftChange }
  | { result: 'conflict'; change: ShiftChange }
  | { result: 'notFound' | 'refused'; dropped: DroppedChange }
  /** Not on the device any more (sent or undone meanwhile), or in conflict: nothing sent. */
  | { result: 'gone' }
  /** No answer (offline, the server unavailable or busy): it stays, and the pass stops. */
  | { result: 'offline' };

/** The queue's result of a change's send: a change that left for good (404, refused) holds nothing. */
export function sendResultOf(send: ShiftSend): SendResult {
  if (send.result === 'offline') return 'offline';
  return send.result === 'conflict' ? 'conflict' : 'done';
}

/**
 * Sends one change kept on the device and writes what it came to. The site day's queue is read
 * again for it: versions move with each answer (markApplied rebases the shift's later changes).
 */
export async function sendShiftChange(
  userID: number,
  siteID: number,
  date: string,
  localID: string,
): Promise<ShiftSend> {
  const entry = (await readShiftQueue(userID, siteID, date)).find((e) => e.change.localID === localID);
  if (!entry || entry.theirs !== null) return { result: 'gone' };
  const write = (change: (list: PendingShiftEntry[]) => PendingShiftEntry[]) =>
    updateShiftQueue(userID, siteID, date, change);
  const { change } = entry;
  try {
    const { shift } = await staffRegisterApi.act(change.shiftID, sendable(change.action));
    await write((list) => markApplied(list, localID, shift));
    return { result: 'applied', change };
  } catch (error) {
    const theirs = theirsOf(error);
    if (theirs) {
      await write((list) => markConflict(list, localID, theirs));
      return { result: 'conflict', change };
    }
    if (isApiError(error, 404)) {
      await write((list) => dropChange(list, localID));
      const message = formatMessage('shift-not-found', { id: change.shiftID });
      return { result: 'notFound', dropped: { change, message } };
    }
    if (isApiError(error) && FINAL_REFUSALS.has(error.status)) {
      await write((list) => dropChange(list, localID));
      return { result: 'refused', dropped: { change, message: error.message } };
    }
    return { result: 'offline' };
  }
}

/**
 * Sends the queue of a site day in one pass; never throws (a failure is in the outcome). The one
 * loop sends the kind change by change (shiftQueueRunner.ts) with the same sendShiftChange.
 */
export async function replayPending(userID: number, siteID: number, date: string): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = {
    sent: 0,
    conflicts: [],
    notFound: [],
    refused: [],
    stopped: false,
    pending: [],
  };
  const entries = await readShiftQueue(userID, siteID, date);
  // The queue's replay (lib/offline/operations.ts): each change in the order made, one shift's changes
  // in order, a shift in conflict holding its later changes.
  const resource = new Map(entries.map((e) => [e.change.localID, shiftResource(e.change)]));
  const replay = await replayInOrder(
    entries.filter((e) => e.theirs === null).map((e) => e.change.localID),
    {
      resourceOf: (localID) => resource.get(localID) ?? localID,
      held: new Set(entries.filter((e) => e.theirs !== null).map((e) => shiftResource(e.change))),
      send: async (localID) => {
        const sent = await sendShiftChange(userID, siteID, date, localID);
        if (sent.result === 'applied') outcome.sent += 1;
        if (sent.result === 'notFound') outcome.notFound.push(sent.dropped);
        if (sent.result === 'refused') outcome.refused.push(sent.dropped);
        return sendResultOf(sent);
      },
    },
  );
  const left = await readShiftQueue(userID, siteID, date);
  outcome.stopped = replay.kind === 'offline';
  outcome.conflicts = conflictsOf(left);
  outcome.pending = pendingOf(left);
  return outcome;
}
