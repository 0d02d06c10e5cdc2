import type { LastPublishedAnswer } from '@nursery/domain/children';
import { listChild } from '../children/index.ts';
import { type AreaRow, learningAreas } from '../key-children/index.ts';
import { encodeChildCursor } from './cursor.ts';
import type { ReportChildRow } from './queries.ts';

/** One page of the report; `rows` may hold one row more than the page (then there is a next page). */
export function lastPublishedAnswer(parts: {
  siteID: number;
  roomID: number | null;
  today: string;
  areas: AreaRow[];
  rows: ReportChildRow[];
  limit: number;
}): LastPublishedAnswer {
  const page = parts.rows.slice(0, parts.limit);
  const last = page.at(-1);
  return {
    siteID: parts.siteID,
    roomID: parts.roomID,
    today: parts.today,
    areas: learningAreas(parts.areas),
    children: page.map((c) => ({
      ...listChild(c),
      lastPublishedDates: c.observations,
    })),
    next: parts.rows.length > parts.limit && last ? encodeChildCursor(last) : null,
  };
}
