/**
 * The shape shared by the screen and the offline queue: a change the user made to a shift, and a
 * conflict (the server's shift moved on since the change was made: spec 002 §2 "Conflict panel").
 */
import type { Shift, ShiftAction } from '@nursery/domain/registers';

/** One change of one shift as the user made it, with the version of the shift it was made against. */
export interface ShiftChange {
  /** A local id (queue order and React keys). */
  localID: string;
  siteID: number;
  date: string;
  shiftID: number;
  /** The action with `version` set to the version the user saw. */
  action: ShiftAction;
  /** The shift as the user saw it when making the change (the "my changes" side's before). */
  before: Shift;
  /** When the change was made (ms since epoch, the injectable clock). */
  madeAt: number;
}

/** A change the server refused because the shift changed meanwhile (412 err-shift-changed). */
export interface ShiftConflict {
  change: ShiftChange;
  /** The shift as the server has it now. */
  theirs: Shift;
}

/** How the user settles a conflict: resend mine against their version, or keep theirs (drop mine). */
export type ConflictChoice = 'mine' | 'theirs';
