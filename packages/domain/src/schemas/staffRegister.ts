/**
 * The staff register (spec 002 §2 "Staff register", §3 Shift / Break / Staff / Contact, §4 "Staff
 * register", §5 "Staff register", §6, §8, §9). Shift and break times are the site's wall-clock times
 * 'HH:mm' on the shift's date (the site's zone, Europe/London for the demo).
 *
 * Every change of one shift is `POST shifts/{shiftID}/actions` guarded by the shift's version
 * (`If-Match: "<version>"` or `version` in the body): the answer is the new shift with an `ETag`;
 * a stale version answers 412 `{ err: { code: 'err-shift-changed', message, theirs } }` where
 * `theirs` is the shift as it is now (the conflict panel's "their changes").
 *
 * Check-in, check-out and a break's start and end may carry a signature (a PNG data URL, the register
 * signatures' rules); the shift answers the stored image's URL (GET shifts/{id}/signatures/{which},
 * GET shifts/{id}/breaks/{breakID}/signatures/{which}).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { BREAK_MINUTES_MAX, BREAK_MINUTES_MIN } from '../limits.ts';
import { routes } from '../routes.ts';
import { STAFF_MARK_OFF_NOTES_MAX } from '../staffRegister.ts';
import { addressFields, personNameFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate, SafeText } from './primitives.ts';
import { ClockTime } from './registers.ts';
import { SignatureDataUrl, SignatureImage } from './signatures.ts';

/** Shifts one bulk call may name (ours: a site day's register holds far fewer). */
export const STAFF_BULK_MAX = 200;
/** Timed breaks one shift may hold (ours: a bound so a saved list stays small). */
export const SHIFT_BREAKS_MAX = 20;

/** The version a change was made against: the `ETag` of the shift, a whole number from 1. */
export const ShiftVersion = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const ShiftStatus = z.object({
  id: Id,
  /** 'W' = working; every other code marks the shift off. */
  code: z.string(),
  value: z.string(),
});
export type ShiftStatus = z.infer<typeof ShiftStatus>;

/**
 * The signatures of a check-in / check-out: each the URL of its image (shiftSignaturePath), or null
 * when none was captured. A queued offline change shows its own image as a data URL until it is sent.
 */
export const ShiftSignatures = z.object({
  actualFrom: z.string().nullable(),
  actualTo: z.string().nullable(),
});
/** The signatures of a break's start / end: each the URL of its image (breakSignaturePath), or null. */
export const BreakSignatures = z.object({ timeFrom: z.string().nullable(), timeTo: z.string().nullable() });

export const ShiftBreak = z.object({
  id: Id,
  timeFrom: ClockTime,
  /** Null while the break is in progress (at most one per shift). */
  timeTo: ClockTime.nullable(),
  /** Whole minutes of a completed break (never negative); null while it runs. */
  durationMins: z.number().int().min(0).nullable(),
  signatures: BreakSignatures,
});
export type ShiftBreak = z.infer<typeof ShiftBreak>;

/** What the user may do with this shift now (the UI never re-derives role logic). */
export const ShiftPermittedActions = z.object({
  /** Set actualFrom (only while empty, status W, today). */
  checkIn: z.boolean(),
  /** Set actualTo (only when checked in and not out). */
  checkOut: z.boolean(),
  /** Start a break (checked in, not out, no break running). */
  startBreak: z.boolean(),
  /** End the running break. */
  endBreak: z.boolean(),
  /** Open the breaks modal and save breaks / additional minutes (the break cell is disabled otherwise). */
  editBreaks: z.boolean(),
  /** Mark off with a status other than W. */
  markOff: z.boolean(),
  undoCheckIn: z.boolean(),
  undoCheckOut: z.boolean(),
  undoMarkOff: z.boolean(),
  /** Change actualFrom / actualTo directly (updateShiftCheckInOutTime when amendments are restricted). */
  amendTimes: z.boolean(),
  /** The row may be selected for a bulk action (status W; "no conflict" is the client's to add). */
  bulk: z.boolean(),
});
export type ShiftPermittedActions = z.infer<typeof ShiftPermittedActions>;

