/**
 * The child register (spec 002 §2 "Child register", §3 Booking / Offline register update / Mark-off,
 * §4 "Session" and "Saving and offline", §7 `GET sites/{siteID}/registers`, `PUT bookings`,
 * `POST children/{childID}/markOff`). Register times are the site's wall-clock times 'HH:mm' on the
 * register's date (the site's zone, Europe/London for the demo).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { MARK_OFF_NOTES_LIMIT } from '../register.ts';
import { routes } from '../routes.ts';
import { childAvatarFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate, SafeText } from './primitives.ts';

/** A wall-clock time of day, 'HH:mm' (00:00-23:59). */
export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:mm');
export type ClockTime = z.infer<typeof ClockTime>;

export const RegisterParams = z.object({ siteID: IdParam });
export const RegisterQuery = z.object({
  /** The register's date; today at the site when absent. A past date answers today's register. */
  date: IsoDate.optional(),
  /** True for the screen's background refresh (spec 002 §7 `background`): not logged as a view. */
  background: z.enum(['true', 'false']).optional(),
});

/** A stored signature of a session, by its type (its image at signatureImagePath). */
export const SessionSignature = z.object({ id: Id, typeID: Id, key: z.string() });
export type SessionSignature = z.infer<typeof SessionSignature>;

/** One booked session of a child on the register's date. */
export const RegisterSession = z.object({
  bookingID: Id,
  comboID: Id,
  /** The session's name ('Morning'). */
  comboName: z.string(),
  date: IsoDate,
  /** The signature type expected for the session, when any. */
  typeID: Id.nullable(),
  start: ClockTime,
  end: ClockTime,
  actualStart: ClockTime.nullable(),
  actualEnd: ClockTime.nullable(),
  roomID: Id.nullable(),
  sessionGroupID: Id.nullable(),
  markedOffCategoryID: Id.nullable(),
  markOffNotes: z.string().nullable(),
  isOff: z.boolean(),
  /** A mark-off request waits for a manager. */
  markOffRequested: z.boolean(),
  /** The row's version: an update made against another version is a conflict. */
  version: z.number().int().min(1),
  /** The day's signatures that name this session (on the register's answer; absent elsewhere). */
  signatures: z.array(SessionSignature).optional(),
});
export type RegisterSession = z.infer<typeof RegisterSession>;

/** A child on the register: what the photo tile and the side panel show, with the day's sessions. */
export const RegisterChild = z.object({
  ...childAvatarFields,
  /** The child has at least one contact (a signature needs one). */
  hasContacts: z.boolean(),
  /** Sessions by start, then by end descending. */
  sessions: z.array(RegisterSession),
});
export type RegisterChild = z.infer<typeof RegisterChild>;

export const MarkOffCategory = z.object({ id: Id, value: z.string(), code: z.string() });
export type MarkOffCategory = z.infer<typeof MarkOffCategory>;

/** What the user may do on this register (permissions as data: the screen never re-derives them). */
export const RegisterPermittedActions = z.object({
  checkIn: z.boolean(),
  /** Check-out: only on today's register. */
  checkOut: z.boolean(),
  /** Mark off with a category; without it a mark-off is a request a manager approves. */
  markOff: z.boolean(),
});
export type RegisterPermittedActions = z.infer<typeof RegisterPermittedActions>;

export const RegisterAnswer = z.object({
  siteID: Id,
  date: IsoDate,
  /** Today at the site. */
  today: IsoDate,
  /** When the server read the register (the offline copy's 'data correct as of'). */
  fetchedAt: Instant,
  children: z.array(RegisterChild),
  markOffCategories: z.array(MarkOffCategory),
  /** Mark-off notes must be given (provider flag markOffNotesRequired, on unless set false). */
  markOffNotesRequired: z.boolean(),
  permittedActions: RegisterPermittedActions,
});
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;

export const getRegister = defineRoute({
  ...routes.getRegister,
  summary: "The child register of a site on a date (today's when none or a past one is given)",
  tags: ['registers'],
  params: RegisterParams,
  querystring: RegisterQuery,
  response: { 200: RegisterAnswer },
});

/** One change of a booking's actual times (spec 002 §3 "Offline register update"). */
export const RegisterUpdate = z.object({
  childID: Id,
  comboID: Id,
  date: IsoDate,
  typeID: Id.nullable(),
  actualStart: ClockTime.nullable(),
  actualEnd: ClockTime.nullable(),
  /** The booking's version the change was made against. */
  version: z.number().int().min(1),
});
export type RegisterUpdate = z.infer<typeof RegisterUpdate>;

export const RegisterUpdatesBody = z.object({
  siteID: Id,
  updates: z.array(RegisterUpdate).min(1).max(500),
});
export type RegisterUpdatesBody = z.infer<typeof RegisterUpdatesBody>;

/**
 * An update not applied: the booking changed on the server since (`changed`, with the server's
 * session), was deleted (`deleted`) or does not exist (`not-found`).
 */
export const RegisterConflict = z.object({
  childID: Id,
  comboID: Id,
  date: IsoDate,
  reason: z.enum(['changed', 'deleted', 'not-found']),
  theirs: RegisterSession.nullable(),
});
export type RegisterConflict = z.infer<typeof RegisterConflict>;

export const RegisterUpdatesAnswer = z.object({
  /** Empty when every update was applied. */
  conflicts: z.array(RegisterConflict),
  /** The sessions as they are now, for every update applied. */
  sessions: z.array(RegisterSession.extend({ childID: Id })),
});
export type RegisterUpdatesAnswer = z.infer<typeof RegisterUpdatesAnswer>;

export const putBookings = defineRoute({
  ...routes.putBookings,
  summary: 'Check-in, check-out and their undo: new actual times of bookings, or the conflicts',
  tags: ['registers'],
  body: RegisterUpdatesBody,
  response: { 200: RegisterUpdatesAnswer },
});

export const MarkOffParams = z.object({ childID: IdParam });
export const MarkOffBody = z
  .object({
    date: IsoDate,
    comboIDs: z.array(Id).min(1).max(20),
    /** Null undoes a mark-off (with the markOff permission). */
    markOffCategoryID: Id.nullable(),
    notes: SafeText.max(MARK_OFF_NOTES_LIMIT),
    /**
     * The `version` of each session the client saw, in the order of `comboIDs` (issue 26): a session
     * whose version moved since is a 409 err-conflict with the current sessions, and nothing changes.
     * Optional (the spec's body has none): a call without it applies to whatever is stored.
     */
    versions: z.array(Id).max(20).optional(),
  })
  .refine((body) => body.versions === undefined || body.versions.length === body.comboIDs.length, {
    message: 'versions: one per comboID, in the same order.',
    path: ['versions'],
  });
export type MarkOffBody = z.infer<typeof MarkOffBody>;

export const MarkOffAnswer = z.object({
  /** marked-off / undone: applied; request-sent: a manager must approve (no markOff permission). */
  outcome: z.enum(['marked-off', 'undone', 'request-sent']),
  sessions: z.array(RegisterSession),
});
export type MarkOffAnswer = z.infer<typeof MarkOffAnswer>;

export const postMarkOff = defineRoute({
  ...routes.postMarkOff,
  summary: "Mark off a child's sessions on a date (or send the request a manager approves)",
  tags: ['registers'],
  params: MarkOffParams,
  body: MarkOffBody,
  response: { 200: MarkOffAnswer },
});
