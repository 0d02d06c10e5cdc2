/**
 * What "prepare this device for offline use" fetches for a site (issue 13), as pure rules (unit-tested
 * in preparePlan.test.ts); prepareDevice.ts runs them against the query cache.
 *
 * Per site: the site's children, frameworks, meal types and staff, the first page of the user's drafts
 * list (their own filter), the details of the editable events on that page (so Edit opens offline) and
 * the photos of the children who have one, the user's key children first. The configuration (with the
 * key children) is the shell's own query, already fetched when the preparation starts.
 */
import { childPhotoUrl } from '../children';

/** The reads that need no earlier answer: one step each. */
export const REFERENCE_STEPS = ['children', 'frameworks', 'meals', 'staff', 'drafts', 'home'] as const;
export type ReferenceStep = (typeof REFERENCE_STEPS)[number];

/** Event details prepared from the first drafts page: one page (DRAFTS_PAGE_SIZE) at most. */
export const PREPARED_EVENTS_MAX = 25;

/** Tags whose events open in Spotlight, not in the add/edit screen: nothing to prepare for Edit. */
const SPOTLIGHT_TAGS = new Set(['snapshot', 'learningStory']);

export interface PlanEvent {
  id: number;
  typeID: number;
  /** From the search with fields=cards; absent means unknown (prepared anyway). */
  editable?: boolean;
}

/**
 * Ids of the events whose details to prepare: those on the page the user may edit here, in list order,
 * leaving out Spotlight types (they open elsewhere) and unknown types; at most `max`.
 */
export function eventsToPrepare(
  events: readonly PlanEvent[],
  tagOfType: (typeID: number) => string | undefined,
  max = PREPARED_EVENTS_MAX,
): number[] {
  const ids: number[] = [];
  for (const event of events) {
    if (ids.length >= max) break;
    if (event.editable === false) continue;
    const tag = tagOfType(event.typeID);
    if (tag === undefined || SPOTLIGHT_TAGS.has(tag)) continue;
    if (!ids.includes(event.id)) ids.push(event.id);
  }
  return ids;
}

export interface PlanChild {
  id: number;
  hasImage: boolean;
}

/** Ids of the children whose photo to cache: those with one, the user's key children first. */
export function photosToPrepare(children: readonly PlanChild[], keyChildIDs: readonly number[]): number[] {
  const key = new Set(keyChildIDs);
  const withPhoto = children.filter((c) => c.hasImage);
  return [...withPhoto.filter((c) => key.has(c.id)), ...withPhoto.filter((c) => !key.has(c.id))].map(
    (c) => c.id,
  );
}

/** GET api/v1/children/{id}/photo: the address every screen shows the photo from (the cache's key). */
export const childPhotoPath = childPhotoUrl;

/** Whether a failed step is one to leave out rather than count as a failure (the user may not read it). */
export function isSkippedStatus(status: number | undefined): boolean {
  return status === 403 || status === 404;
}

/** The record of the last completed preparation of a site, kept in the device's read cache. */
export interface OfflineReadiness {
  at: number;
  children: number;
  photos: number;
  events: number;
  failed: number;
  /**
   * When a run last fetched everything (no failure), if one has: a later run that loses the network
   * half-way leaves the earlier copies in place, so the device is still ready as of that time.
   */
  completeAt?: number;
}

/** The record after a run: the run's own figures, keeping when everything was last fetched. */
export function nextReadiness(
  previous: OfflineReadiness | undefined,
  run: Omit<OfflineReadiness, 'completeAt'>,
): OfflineReadiness {
  const completeAt =
    run.failed === 0 ? run.at : (previous?.completeAt ?? (previous?.failed === 0 ? previous.at : undefined));
  return completeAt === undefined ? { ...run } : { ...run, completeAt };
}

export const offlineReadyKey = (siteID: number) => ['offline-ready', siteID] as const;

/** The staff register permissions (spec 002 §6): any one of them opens the screen. */
export const STAFF_REGISTER_PERMISSIONS = ['checkInSelf', 'checkInOtherStaff', 'markOffStaff'] as const;

/**
 * Today's staff register is prepared where the screen opens (issue 18): one of its permissions and a
 * site keeping staff registers ('The staff registers feature is not enabled for this site.' otherwise).
 */
export function staffRegisterPrepared(session: {
  can: (permission: (typeof STAFF_REGISTER_PERMISSIONS)[number]) => boolean;
  site: { staffRegistersEnabled: boolean };
}): boolean {
  return session.site.staffRegistersEnabled && STAFF_REGISTER_PERMISSIONS.some((p) => session.can(p));
}

/** The register is prepared where the screen opens: its navigation permission and a site keeping registers. */
export function registerPrepared(session: {
  can: (permission: 'viewRegister') => boolean;
  site: { registersEnabled: boolean };
}): boolean {
  return session.can('viewRegister') && session.site.registersEnabled;
}

/**
 * The medication form's setup (issue 31) is prepared where a medication may be recorded: the events
 * permission and an enabled medication type (the site's, and every child's: below).
 */
export function medicationPrepared(session: {
  can: (permission: 'enableEvents') => boolean;
  config: { eventTypes: readonly { tag: string; enabled: boolean }[] };
}): boolean {
  return (
    session.can('enableEvents') && session.config.eventTypes.some((t) => t.tag === 'medication' && t.enabled)
  );
}

/**
 * The medication setup (contacts, allergies and medical notes, recent doses) of every child of the site
 * is prepared, the user's key children first (the first call), in calls of at most `perCall` children
 * (GraphQL medicationChildSetups takes MEDICATION_CHILD_SETUPS_MAX).
 */
export function medicationChildrenToPrepare(
  children: readonly { id: number }[],
  keyChildIDs: readonly number[],
  perCall: number,
): number[][] {
  const key = new Set(keyChildIDs);
  const ordered = [...children.filter((c) => key.has(c.id)), ...children.filter((c) => !key.has(c.id))];
  const calls: number[][] = [];
  for (let i = 0; i < ordered.length; i += perCall)
    calls.push(ordered.slice(i, i + perCall).map((c) => c.id));
  return calls;
}