export const ShiftState = z.enum(['due', 'in', 'out', 'off']);
export type ShiftState = z.infer<typeof ShiftState>;

export const Shift = z.object({
  id: Id,
  staffID: Id,
  siteID: Id,
  roomID: Id.nullable(),
  /** The room's name, null when the shift has no room. */
  room: z.string().nullable(),
  date: IsoDate,
  timeFrom: ClockTime,
  timeTo: ClockTime,
  actualFrom: ClockTime.nullable(),
  actualTo: ClockTime.nullable(),
  /** Sorted by timeFrom, timeTo, id. */
  breaks: z.array(ShiftBreak),
  /** The running break, if any (its running total counts up on the client from `timeFrom`). */
  activeBreak: z.object({ id: Id, timeFrom: ClockTime }).nullable(),
  additionalMins: z.number().int().min(BREAK_MINUTES_MIN).max(BREAK_MINUTES_MAX),
  /** additionalMins + the sum of completed breaks (a running break counts nothing until it ends). */
  breakMins: z.number().int().min(0),
  statusID: Id,
  status: ShiftStatus,
  notes: z.string().nullable(),
  /** due (W, not in), in, out, off (status not W). */
  state: ShiftState,
  version: ShiftVersion,
  signatures: ShiftSignatures,
  permittedActions: ShiftPermittedActions,
});
export type Shift = z.infer<typeof Shift>;

/** A contact of a staff member (spec 002 §3 Contact): their own details, type 'Self'. */
export const StaffContact = z.object({
  ...personNameFields,
  type: z.string(),
  telhome: z.string().nullable(),
  telmob: z.string().nullable(),
  telwork: z.string().nullable(),
  email: z.string().nullable(),
  ...addressFields,
});
export type StaffContact = z.infer<typeof StaffContact>;

/** A staff member on the register with the details pane's profile, roles and contacts. */
export const StaffRegisterMember = z.object({
  id: Id,
  personID: Id,
  forename: z.string(),
  surname: z.string(),
  /** The letter the All staff tab groups by (the surname's first letter, upper case). */
  initial: z.string(),
  /** 'Forename Surname'. */
  display: z.string(),
  hasImage: z.boolean(),
  profile: z.object({
    jobTitle: z.string().nullable(),
    biography: z.string().nullable(),
    homeSiteID: Id,
    roomID: Id.nullable(),
    startDate: IsoDate.nullable(),
  }),
  /** Role names, alphabetical. */
  roles: z.array(z.string()),
  /** Shown to managers (checkInOtherStaff or markOffStaff) and to the member themself; empty otherwise. */
  contacts: z.array(StaffContact),
  /** This member's shifts at the site on the date, by timeFrom. */
  shifts: z.array(Shift),
});
export type StaffRegisterMember = z.infer<typeof StaffRegisterMember>;

/** What the user may do on this register as a whole. */
export const StaffRegisterPermittedActions = z.object({
  /** Check in / out other staff (checkInOtherStaff): the check-in and check-out buttons. */
  checkInOthers: z.boolean(),
  /** Check in / out own shifts (checkInSelf or checkInOtherStaff). */
  checkInSelf: z.boolean(),
  markOff: z.boolean(),
  /** Rows may be selected (checkInOtherStaff or markOffStaff). */
  selectRows: z.boolean(),
  /** Bulk check-in / check-out / mark-off of status-W shifts. */
  bulk: z.boolean(),
  /** Shift times may be amended (false when restricted and without updateShiftCheckInOutTime). */
  amendTimes: z.boolean(),
});
export type StaffRegisterPermittedActions = z.infer<typeof StaffRegisterPermittedActions>;

