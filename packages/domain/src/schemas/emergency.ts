/**
 * The emergency contacts list (spec 002 §2 "Other screens: Emergency contacts", §3 Contact and Child,
 * §6 `viewChildContacts`, §8 Registers). One answer for the whole site: the screen filters by room on
 * the device, so 'show all at site' and the room filter work offline from the one cached copy.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { childAvatarFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate } from './primitives.ts';

export const EmergencyParams = z.object({ siteID: IdParam });

/** One emergency contact of a child (child_contacts.emergency), by the child's priority order. */
export const EmergencyContact = z.object({
  contactID: Id,
  forename: z.string(),
  surname: z.string(),
  /** Relationship to the child ('Mother', 'Grandfather', ...), when recorded. */
  relationship: z.string().nullable(),
  telmob: z.string().nullable(),
  telhome: z.string().nullable(),
  telwork: z.string().nullable(),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/**
 * The flags shown beside a child (docs/decisions.md "Emergency contacts"): `exceptions` are the
 * child's recorded needs (SEND, dietary, allergy or medical attributes) as labels; `reminders` counts
 * the child's open reminders (task events not archived or deleted, due today or later or undated);
 * `accidents` counts the child's accidents recorded today at the site (not deleted).
 */
export const EmergencyFlags = z.object({
  exceptions: z.array(z.string()),
  reminders: z.number().int().min(0),
  accidents: z.number().int().min(0),
});
export type EmergencyFlags = z.infer<typeof EmergencyFlags>;

export const EmergencyChild = z.object({
  ...childAvatarFields,
  flags: EmergencyFlags,
  /** Empty: the screen says 'No known contacts'. */
  contacts: z.array(EmergencyContact),
});
export type EmergencyChild = z.infer<typeof EmergencyChild>;

export const EmergencyAnswer = z.object({
  siteID: Id,
  /** Today at the site. */
  today: IsoDate,
  /** When the server read the list (the screen's 'fetched … ago' and its 8-hour warning). */
  fetchedAt: Instant,
  /** The site's current children (started, not left), by surname, forename, id. */
  children: z.array(EmergencyChild),
});
export type EmergencyAnswer = z.infer<typeof EmergencyAnswer>;

export const getEmergencyContacts = defineRoute({
  ...routes.getEmergencyContacts,
  summary: "The emergency contacts of a site's current children, with their flags",
  tags: ['emergency'],
  params: EmergencyParams,
  response: { 200: EmergencyAnswer },
});
