// GET api/v1/key-children?date=&siteID= (spec 002 §7 "GET key children | query date"): the user's key
// children with their last observation per area, event-checker data and two-year-check status.
import type { KeyChildrenAnswer } from '@nursery/domain/children';
import { addDays, type CalendarDate, type Clock, zonedDateTime } from '@nursery/domain/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { loadEventPolicy } from '../events/index.ts';
import { keyChildrenActions } from './policy.ts';
import { keyChildrenAnswer } from './presenter.ts';
import { keyChildrenData } from './queries.ts';

export interface KeyChildrenDeps {
  db: Db;
  clock: Clock;
}

/** The site asked for, else the session's (400 when none is chosen); 404 for a site not the user's. */
export function siteOf(auth: AuthContext, siteID: number | undefined): number {
  const id = siteID ?? auth.siteId;
  if (id === null) throw new AppError(400, 'err-invalid-request', 'Choose a site first (siteID).');
  return assertSite(auth, id);
}

export async function getKeyChildren(
  { db }: KeyChildrenDeps,
  auth: AuthContext,
  query: { date: CalendarDate; siteID?: number },
): Promise<KeyChildrenAnswer> {
  const siteId = siteOf(auth, query.siteID);
  const timeZone = await siteTimeZone(db, auth.providerId, siteId);
  if (!timeZone) throw new AppError(404, 'err-not-found', 'Site not found.');
  const row =
    auth.staffId === null
      ? null
      : await keyChildrenData(db, {
          providerId: auth.providerId,
          staffId: auth.staffId,
          siteId,
          siteIds: auth.siteIds,
          date: query.date,
          timeZone,
          before: zonedDateTime(addDays(query.date, 1), '00:00', timeZone),
          visibility: (await loadEventPolicy(db, auth.providerId, auth.staffId)).visibility(auth.siteIds),
        });
  return keyChildrenAnswer(row, {
    date: query.date,
    siteID: siteId,
    permittedActions: keyChildrenActions(auth.permissions, row?.flags ?? null),
  });
}
