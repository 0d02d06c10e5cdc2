/**
 * The settings' Children page and the Bookings page (issue 29): a child's record (names, dates, site and
 * room, key person, flags, allergies, dietary needs, medical notes, photo consent), archiving and
 * restoring it, and its booking patterns (a site session on chosen weekdays, every 1 or 2 weeks, from a
 * date, optionally to a date), which the registers read as bookings. Every call needs settingsChildren;
 * a child at none of the user's sites is 404. Field rules: childRecord.ts (400 err-invalid-field, `field`).
 */
import { z } from 'zod';
import {
  CHILD_GENDERS,
  CHILD_LIST_STATUSES,
  CHILD_NAME_MAX,
  CHILD_NOTES_MAX,
  PATTERN_INTERVALS,
  PATTERN_STATUSES,
} from '../childRecord.ts';
import { PHOTO_CONSENTS } from '../children.ts';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { NoContent } from './auth.ts';
import { ChildContact } from './children.ts';
import { personCardFields } from './personFields.ts';
import { Id, IdParam, IsoDate, SafeText } from './primitives.ts';

export const ChildRecordParams = z.object({ childID: IdParam });
export const BookingPatternParams = z.object({ patternID: IdParam });

/** The list's filters and the next page's cursor (opaque, from `next`). */
export const ChildRecordQuery = z.object({
  siteID: IdParam.optional(),
  roomID: IdParam.optional(),
  status: z.enum(CHILD_LIST_STATUSES).default('current'),
  search: SafeText.max(CHILD_NAME_MAX * 2 + 1).optional(),
  cursor: z.string().max(400).optional(),
});

export const ChildRecordSummary = z.object({
  ...personCardFields,
  dob: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  siteID: Id,
  roomID: Id.nullable(),
  status: z.enum(CHILD_LIST_STATUSES),
});
export type ChildRecordSummary = z.infer<typeof ChildRecordSummary>;

export const ChildRecordList = z.object({
  children: z.array(ChildRecordSummary),
  /** Pass as `cursor` for the next page; null on the last. */
  next: z.string().nullable(),
  permittedActions: z.object({ add: z.boolean() }),
});
export type ChildRecordList = z.infer<typeof ChildRecordList>;

const Notes = SafeText.max(CHILD_NOTES_MAX * 2)
  .nullable()
  .default(null);
const Name = SafeText.max(CHILD_NAME_MAX * 4);

/** Add or change a child: every field (the form sends the whole record). */
export const ChildRecordInput = z.object({
  forename: Name,
  surname: Name,
  dob: z.string().max(10),
  startDate: z.string().max(10),
  endDate: z.string().max(10).nullable().default(null),
  siteID: Id,
  roomID: Id.nullable(),
  gender: z.enum(CHILD_GENDERS).nullable().default(null),
  keyPersonID: Id.nullable().default(null),
  eal: z.boolean().default(false),
  eypp: z.boolean().default(false),
  send: z.boolean().default(false),
  twoYearFunded: z.boolean().default(false),
  allergies: Notes,
  dietaryNeeds: Notes,
  medicalNotes: Notes,
  photoConsent: z.enum(PHOTO_CONSENTS).default('notAsked'),
});
export type ChildRecordInput = z.input<typeof ChildRecordInput>;
export type ChildRecordFields = z.output<typeof ChildRecordInput>;

export const BookingPatternInput = z.object({
  comboID: Id,
  weekdays: z.array(z.number().int().min(1).max(7)).max(7),
  intervalWeeks: z.union(PATTERN_INTERVALS.map((n) => z.literal(n))),
  from: IsoDate,
  to: IsoDate.nullable().default(null),
});
export type BookingPatternInput = z.input<typeof BookingPatternInput>;

export const BookingPattern = z.object({
  id: Id,
  comboID: Id,
  comboName: z.string(),
  start: z.string(),
  end: z.string(),
  weekdays: z.array(z.number().int()),
  intervalWeeks: z.number().int(),
  from: z.string(),
  to: z.string().nullable(),
  status: z.enum(PATTERN_STATUSES),
});
export type BookingPattern = z.infer<typeof BookingPattern>;

