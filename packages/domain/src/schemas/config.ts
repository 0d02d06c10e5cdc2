/** The app configuration sent to the client after log-in (spec 002 §3 "Config items"). */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { EVENT_TAGS } from '../eventTypes.ts';
import { PERMISSIONS } from '../permissions.ts';
import { routes } from '../routes.ts';
import { Me, UserSettings } from './me.ts';
import { Id } from './primitives.ts';
import { SessionTiming } from './sessionLock.ts';

const id = () => Id;

/**
 * Time zones already known to be valid. Building an Intl.DateTimeFormat to learn it costs ~0.1 ms, and
 * every site of every configuration answer is checked (issue 32's profile: 7 % of GET config's CPU).
 * Only valid names are kept, so the set stays within the IANA list whatever strings are checked.
 */
const knownTimeZones = new Set<string>();

export function isTimeZone(tz: string): boolean {
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
  } catch {
    return false;
  }
  knownTimeZones.add(tz);
  return true;
}

export const FlagValue = z.union([z.boolean(), z.number(), z.string(), z.null()]);
export type FlagValue = z.infer<typeof FlagValue>;

/** Feature and server flags by name (the provider's, and each site's). */
export const Flags = z.record(z.string(), FlagValue);

export const AreaConfig = z.object({ id: id(), name: z.string(), enabled: z.boolean() });
export type AreaConfig = z.infer<typeof AreaConfig>;

export const RoomConfig = z.object({ id: id(), name: z.string(), areas: z.array(AreaConfig) });
export type RoomConfig = z.infer<typeof RoomConfig>;

export const SiteConfig = z.object({
  id: id(),
  name: z.string(),
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone'),
  registersEnabled: z.boolean(),
  staffRegistersEnabled: z.boolean(),
  /** The site's own flags ({} when it has none). */
  flags: Flags,
  rooms: z.array(RoomConfig),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const EventCodeConfig = z.object({
  id: id(),
  value: z.string(),
  enabled: z.boolean(),
  /** Behaviour key ('two-year-check', 'baseline-assessment'), when the code has one. */
  key: z.string().nullable().optional(),
});
export type EventCodeConfig = z.infer<typeof EventCodeConfig>;

export const EventTypeConfig = z.object({
  id: id(),
  value: z.string(),
  tag: z.enum(EVENT_TAGS),
  canView: z.boolean(),
  enabled: z.boolean(),
  addMedia: z.boolean(),
  addPhoto: z.boolean(),
  addVideo: z.boolean(),
  canTag: z.boolean(),
  autoTag: z.boolean(),
  ownRoleIDs: z.array(z.number().int()),
  othersRoleIDs: z.array(z.number().int()),
  codes: z.array(EventCodeConfig),
});
export type EventTypeConfig = z.infer<typeof EventTypeConfig>;

export const EventStatusConfig = z.object({
  id: z.number().int(),
  value: z.string(),
  incomplete: z.boolean(),
  awaitingApproval: z.boolean(),
  deleted: z.boolean(),
  published: z.boolean(),
});
export type EventStatusConfig = z.infer<typeof EventStatusConfig>;

export const EventRoleConfig = z.object({
  id: z.number().int(),
  name: z.string().optional(),
  viewStatusIDs: z.array(z.number().int()),
  editStatusIDs: z.array(z.number().int()),
  transitionIDs: z.array(z.number().int()),
});
export type EventRoleConfig = z.infer<typeof EventRoleConfig>;

export const EventTransitionConfig = z.object({
  id: z.number().int(),
  fromStatusID: z.number().int().nullable(),
  toStatusID: z.number().int(),
});
export type EventTransitionConfig = z.infer<typeof EventTransitionConfig>;

/** Every permission name mapped to a boolean (all keys required). */
export const PermissionMapSchema = z.record(z.enum(PERMISSIONS), z.boolean());

export const NotificationMethod = z.object({ id: z.number().int(), name: z.string() });
export type NotificationMethod = z.infer<typeof NotificationMethod>;

/**
 * The profile's help, feedback and privacy links (issue 30, spec 002 §2): the server's HELP_URL,
 * FEEDBACK_URL (else a mailto: to SUPPORT_EMAIL) and PRIVACY_URL; null where the install set none (the
 * app then offers its own: the About page's privacy note, no help link).
 */
export const AppLinks = z.object({
  help: z.string().nullable(),
  feedback: z.string().nullable(),
  privacy: z.string().nullable(),
});
export type AppLinks = z.infer<typeof AppLinks>;
export const NO_APP_LINKS: AppLinks = { help: null, feedback: null, privacy: null };

export const AppConfig = z.object({
  version: z.string(),
  minVersion: z.string(),
  /** The current site, or null when the user has none selected. */
  siteID: id().nullable(),
  /** Sites the user may use, keyed by id as a string. */
  sitesByID: z.record(z.string().regex(/^[1-9]\d*$/), SiteConfig),
  eventTypes: z.array(EventTypeConfig),
  eventStatuses: z.array(EventStatusConfig),
  eventRoles: z.array(EventRoleConfig),
  eventTransitions: z.array(EventTransitionConfig),
  permissions: PermissionMapSchema,
  keyChildren: z.array(id()),
  me: Me,
  userSettings: UserSettings,
  /** Issue 30: the session's timeout, for the profile and the client's idle lock. */
  session: SessionTiming,
  notificationMethods: z.array(NotificationMethod),
  flags: Flags,
  /** Optional for an older server's answer (a device's stored copy): the app then offers its own. */
  links: AppLinks.optional(),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** GET api/v1/config: everything the app needs after log-in. */
export const getConfig = defineRoute({
  ...routes.getConfig,
  summary: 'Everything the app needs after login (spec 002 §3 config items)',
  tags: ['config'],
  response: { 200: AppConfig },
});
