// The emergency contacts list (spec 002 §2 "Emergency contacts"): the site's current children with
// their emergency contacts' phone numbers and flags. Decisions the spec leaves open are written in
// docs/decisions.md, "Emergency contacts".
import type { EmergencyAnswer } from '@nursery/domain/children';
import { addDays, type Clock, todayInZone, zonedDateTime } from '@nursery/domain/common';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { loadEventPolicy } from '../events/index.ts';
import { emergencyAnswer } from './presenter.ts';
import { emergencyChildren, emergencyContacts, emergencyExceptions, emergencySite } from './queries.ts';

export interface EmergencyDeps {
  db: Db;
  clock: Clock;
}

/** GET sites/:siteID/emergency-contacts: one of the user's sites (404 otherwise). */
export async function getEmergencyContacts(
  { db, clock }: EmergencyDeps,
  auth: AuthContext,
  siteID: number,
): Promise<EmergencyAnswer> {
  const siteId = assertSite(auth, siteID);
  const site = await emergencySite(db, auth.providerId, siteId);
  if (!site) throw notFound('Site not found.');
  const now = clock.now();
  const today = todayInZone(now, site.timeZone);
  const dayStart = zonedDateTime(today, '00:00', site.timeZone);
  const dayEnd = zonedDateTime(addDays(today, 1), '00:00', site.timeZone);
  // The counts of reminders and accidents count only events the user may see (THE visibility rule).
  const visibility = (await loadEventPolicy(db, auth.providerId, auth.staffId)).visibility(auth.siteIds);
  const [children, contacts, exceptions] = await Promise.all([
    emergencyChildren(db, auth.providerId, siteId, today, dayStart, dayEnd, visibility),
    emergencyContacts(db, auth.providerId, siteId, today),
    emergencyExceptions(db, auth.providerId, siteId, today),
  ]);
  return emergencyAnswer({ siteID: siteId, today, fetchedAt: now, children, contacts, exceptions });
}