export const StaffRegisterParams = z.object({ siteID: IdParam });
export const StaffRegisterQuery = z.object({
  /** The register's date; today at the site when absent. */
  date: IsoDate.optional(),
});

export const StaffRegisterAnswer = z.object({
  siteID: Id,
  date: IsoDate,
  /** Today at the site. */
  today: IsoDate,
  /** When the server read the register (the offline copy's "retrieved: {time}"). */
  fetchedAt: Instant,
  /** The site's rooms in their order (the Times tab's groups). */
  rooms: z.array(z.object({ id: Id, name: z.string() })),
  /** Staff of the site (and anyone with a shift there that day), by surname, forename, id. */
  staff: z.array(StaffRegisterMember),
  /** Every enabled shift status, in order. */
  shiftStatuses: z.array(ShiftStatus),
  /** The mark-off modal's choices: every enabled status except code W. */
  markOffStatuses: z.array(ShiftStatus),
  /** The signed-in user's staff id, and whether they have a shift here on the date. */
  viewer: z.object({ staffID: Id, assignedToday: z.boolean() }),
  permittedActions: StaffRegisterPermittedActions,
});
export type StaffRegisterAnswer = z.infer<typeof StaffRegisterAnswer>;

export const getStaffRegister = defineRoute({
  ...routes.getStaffRegister,
  summary: 'The staff register of a site on a date: staff, shifts, breaks, statuses and what the user may do',
  tags: ['staff-register'],
  params: StaffRegisterParams,
  querystring: StaffRegisterQuery,
  response: { 200: StaffRegisterAnswer },
});

export const ShiftParams = z.object({ shiftID: IdParam });

export const ShiftAnswer = z.object({ shift: Shift });
export type ShiftAnswer = z.infer<typeof ShiftAnswer>;

export const getShift = defineRoute({
  ...routes.getShift,
  summary: 'One shift as it is now (with an ETag of its version)',
  tags: ['staff-register'],
  params: ShiftParams,
  response: { 200: ShiftAnswer },
});

/** A break as the breaks modal saves it: an existing id, or null for a new one. */
export const BreakInput = z.object({
  id: Id.nullable(),
  timeFrom: ClockTime,
  timeTo: ClockTime.nullable(),
});
export type BreakInput = z.infer<typeof BreakInput>;

/** Additional minutes as sent: a whole number 0-1440, or null for an empty input (= 0). */
export const AdditionalMinutes = z.number().int().min(BREAK_MINUTES_MIN).max(BREAK_MINUTES_MAX).nullable();

/** One change of a shift. `version` may stand in for the If-Match header. */
/** A signature confirming a live time (spec 002 §2, §3): optional, a PNG data URL. */
const TimeSignature = SignatureDataUrl.optional();

export const ShiftAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('checkIn'),
    time: ClockTime,
    signature: TimeSignature,
    version: ShiftVersion.optional(),
  }),
  z.object({
    action: z.literal('checkOut'),
    time: ClockTime,
    signature: TimeSignature,
    version: ShiftVersion.optional(),
  }),
  z.object({
    action: z.literal('startBreak'),
    time: ClockTime,
    signature: TimeSignature,
    version: ShiftVersion.optional(),
  }),
  z.object({
    action: z.literal('endBreak'),
    time: ClockTime,
    signature: TimeSignature,
    version: ShiftVersion.optional(),
  }),
  /** The breaks modal: the whole list of timed breaks (ids kept, missing ones removed) and the minutes. */
  z.object({
    action: z.literal('saveBreaks'),
    breaks: z.array(BreakInput).max(SHIFT_BREAKS_MAX),
    additionalMins: AdditionalMinutes,
    version: ShiftVersion.optional(),
  }),
  z.object({
    action: z.literal('markOff'),
    statusID: Id,
    notes: SafeText.max(STAFF_MARK_OFF_NOTES_MAX),
    version: ShiftVersion.optional(),
  }),
  z.object({
    action: z.literal('undo'),
    /** checkIn clears both times and the breaks; checkOut clears actualTo; markOff sets status W. */
    undo: z.enum(['checkIn', 'checkOut', 'markOff']),
    version: ShiftVersion.optional(),
  }),
  /** A time amendment: both actual times as they should be (actualTo needs actualFrom, not before it). */
  z.object({
    action: z.literal('amendTimes'),
    actualFrom: ClockTime.nullable(),
    actualTo: ClockTime.nullable(),
    version: ShiftVersion.optional(),
  }),
]);
export type ShiftAction = z.infer<typeof ShiftAction>;
export type ShiftActionName = ShiftAction['action'];

