// The medication record's reads (issue 31): `medicationEvent(id)`, one record as the form loads it, and
// `medicationSetup(siteID, childID)`, what the form needs to start. The save is in save.ts.
import { formatTime, SITE_TIME_ZONE_DEFAULT, todayInZone } from '@nursery/domain/common';
import type { MedicationRecord, MedicationSetup } from '@nursery/domain/events';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { eventRecord } from '../../lib/record-audit.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import { loadProviderFlags } from '../config/index.ts';
import { loadEventPolicy, visibleEventById } from '../events/index.ts';
import {
  isMedicationEvent,
  medicationTypeOf,
  newRecordStatuses,
  permittedActions,
  requireMedication,
} from './policy.ts';
import { medicationRecordView } from './presenter.ts';
import {
  childRecord,
  contactsOfChild,
  medicationOf,
  recentDoses,
  signaturesOf,
  siteSigners,
} from './queries.ts';

/** The doses the interval check looks back over. */
const RECENT_DOSES_HOURS = 48;

/** The policy and flags of the user, after the permission check (403 without enableEvents). */
export async function medicationAccess(deps: AppDeps, auth: AuthContext) {
  const [policy, flags] = await Promise.all([
    loadEventPolicy(deps.db, auth.providerId, auth.staffId),
    loadProviderFlags(deps.db, auth.providerId),
  ]);
  requireMedication(auth, flags);
  return { policy, flags };
}

/** medicationEvent: 404 unless a medication record the user may see (THE visibility rule). */
export async function medicationEvent(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
): Promise<MedicationRecord> {
  const { db } = deps;
  const { policy } = await medicationAccess(deps, auth);
  const e =
    id > 0 ? await visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), id) : undefined;
  if (!e || !isMedicationEvent(policy, e) || e.childId === null) throw notFound('Event not found.');
  const [medication, signatures] = await Promise.all([
    medicationOf(db, auth.providerId, e.id),
    signaturesOf(db, auth.providerId, e.id),
  ]);
  await deps.readAudit.read(auth, [eventRecord(e)], deps.clock.now());
  const hasConsent = signatures.some((s) => s.signatureType === 'Consent');
  return medicationRecordView(e, medication, signatures, permittedActions(auth, policy, e, hasConsent));
}

/** medicationSetup: the site's signers and codes; with a child, their contacts, record and recent doses. */
export async function medicationSetup(
  deps: AppDeps,
  auth: AuthContext,
  siteID: number | null | undefined,
  childID: number | null | undefined,
): Promise<MedicationSetup> {
  const { db } = deps;
  const siteId = siteID ?? auth.siteId;
  if (siteId == null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
  if (!mayUseSite(auth, siteId)) throw notFound('Site not found.');
  const { policy } = await medicationAccess(deps, auth);
  const now = deps.clock.now();
  const child = childID ? await childRecord(db, auth.providerId, childID) : undefined;
  if (childID && (!child || !mayUseSite(auth, child.siteID))) throw notFound('Child not found.');
  const type = medicationTypeOf(policy);
  const saveAs = type ? newRecordStatuses(policy, type.id) : [];
  const since = new Date(now.getTime() - RECENT_DOSES_HOURS * 3_600_000);
  const [staff, contacts, doses] = await Promise.all([
    siteSigners(db, auth.providerId, siteId, now),
    child ? contactsOfChild(db, auth.providerId, child.id) : [],
    child && type
      ? recentDoses(db, auth.providerId, child.id, type.id, since, policy.visibility(auth.siteIds))
      : [],
  ]);
  if (child) await deps.readAudit.read(auth, [{ type: 'child', id: child.id, childId: child.id }], now);
  return {
    siteID: siteId,
    typeID: type?.id ?? null,
    codes: (type?.codes ?? []).filter((c) => c.enabled).map((c) => ({ id: c.id, value: c.value })),
    canAdd: saveAs.length > 0,
    saveAs,
    staff,
    child: child ?? null,
    contacts,
    recentDoses: doses,
  };
}

/** The date and time of an instant in the site's zone, as the form's rules read them. */
export const localDateTime = (at: Date, zone: string | undefined) => ({
  date: todayInZone(at, zone ?? SITE_TIME_ZONE_DEFAULT),
  time: formatTime(at, zone ?? SITE_TIME_ZONE_DEFAULT),
});
