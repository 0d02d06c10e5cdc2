// The medication record's reads (issue 31): `medicationEvent(id)`, one record as the form loads it, and
// `medicationSetup(siteID, childID)`, what the form needs to start, and `medicationChildSetups`, its
// child part for many children (the device's preparation). The save is in save.ts.
import { formatTime, SITE_TIME_ZONE_DEFAULT, todayInZone } from '@nursery/domain/common';
import {
  MEDICATION_CHILD_SETUPS_MAX,
  type MedicationChildSetup,
  type MedicationRecord,
  type MedicationSetup,
} from '@nursery/domain/events';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { eventRecord } from '../../lib/record-audit.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
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
  childRecords,
  contactsOfChildren,
  medicationOf,
  recentDosesOfChildren,
  signaturesOf,
  siteSigners,
} from './queries.ts';

/** The doses the interval check looks back over. */
const RECENT_DOSES_HOURS = 48;

/** The policy and flags of the user, after the permission check (403 without enableEvents). */
export async function medicationAccess(deps: AppDeps, auth: AuthContext) {
  const flags = auth.providerFlags;
  const policy = await loadEventPolicy(deps.db, auth.providerId, auth.staffId);
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
  const siteId = setupSite(auth, siteID);
  const { policy } = await medicationAccess(deps, auth);
  const now = deps.clock.now();
  const type = medicationTypeOf(policy);
  const saveAs = type ? newRecordStatuses(policy, type.id) : [];
  const [staff, [forChild]] = await Promise.all([
    siteSigners(deps.db, auth.providerId, siteId, now),
    childID ? childSetups(deps, auth, policy, [childID], now) : [],
  ]);
  return {
    siteID: siteId,
    typeID: type?.id ?? null,
    codes: (type?.codes ?? []).filter((c) => c.enabled).map((c) => ({ id: c.id, value: c.value })),
    canAdd: saveAs.length > 0,
    saveAs,
    staff,
    child: forChild?.child ?? null,
    contacts: forChild?.contacts ?? [],
    recentDoses: forChild?.recentDoses ?? [],
  };
}

/**
 * medicationChildSetups: medicationSetup's child part for many children of a site at once (the device
 * prepares the form for every child at login). Any child the user may not use answers 404 for the
 * whole call, as one hidden child would for medicationSetup.
 */
export async function medicationChildSetups(
  deps: AppDeps,
  auth: AuthContext,
  siteID: number | null | undefined,
  childIDs: readonly number[],
): Promise<MedicationChildSetup[]> {
  // GraphQL checks the argument's type only (lib/graphql-fields.ts): the bounds are checked here.
  if (childIDs.length === 0 || childIDs.length > MEDICATION_CHILD_SETUPS_MAX)
    throw new AppError(
      400,
      'err-invalid-request',
      `childIDs: between 1 and ${MEDICATION_CHILD_SETUPS_MAX} children.`,
    );
  const siteId = setupSite(auth, siteID);
  const { policy } = await medicationAccess(deps, auth);
  const setups = await childSetups(deps, auth, policy, childIDs, deps.clock.now());
  if (setups.some((s) => s.child.siteID !== siteId)) throw notFound('Child not found.');
  return setups;
}

/** The site a setup is for (default: the session's): 400 without one, 404 when the user may not use it. */
function setupSite(auth: AuthContext, siteID: number | null | undefined): number {
  const siteId = siteID ?? auth.siteId;
  if (siteId == null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
  if (!mayUseSite(auth, siteId)) throw notFound('Site not found.');
  return siteId;
}

/**
 * The children's records, contacts and doses of the last RECENT_DOSES_HOURS, in the order asked (each
 * child once); 404 when one is missing or at a site the user may not use. Their reads are audited.
 */
async function childSetups(
  deps: AppDeps,
  auth: AuthContext,
  policy: Awaited<ReturnType<typeof medicationAccess>>['policy'],
  childIDs: readonly number[],
  now: Date,
): Promise<MedicationChildSetup[]> {
  const { db } = deps;
  const ids = [...new Set(childIDs)];
  const records = await childRecords(db, auth.providerId, ids);
  if (records.length !== ids.length || records.some((c) => !mayUseSite(auth, c.siteID)))
    throw notFound('Child not found.');
  const type = medicationTypeOf(policy);
  const since = new Date(now.getTime() - RECENT_DOSES_HOURS * 3_600_000);
  const [contacts, doses] = await Promise.all([
    contactsOfChildren(db, auth.providerId, ids),
    type
      ? recentDosesOfChildren(db, auth.providerId, ids, type.id, since, policy.visibility(auth.siteIds))
      : [],
  ]);
  await deps.readAudit.read(
    auth,
    ids.map((id) => ({ type: 'child' as const, id, childId: id })),
    now,
  );
  const byId = new Map(records.map((c) => [c.id, c]));
  return ids.map((id) => ({
    childID: id,
    child: byId.get(id)!,
    contacts: contacts.filter((c) => c.childID === id).map(({ childID: _, ...c }) => c),
    recentDoses: doses.filter((d) => d.childID === id).map(({ childID: _, ...d }) => d),
  }));
}

/** The date and time of an instant in the site's zone, as the form's rules read them. */
export const localDateTime = (at: Date, zone: string | undefined) => ({
  date: todayInZone(at, zone ?? SITE_TIME_ZONE_DEFAULT),
  time: formatTime(at, zone ?? SITE_TIME_ZONE_DEFAULT),
});
