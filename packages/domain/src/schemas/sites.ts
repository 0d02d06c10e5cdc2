/**
 * The settings hub's Sites card (issue 29): sites, their rooms, closures and the sessions (combos)
 * they offer. Every call needs settingsSites; a site outside the user's sites is 404. A rule the
 * schema cannot state (a name taken, opening hours, an archive that would strand children) is 400
 * with the field it is about in `err.field`.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import {
  CLOSURE_REASON_MAX,
  OPENING_WEEKDAYS,
  ROOM_AGE_MAX_MONTHS,
  ROOM_CAPACITY_MAX,
  ROOM_CAPACITY_MIN,
  ROOM_NAME_MAX,
  SESSION_NAME_MAX,
  SITE_ADDRESS_LINE_MAX,
  SITE_ADDRESS_LINES,
  SITE_NAME_MAX,
  SITE_PHONE_MAX,
  SITE_POSTCODE_MAX,
} from '../sites.ts';
import { NoContent } from './auth.ts';
import { Id, IdParam, IsoDate, NonNegativeInt, SafeText } from './primitives.ts';
import { ClockTime } from './registers.ts';

export const SiteParams = z.object({ siteID: IdParam });
export const RoomParams = z.object({ siteID: IdParam, roomID: IdParam });
export const ClosureParams = z.object({ siteID: IdParam, closureID: IdParam });
export const SessionParams = z.object({ siteID: IdParam, sessionID: IdParam });

const trimmed = (max: number) =>
  SafeText.transform((s) => s.trim()).pipe(z.string().max(max, 'this-field-has-max-length-of'));
const requiredName = (max: number) =>
  SafeText.transform((s) => s.trim()).pipe(
    z.string().min(1, 'this-field-is-required').max(max, 'this-field-has-max-length-of'),
  );

export const SiteInput = z.object({
  name: requiredName(SITE_NAME_MAX),
  addressLines: z.array(trimmed(SITE_ADDRESS_LINE_MAX)).max(SITE_ADDRESS_LINES),
  postcode: trimmed(SITE_POSTCODE_MAX),
  phone: trimmed(SITE_PHONE_MAX).pipe(z.string().regex(/^[0-9 +()-]*$/, 'a phone number')),
  openingDays: z.array(z.number().int().min(1).max(7)).max(OPENING_WEEKDAYS.length * 2),
  opensAt: ClockTime,
  closesAt: ClockTime,
  registersEnabled: z.boolean(),
  staffRegistersEnabled: z.boolean(),
  /** Archived sites leave the site switcher; a site with children or staff cannot be archived. */
  archived: z.boolean().default(false),
});
export type SiteInput = z.input<typeof SiteInput>;

export const SiteSummary = z.object({
  id: Id,
  name: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  phone: z.string(),
  openingDays: z.array(z.number().int()),
  opensAt: z.string(),
  closesAt: z.string(),
  timeZone: z.string(),
  registersEnabled: z.boolean(),
  staffRegistersEnabled: z.boolean(),
  archived: z.boolean(),
  /** Rooms not archived. */
  roomCount: NonNegativeInt,
  permittedActions: z.object({ edit: z.boolean() }),
});
export type SiteSummary = z.infer<typeof SiteSummary>;