export const ChildRecord = ChildRecordSummary.extend({
  gender: z.enum(CHILD_GENDERS).nullable(),
  keyPersonID: Id.nullable(),
  eal: z.boolean(),
  eypp: z.boolean(),
  send: z.boolean(),
  twoYearFunded: z.boolean(),
  allergies: z.string().nullable(),
  dietaryNeeds: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  photoConsent: z.enum(PHOTO_CONSENTS),
  archived: z.boolean(),
  patterns: z.array(BookingPattern),
  /** Read-only here: contacts are edited on the Contacts page. */
  contacts: z.array(ChildContact),
  permittedActions: z.object({ edit: z.boolean(), archive: z.boolean(), restore: z.boolean() }),
});
export type ChildRecord = z.infer<typeof ChildRecord>;

/** What the form offers: the user's sites, their rooms, staff and sessions. */
export const ChildRecordOptions = z.object({
  sites: z.array(z.object({ id: Id, name: z.string() })),
  rooms: z.array(z.object({ id: Id, name: z.string(), siteID: Id })),
  staff: z.array(z.object({ id: Id, forename: z.string(), surname: z.string(), siteIDs: z.array(Id) })),
  sessions: z.array(z.object({ id: Id, name: z.string(), start: z.string(), end: z.string(), siteID: Id })),
});
export type ChildRecordOptions = z.infer<typeof ChildRecordOptions>;

const TAGS = ['settings'];
const NEEDS = '(settingsChildren; a child at none of your sites is 404)';

export const listChildRecords = defineRoute({
  ...routes.listChildRecords,
  summary: `The children of your sites by surname, filtered and paged by cursor ${NEEDS}`,
  tags: TAGS,
  querystring: ChildRecordQuery,
  response: { 200: ChildRecordList },
});

export const childRecordOptions = defineRoute({
  ...routes.childRecordOptions,
  summary: "The child form's choices: your sites, their rooms, staff and sessions (settingsChildren)",
  tags: TAGS,
  response: { 200: ChildRecordOptions },
});

export const createChildRecord = defineRoute({
  ...routes.createChildRecord,
  summary: 'Add a child (settingsChildren); 400 err-invalid-field names the field',
  tags: TAGS,
  body: ChildRecordInput,
  response: { 201: ChildRecord },
});

export const getChildRecord = defineRoute({
  ...routes.getChildRecord,
  summary: `A child's record with its booking patterns and contacts ${NEEDS}`,
  tags: TAGS,
  params: ChildRecordParams,
  response: { 200: ChildRecord },
});

export const updateChildRecord = defineRoute({
  ...routes.updateChildRecord,
  summary: `Change a child's record ${NEEDS}; 400 err-invalid-field names the field`,
  tags: TAGS,
  params: ChildRecordParams,
  body: ChildRecordInput,
  response: { 200: ChildRecord },
});

export const archiveChildRecord = defineRoute({
  ...routes.archiveChildRecord,
  summary: `Archive a child: it leaves (leave date today unless earlier) and its later bookings go ${NEEDS}`,
  tags: TAGS,
  params: ChildRecordParams,
  response: { 200: ChildRecord },
});

export const restoreChildRecord = defineRoute({
  ...routes.restoreChildRecord,
  summary: `Restore an archived child: on roll again, without a leave date ${NEEDS}`,
  tags: TAGS,
  params: ChildRecordParams,
  response: { 200: ChildRecord },
});

export const createBookingPattern = defineRoute({
  ...routes.createBookingPattern,
  summary: `Add a booking pattern; its bookings are written up to the horizon ${NEEDS}`,
  tags: TAGS,
  params: ChildRecordParams,
  body: BookingPatternInput,
  response: { 201: BookingPattern },
});

export const updateBookingPattern = defineRoute({
  ...routes.updateBookingPattern,
  summary: `Change a booking pattern: its bookings from today on without attendance are rewritten ${NEEDS}`,
  tags: TAGS,
  params: BookingPatternParams,
  body: BookingPatternInput,
  response: { 200: BookingPattern },
});

export const deleteBookingPattern = defineRoute({
  ...routes.deleteBookingPattern,
  summary: `Remove a booking pattern and its bookings from today on without attendance ${NEEDS}`,
  tags: TAGS,
  params: BookingPatternParams,
  response: { 204: NoContent },
});
