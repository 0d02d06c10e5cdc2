/**
 * The rules of the staff register's queue of shift changes (spec 002 §4 "Saving and offline", "Staff
 * register"), as pure functions over its entries in the order made; pendingShiftStore.ts keeps them on
 * the device and replayPending.ts sends them. Choices the spec leaves open: docs/decisions.md
 * "Issue 18: staff register offline and signatures".
 */
import type { Shift } from '@nursery/domain/registers';
import type { ShiftChange, ShiftConflict } from '../changeTypes';

export interface PendingShiftEntry {
  change: ShiftChange;
  /** The shift as the server had it when it refused the change as stale (412), until resolved. */
  theirs: Shift | null;
}

/** What `undo` takes back, when the change it undoes is still on the device. */
const UNDONE = { checkIn: 'checkIn', checkOut: 'checkOut', markOff: 'markOff' } as const;

/**
 * Adds a change at the end. An undo whose change has not left the device removes that change instead
 * (spec: "Undo removes them"); undoing a check-in also removes the shift's later changes (its breaks
 * and check-out need the check-in).
 */
export function queueChange(entries: readonly PendingShiftEntry[], change: ShiftChange): PendingShiftEntry[] {
  const { action } = change;
  if (action.action === 'undo') {
    const target = UNDONE[action.undo];
    let index = -1;
    entries.forEach((e, i) => {
      if (e.change.shiftID === change.shiftID && e.change.action.action === target) index = i;
    });
    if (index >= 0) {
      return entries.filter(
        (e, i) => i !== index && !(target === 'checkIn' && i > index && e.change.shiftID === change.shiftID),
      );
    }
  }
  return [...entries, { change, theirs: null }];
}

/** The version of a shift's change, as sent (the action's `version`). */
export const versionOf = (change: ShiftChange): number | undefined => change.action.version;

/** The change with the version it is sent against. */
export const atVersion = (change: ShiftChange, version: number): ShiftChange => ({
  ...change,
  action: { ...change.action, version },
});

/**
 * The server applied a change: it leaves, and the shift's later changes are sent against the version
 * the server answered (they were made on top of it).
 */
export function markApplied(
  entries: readonly PendingShiftEntry[],
  localID: string,
  shift: Shift,
): PendingShiftEntry[] {
  const applied = entries.find((e) => e.change.localID === localID);
  if (!applied) return [...entries];
  return entries
    .filter((e) => e !== applied)
    .map((e) =>
      e.change.shiftID === applied.change.shiftID && e.theirs === null
        ? { ...e, change: atVersion(e.change, shift.version) }
        : e,
    );
}

/** The server refused a change as stale: it stays with their shift until the user resolves it. */
export function markConflict(
  entries: readonly PendingShiftEntry[],
  localID: string,
  theirs: Shift,
): PendingShiftEntry[] {
  return entries.map((e) => (e.change.localID === localID ? { ...e, theirs } : e));
}

/** A change that can never apply (its shift is gone, or the server refused it): it leaves. */
export function dropChange(entries: readonly PendingShiftEntry[], localID: string): PendingShiftEntry[] {
  return entries.filter((e) => e.change.localID !== localID);
}

/**
 * The user settles a conflict. 'mine': the change is sent again against their version. 'theirs': the
 * change leaves. Either way the shift's later changes follow their version (made on top of the shift,
 * they are tried on the server's shift as it is now).
 */
export function resolveConflict(
  entries: readonly PendingShiftEntry[],
  localID: string,
  choice: 'mine' | 'theirs',
): PendingShiftEntry[] {
  const entry = entries.find((e) => e.change.localID === localID);
  if (!entry?.theirs) return [...entries];
  const { theirs } = entry;
  const out: PendingShiftEntry[] = [];
  let after = false;
  for (const e of entries) {
    if (e === entry) {
      after = true;
      if (choice === 'mine') out.push({ change: atVersion(e.change, theirs.version), theirs: null });
      continue;
    }
    const later = after && e.change.shiftID === entry.change.shiftID && e.theirs === null;
    out.push(later ? { ...e, change: atVersion(e.change, theirs.version) } : e);
  }
  return out;
}

/** The changes waiting to be sent (not in conflict), in the order made. */
export const pendingOf = (entries: readonly PendingShiftEntry[]): ShiftChange[] =>
  entries.filter((e) => e.theirs === null).map((e) => e.change);

/** The conflicts waiting for the user's choice, in the order made. */
export const conflictsOf = (entries: readonly PendingShiftEntry[]): ShiftConflict[] =>
  entries.flatMap((e) => (e.theirs ? [{ change: e.change, theirs: e.theirs }] : []));
