// GET api/v1/event-checker (spec 001 §3 "Event checker report", §6, §7 "An event-checker fetch (by
// staffIDs, or by siteID, with dateFrom, dateTo, frameworkID)"): staff members' key children at a site
// with their latest spotlights in the range and their two-year checks.
import { addDays, type Clock, todayInZone, zonedDateTime } from '@nursery/domain/common';
import {
  EVENT_CHECKER_EVENT_TYPES,
  EVENT_CHECKER_STAFF_MAX,
  type EventCheckerAnswer,
  type EventCheckerQuery,
  eventCheckerAsOf,
} from '@nursery/domain/spotlight';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventPolicy } from '../events/index.ts';
import { siteOf } from '../key-children/index.ts';
import { findStaff, staffAtSite } from '../staff/index.ts';
import { eventCheckerActions } from './policy.ts';
import { eventCheckerAnswer } from './presenter.ts';
import { type CheckerStaffRow, checkerChildren, staffWithKeyChildren } from './queries.ts';

export interface EventCheckerDeps {
  db: Db;
  clock: Clock;
}

/**
 * Whose key children: without `selectStaff` the user's own (whatever was asked); with it the listed
 * staff (each working at the site, else 404, in the order listed), else the site's staff with key
 * children there.
 */
async function chosenStaff(
  db: Db,
  auth: AuthContext,
  canSelectStaff: boolean,
  siteId: number,
  asOf: string,
  staffIDs: number[] | undefined,
): Promise<CheckerStaffRow[]> {
  if (!canSelectStaff) {
    if (auth.staffId === null) return [];
    const own = await findStaff(db, auth.providerId, auth.staffId, auth.siteIds);
    return own ? [{ id: own.id, forename: own.forename, surname: own.surname, hasImage: own.hasImage }] : [];
  }
  if (!staffIDs) return staffWithKeyChildren(db, auth.providerId, siteId, asOf, EVENT_CHECKER_STAFF_MAX);
  const found = new Map(
    (await staffAtSite(db, auth.providerId, siteId, staffIDs)).map((s) => [
      s.staffID,
      { id: s.staffID, forename: s.forename, surname: s.surname, hasImage: s.hasImage },
    ]),
  );
  if (found.size !== staffIDs.length) throw new AppError(404, 'err-not-found', 'Staff member not found.');
  return staffIDs.map((id) => found.get(id)!);
}

export async function getEventChecker(
  { db, clock }: EventCheckerDeps,
  auth: AuthContext,
  query: EventCheckerQuery,
): Promise<EventCheckerAnswer> {
  const siteId = siteOf(auth, query.siteID);
  if (query.dateFrom > query.dateTo) {
    throw new AppError(400, 'err-invalid-request', 'dateFrom: must not be after dateTo.');
  }
  const timeZone = await siteTimeZone(db, auth.providerId, siteId);
  if (!timeZone) throw new AppError(404, 'err-not-found', 'Site not found.');
  const asOf = eventCheckerAsOf(query.dateTo, todayInZone(clock.now(), timeZone));
  const permittedActions = eventCheckerActions(auth.permissions);
  const eventTypes = EVENT_CHECKER_EVENT_TYPES.filter((t) => query.eventTypes?.includes(t) ?? true);
  const staff = await chosenStaff(db, auth, permittedActions.canSelectStaff, siteId, asOf, query.staffIDs);
  const rows = await checkerChildren(db, {
    providerId: auth.providerId,
    timeZone,
    from: zonedDateTime(query.dateFrom, '00:00', timeZone),
    until: zonedDateTime(addDays(asOf, 1), '00:00', timeZone),
    frameworkId: query.frameworkID ?? null,
    staffIds: staff.map((s) => s.id),
    siteId,
    date: asOf,
    eventTypes,
    visibility: (await loadEventPolicy(db, auth.providerId, auth.staffId)).visibility(auth.siteIds),
  });
  return eventCheckerAnswer(staff, rows, {
    siteID: siteId,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    asOf,
    frameworkID: query.frameworkID ?? null,
    eventTypes,
    permittedActions,
  });
}
