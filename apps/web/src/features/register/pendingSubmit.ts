/**
 * How the register kind of the device's queue is sent (spec 002 §4 "Saving and offline"): the one
 * place `PUT api/v1/bookings` is called (sendBookings), for the changes kept on the device
 * (submitPending: every entry without a conflict, at most 500 a call; what the server applied leaves
 * the device, what it answered with a conflict stays with the conflict for #/conflict) and for an
 * online save (saveRegisterChanges: sent at once, only its conflicts are kept). A conflict whose server
 * times already are the change's (another tab sent it) is no conflict and leaves too.
 */
import type { RegisterConflict, RegisterUpdate, RegisterUpdatesAnswer } from '@nursery/domain/registers';
import { registerApi } from './api';
import { type RegisterPendingEntry, readPending, readSiteQueue, updatePending } from './pendingStore';
import { bookingKey } from './registerView';

const CHUNK = 500;

export interface SubmitOutcome {
  /** The entries left on the device (conflicts, and changes made while the call was out). */
  entries: RegisterPendingEntry[];
  sent: number;
  conflicts: number;
  sessions: RegisterUpdatesAnswer['sessions'];
}

export const toUpdate = (e: RegisterPendingEntry): RegisterUpdate => ({
  childID: e.childID,
  comboID: e.comboID,
  date: e.date,
  typeID: e.typeID,
  actualStart: e.actualStart,
  actualEnd: e.actualEnd,
  version: e.version,
});

/** The same change (a change made while the call was out replaces it and must stay). */
const sameChange = (a: RegisterPendingEntry, b: RegisterPendingEntry) =>
  a.actualStart === b.actualStart && a.actualEnd === b.actualEnd && a.version === b.version;

const alreadyThere = (e: RegisterPendingEntry, c: RegisterConflict) =>
  c.reason === 'changed' &&
  c.theirs !== null &&
  c.theirs.actualStart === e.actualStart &&
  c.theirs.actualEnd === e.actualEnd;

/**
 * Sends the updates in calls of at most 500: the sessions applied and the conflicts answered, as one
 * answer. Throws the call's error (offline, server unavailable, a refusal).
 */
export async function sendBookings(
  siteID: number,
  updates: readonly RegisterUpdate[],
): Promise<RegisterUpdatesAnswer> {
  const out: RegisterUpdatesAnswer = { sessions: [], conflicts: [] };
  for (let i = 0; i < updates.length; i += CHUNK) {
    const answer = await registerApi.putBookings(siteID, updates.slice(i, i + CHUNK));
    out.sessions.push(...answer.sessions);
    out.conflicts.push(...answer.conflicts);
  }
  return out;
}

/**
 * An online save (check in or out, their undo): sent at once. The changes the server answered with a
 * conflict are kept on the device for #/conflict (spec 002 §4); `kept` is the queue after that, null
 * when nothing was kept (no conflict, or no register at hand to describe the changes). Throws the
 * call's error: nothing is kept then.
 */
export async function saveRegisterChanges(
  userID: number,
  siteID: number,
  updates: RegisterUpdate[],
  changes: readonly Omit<RegisterPendingEntry, 'conflict'>[] | null,
): Promise<{ answer: RegisterUpdatesAnswer; kept: RegisterPendingEntry[] | null }> {
  const answer = await sendBookings(siteID, updates);
  const kept =
    answer.conflicts.length > 0 && changes
      ? await keepConflicts(userID, siteID, changes, answer.conflicts)
      : null;
  return { answer, kept };
}

/**
 * Sends the entries waiting at a site in one batch (the register kind's sender on the one sync loop,
 * registerQueueRunner.ts). Throws the call's error (offline, server unavailable, a refusal): the
 * entries stay as they were.
 */
export async function submitPending(userID: number, siteID: number): Promise<SubmitOutcome> {
  // The waiting ones: not those in conflict, nor those the server refused (they wait for a retry).
  const { entries, sendable: toSend } = await readSiteQueue(userID, siteID);
  if (toSend.length === 0)
    return { entries, sent: 0, conflicts: entries.filter((e) => e.conflict).length, sessions: [] };

  const answer = await sendBookings(siteID, toSend.map(toUpdate));
  const { sessions } = answer;
  const conflicts = new Map(answer.conflicts.map((c) => [bookingKey(c), c]));
  const sent = new Map(toSend.map((e) => [bookingKey(e), e]));
  const next = await updatePending(userID, siteID, (list) =>
    list.flatMap((e) => {
      const key = bookingKey(e);
      const was = sent.get(key);
      if (!was || !sameChange(was, e)) return [e];
      const conflict = conflicts.get(key);
      return conflict && !alreadyThere(e, conflict) ? [{ ...e, conflict }] : [];
    }),
  );
  const left = next ?? (await readPending(userID, siteID));
  return {
    entries: left,
    sent: toSend.length,
    conflicts: left.filter((e) => e.conflict).length,
    sessions,
  };
}

/** Keeps the answered conflicts of an online save on the device for #/conflict (spec 002 §4). */
export function keepConflicts(
  userID: number,
  siteID: number,
  changes: readonly Omit<RegisterPendingEntry, 'conflict'>[],
  conflicts: readonly RegisterConflict[],
): Promise<RegisterPendingEntry[] | null> {
  const byKey = new Map(conflicts.map((c) => [bookingKey(c), c]));
  return updatePending(userID, siteID, (list) => {
    let out = list;
    for (const change of changes) {
      const conflict = byKey.get(bookingKey(change));
      if (!conflict || alreadyThere({ ...change, conflict }, conflict)) continue;
      out = [...out.filter((e) => bookingKey(e) !== bookingKey(change)), { ...change, conflict }];
    }
    return out;
  });
}