export const SiteListQuery = z.object({
  q: SafeText.pipe(z.string().max(SITE_NAME_MAX)).optional(),
  /** 'true': the archived sites too. */
  archived: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type SiteListQuery = z.input<typeof SiteListQuery>;

export const SiteList = z.object({
  sites: z.array(SiteSummary),
  nextCursor: z.string().nullable(),
  permittedActions: z.object({ add: z.boolean() }),
});
export type SiteList = z.infer<typeof SiteList>;

export const RoomInput = z.object({
  name: requiredName(ROOM_NAME_MAX),
  capacity: z
    .number()
    .int()
    .min(ROOM_CAPACITY_MIN, 'room-capacity-range')
    .max(ROOM_CAPACITY_MAX, 'room-capacity-range'),
  ageFromMonths: z.number().int().min(0).max(ROOM_AGE_MAX_MONTHS),
  ageToMonths: z.number().int().min(1).max(ROOM_AGE_MAX_MONTHS),
  sortOrder: z.number().int().min(0).max(999),
  /** Archived rooms leave the floor's pickers; a room with current children cannot be archived. */
  archived: z.boolean().default(false),
});
export type RoomInput = z.input<typeof RoomInput>;

export const RoomSummary = z.object({
  id: Id,
  name: z.string(),
  capacity: z.number().int().nullable(),
  ageFromMonths: z.number().int().nullable(),
  ageToMonths: z.number().int().nullable(),
  sortOrder: z.number().int(),
  archived: z.boolean(),
  /** Children in the room today (not left). */
  childCount: NonNegativeInt,
});
export type RoomSummary = z.infer<typeof RoomSummary>;

export const ClosureInput = z.object({
  startsOn: IsoDate,
  endsOn: IsoDate,
  reason: requiredName(CLOSURE_REASON_MAX),
});
export type ClosureInput = z.input<typeof ClosureInput>;

export const ClosureSummary = z.object({
  id: Id,
  startsOn: z.string(),
  endsOn: z.string(),
  reason: z.string(),
});
export type ClosureSummary = z.infer<typeof ClosureSummary>;

export const SessionInput = z.object({
  name: requiredName(SESSION_NAME_MAX),
  start: ClockTime,
  end: ClockTime,
  enabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(999),
});
export type SessionInput = z.input<typeof SessionInput>;

export const SessionSummary = z.object({
  id: Id,
  name: z.string(),
  start: z.string(),
  end: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

/** One site with its rooms (archived included, flagged), closures from today on and sessions. */
export const SiteDetail = z.object({
  site: SiteSummary,
  rooms: z.array(RoomSummary),
  closures: z.array(ClosureSummary),
  sessions: z.array(SessionSummary),
});
export type SiteDetail = z.infer<typeof SiteDetail>;

const meta = { tags: ['settings'] };

export const listSites = defineRoute({
  ...routes.listSites,
  ...meta,
  summary: "The user's sites by name, searched and paged by cursor (settingsSites)",
  querystring: SiteListQuery,
  response: { 200: SiteList },
});
export const createSite = defineRoute({
  ...routes.createSite,
  ...meta,
  summary: 'Add a site; its creator may work at it (settingsSites); 400 err-site-name-taken, err-site-hours',
  body: SiteInput,
  response: { 201: SiteSummary },
});
export const getSite = defineRoute({
  ...routes.getSite,
  ...meta,
  summary: 'A site with its rooms, closures and sessions (settingsSites)',
  params: SiteParams,
  response: { 200: SiteDetail },
});
export const updateSite = defineRoute({
  ...routes.updateSite,
  ...meta,
  summary:
    'Change, archive or restore a site (settingsSites); 400 err-site-name-taken, err-site-hours, err-site-has-children, err-site-has-staff',
  params: SiteParams,
  body: SiteInput,
  response: { 200: SiteSummary },
});
export const createRoom = defineRoute({
  ...routes.createRoom,
  ...meta,
  summary: 'Add a room to a site (settingsSites); 400 err-room-name-taken, err-room-ages',
  params: SiteParams,
  body: RoomInput,
  response: { 201: RoomSummary },
});
export const updateRoom = defineRoute({
  ...routes.updateRoom,
  ...meta,
  summary:
    'Change, archive or restore a room (settingsSites); 400 err-room-name-taken, err-room-ages, err-room-has-children',
  params: RoomParams,
  body: RoomInput,
  response: { 200: RoomSummary },
});
export const createClosure = defineRoute({
  ...routes.createClosure,
  ...meta,
  summary: 'Close a site on a day or a range of days (settingsSites); 400 err-closure-dates',
  params: SiteParams,
  body: ClosureInput,
  response: { 201: ClosureSummary },
});
export const deleteClosure = defineRoute({
  ...routes.deleteClosure,
  ...meta,
  summary: 'Remove a closure (settingsSites)',
  params: ClosureParams,
  response: { 204: NoContent },
});
export const createSession = defineRoute({
  ...routes.createSession,
  ...meta,
  summary:
    'Add a session (combo) the site offers (settingsSites); 400 err-session-name-taken, err-session-times',
  params: SiteParams,
  body: SessionInput,
  response: { 201: SessionSummary },
});
export const updateSession = defineRoute({
  ...routes.updateSession,
  ...meta,
  summary:
    'Change, enable or disable a session (settingsSites); 400 err-session-name-taken, err-session-times',
  params: SessionParams,
  body: SessionInput,
  response: { 200: SessionSummary },
});