export const postShiftAction = defineRoute({
  ...routes.postShiftAction,
  summary:
    'Change a shift (check in / out, breaks, additional minutes, mark off, undo, amend times) against its version',
  tags: ['staff-register'],
  params: ShiftParams,
  body: ShiftAction,
  response: { 200: ShiftAnswer },
});

/** The 412 answer's details: the shift as it is now. */
export const ShiftConflictError = z.object({
  err: z.object({ code: z.literal('err-shift-changed'), message: z.string(), theirs: Shift }),
});
export type ShiftConflictError = z.infer<typeof ShiftConflictError>;

export const BulkShiftsBody = z.object({
  date: IsoDate,
  action: z.enum(['checkIn', 'checkOut', 'markOff']),
  /** checkIn / checkOut: the time for every shift. */
  time: ClockTime.optional(),
  /** markOff: the status (not W) and notes. */
  statusID: Id.optional(),
  notes: SafeText.max(STAFF_MARK_OFF_NOTES_MAX).optional(),
  /** The selected shifts with the version each was shown at (an empty list: 'Must select one staff member.'). */
  shifts: z.array(z.object({ id: Id, version: ShiftVersion })).max(STAFF_BULK_MAX),
});
export type BulkShiftsBody = z.infer<typeof BulkShiftsBody>;

export const BulkShiftsAnswer = z.object({
  /** The shifts changed, as they are now. */
  shifts: z.array(Shift),
  /**
   * Shifts not changed: `changed` (another version: `theirs` is the shift now), `not-eligible`
   * (status not W, or the action does not apply, e.g. already checked in), `not-found`.
   */
  skipped: z.array(
    z.object({
      id: Id,
      reason: z.enum(['changed', 'not-eligible', 'not-found']),
      theirs: Shift.nullable(),
    }),
  ),
});
export type BulkShiftsAnswer = z.infer<typeof BulkShiftsAnswer>;

export const postBulkShifts = defineRoute({
  ...routes.postBulkShifts,
  summary: 'Check in, check out or mark off several status-W shifts of a site day at once',
  tags: ['staff-register'],
  params: StaffRegisterParams,
  body: BulkShiftsBody,
  response: { 200: BulkShiftsAnswer },
});

/** Which signature of a shift: its check-in's or its check-out's. */
export const ShiftSignatureWhich = z.enum(['actualFrom', 'actualTo']);
/** Which signature of a break: its start's or its end's. */
export const BreakSignatureWhich = z.enum(['timeFrom', 'timeTo']);

export const ShiftSignatureParams = z.object({ shiftID: IdParam, which: ShiftSignatureWhich });
export const BreakSignatureParams = z.object({
  shiftID: IdParam,
  breakID: IdParam,
  which: BreakSignatureWhich,
});

export const getShiftSignature = defineRoute({
  ...routes.getShiftSignature,
  summary: "The PNG of a shift's check-in (actualFrom) or check-out (actualTo) signature",
  tags: ['staff-register'],
  params: ShiftSignatureParams,
  response: { 200: SignatureImage },
});

export const getBreakSignature = defineRoute({
  ...routes.getBreakSignature,
  summary: "The PNG of a break's start (timeFrom) or end (timeTo) signature",
  tags: ['staff-register'],
  params: BreakSignatureParams,
  response: { 200: SignatureImage },
});
