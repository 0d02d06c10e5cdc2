// GET api/v1/reports/last-published-observation (spec 002 §2 Links #/reports/last-published-observation,
// §6 lastPublishedObservation): per child of a site or room, the day of the last published observation
// in each area of learning. Paginated by cursor in name order.
import type { LastPublishedAnswer } from '@nursery/domain/children';
import {
  addDays,
  type Clock,
  LAST_PUBLISHED_REPORT_PAGE_SIZE,
  todayInZone,
  zonedDateTime,
} from '@nursery/domain/common';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { decodeChildCursor } from './cursor.ts';
import { lastPublishedAnswer } from './presenter.ts';
import { lastPublishedPage, reportSite } from './queries.ts';

export interface ReportDeps {
  db: Db;
  clock: Clock;
}

export async function getLastPublishedObservations(
  { db, clock }: ReportDeps,
  auth: AuthContext,
  query: { siteID: number; roomID?: number; limit?: number; after?: string },
): Promise<LastPublishedAnswer> {
  const siteId = assertSite(auth, query.siteID);
  const roomId = query.roomID ?? null;
  const after = query.after ? decodeChildCursor(query.after) : null;
  const site = await reportSite(db, auth.providerId, siteId, roomId);
  if (!site) throw notFound('Site not found.');
  if (site.roomOk === false) throw notFound('Room not found.');
  const today = todayInZone(clock.now(), site.timeZone);
  const limit = query.limit ?? LAST_PUBLISHED_REPORT_PAGE_SIZE;
  const { areas, children } = await lastPublishedPage(db, {
    providerId: auth.providerId,
    siteId,
    roomId,
    today,
    timeZone: site.timeZone,
    before: zonedDateTime(addDays(today, 1), '00:00', site.timeZone),
    after,
    take: limit + 1,
  });
  return lastPublishedAnswer({ siteID: siteId, roomID: roomId, today, areas, rows: children, limit });
}
