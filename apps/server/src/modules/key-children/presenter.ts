// Shapes the key-children row into the answer (KeyChildrenAnswer): due dates, the two-year-check
// status and the 'recent' marks are the domain's rules (spotlightDueDate, twoYearCheckStatus,
// isRecentObservation), so the web shows what the server decided.
import type { KeyChildrenAnswer, LearningArea } from '@nursery/domain/children';
import {
  type CalendarDate,
  EVENT_CHECKER_SETTINGS,
  isRecentObservation,
  spotlightDueDate,
  twoYearCheckStatus,
} from '@nursery/domain/common';
import { listChild } from '../children/index.ts';
import type { AreaRow } from './area-queries.ts';
import type { KeyChildRow, KeyChildrenRow } from './queries.ts';

export const learningAreas = (rows: readonly AreaRow[]): LearningArea[] =>
  rows.map((a) => ({ id: a.id, name: a.name, frameworkID: a.frameworkId, frameworkName: a.frameworkName }));

function keyChild(c: KeyChildRow, date: CalendarDate): KeyChildrenAnswer['children'][number] {
  const twoYear = twoYearCheckStatus(c.dob, date, c.twoYear !== null);
  return {
    ...listChild(c),
    siteID: c.siteId,
    lastObservationDates: c.observations.map((o) => ({
      areaID: o.areaID,
      date: o.date,
      recent: isRecentObservation(o.date, date),
    })),
    latestSnapshot: c.snapshot,
    latestLearningStory: c.learningStory,
    snapshotDueDate: spotlightDueDate(c.snapshot?.date ?? null, EVENT_CHECKER_SETTINGS.snapshot, date),
    learningStoryDueDate: spotlightDueDate(
      c.learningStory?.date ?? null,
      EVENT_CHECKER_SETTINGS.learningStory,
      date,
    ),
    twoYearCheck: {
      id: c.twoYear?.id ?? null,
      date: c.twoYear?.date ?? null,
      status: twoYear.status,
      due: twoYear.dueDate,
    },
  };
}

export function keyChildrenAnswer(
  row: KeyChildrenRow | null,
  parts: { date: CalendarDate; siteID: number; permittedActions: KeyChildrenAnswer['permittedActions'] },
): KeyChildrenAnswer {
  return {
    date: parts.date,
    siteID: parts.siteID,
    staff: row?.staff ? { ...row.staff, totalSpotlights: row.totalSpotlights } : null,
    areas: learningAreas(row?.areas ?? []),
    permittedActions: parts.permittedActions,
    children: (row?.children ?? []).map((c) => keyChild(c, parts.date)),
  };
}
