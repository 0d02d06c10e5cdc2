/**
 * The two-year progress check rules of spec 000 §5 as one pure decision: the child must be 22 to 36
 * months old at the event date, a child has one check only (an existing one, in progress or
 * finished, is linked), and the check cannot be saved offline.
 */
import { isCalendarDate, type MessageKey, twoYearCheckWindow } from '@nursery/domain/common';
import { offlineRefusal } from '@nursery/domain/offline';

export interface TwoYearEventLike {
  id: number;
  codeID: number;
  statusID: number;
  childID: number | null;
}

export interface StatusFlags {
  id: number;
  deleted: boolean;
  /** Draft and Pending: the work is not done yet. */
  incomplete: boolean;
}

/** Where the look-up for an existing check stands. */
export type ExistingLookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'failed' }
  | { state: 'done'; events: readonly TwoYearEventLike[] };

export interface TwoYearInput {
  /** The selected code is the two-year check. */
  isTwoYear: boolean;
  childIDs: readonly number[];
  /** The selected child's date of birth (YYYY-MM-DD...), null when unknown. */
  dob: string | null;
  /** The event date, YYYY-MM-DD. */
  date: string;
  lookup: ExistingLookup;
  /** Every code id of the type that is a two-year check. */
  twoYearCodeIDs: readonly number[];
  /** The event being edited (never its own duplicate). */
  editingID: number | null;
  statuses: readonly StatusFlags[];
}

export type TwoYearDecision =
  | { kind: 'none'; blocksSave: false }
  | { kind: 'checking'; blocksSave: true }
  | { kind: 'lookup-failed'; blocksSave: false }
  | { kind: 'ok'; blocksSave: false }
  | { kind: 'invalid-age'; blocksSave: true; key: MessageKey; ageMonths: number }
  | { kind: 'offline'; blocksSave: true; key: MessageKey }
  | { kind: 'existing'; blocksSave: true; key: MessageKey; eventID: number; finished: boolean };

/**
 * The existing checks of the child that count: two-year code, not this event, not deleted. A check is
 * finished unless its status is incomplete (Draft, Pending): Published and Archived both finish it, as
 * the server's check says (apps/server/src/modules/events/save-rules.ts, checkTwoYear).
 */
export function existingChecks(
  events: readonly TwoYearEventLike[],
  opts: {
    childID: number;
    twoYearCodeIDs: readonly number[];
    editingID: number | null;
    statuses: readonly StatusFlags[];
  },
): { event: TwoYearEventLike; finished: boolean }[] {
  const byID = new Map(opts.statuses.map((s) => [s.id, s]));
  return events
    .filter(
      (e) =>
        e.childID === opts.childID &&
        opts.twoYearCodeIDs.includes(e.codeID) &&
        e.id !== opts.editingID &&
        byID.get(e.statusID)?.deleted !== true,
    )
    .map((event) => ({ event, finished: byID.get(event.statusID)?.incomplete !== true }));
}

/**
 * The decision, most basic problem first: the child's age (known without the network), then being
 * offline, then an existing check (a finished one is reported before one in progress).
 */
export function twoYearDecision(input: TwoYearInput): TwoYearDecision {
  if (!input.isTwoYear || input.childIDs.length !== 1) return { kind: 'none', blocksSave: false };
  const childID = input.childIDs[0]!;
  const dob = input.dob?.slice(0, 10) ?? null;
  if (dob && isCalendarDate(dob) && isCalendarDate(input.date)) {
    const window = twoYearCheckWindow(dob, input.date);
    if (!window.inWindow) {
      return {
        kind: 'invalid-age',
        blocksSave: true,
        key: 'selected-child-invalid-twoyear',
        ageMonths: window.ageMonths,
      };
    }
  }
  switch (input.lookup.state) {
    case 'idle':
    case 'loading':
      return { kind: 'checking', blocksSave: true };
    case 'offline':
      return { kind: 'offline', blocksSave: true, key: offlineRefusal({ kind: 'two-year-check' }) };
    case 'failed':
      return { kind: 'lookup-failed', blocksSave: false };
    case 'done': {
      const found = existingChecks(input.lookup.events, {
        childID,
        twoYearCodeIDs: input.twoYearCodeIDs,
        editingID: input.editingID,
        statuses: input.statuses,
      });
      if (found.length === 0) return { kind: 'ok', blocksSave: false };
      const pick = found.find((f) => f.finished) ?? found[0]!;
      return {
        kind: 'existing',
        blocksSave: true,
        key: pick.finished ? 'twoyear-finished' : 'twoyear-in-progress',
        eventID: pick.event.id,
        finished: pick.finished,
      };
    }
  }
}
