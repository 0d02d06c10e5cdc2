// Shapes the event-checker rows into the answer (EventCheckerAnswer). Every status is the domain's rule
// (spotlightCheck, twoYearCheckStatus) and every warning count its predicate (isSpotlightWarning,
// isTwoYearCheckWarning), so the web shows what the server decided.
import { type CalendarDate, twoYearCheckStatus } from '@nursery/domain/common';
import {
  type EventCheckerAnswer,
  type EventCheckerChild,
  type EventCheckerEventType,
  type EventCheckerSpotlightCell,
  isSpotlightWarning,
  isTwoYearCheckWarning,
  spotlightCheck,
} from '@nursery/domain/spotlight';
import { listChild } from '../children/index.ts';
import type { CheckerChildRow, CheckerStaffRow } from './queries.ts';

function cell(
  latest: { id: number; date: string } | null,
  type: EventCheckerEventType,
  asOf: CalendarDate,
): EventCheckerSpotlightCell {
  const ref = latest ? { id: Number(latest.id), date: latest.date } : null;
  return { latest: ref, ...spotlightCheck(ref?.date ?? null, type, asOf) };
}

function child(
  row: CheckerChildRow,
  types: readonly EventCheckerEventType[],
  asOf: CalendarDate,
): EventCheckerChild {
  const twoYear = twoYearCheckStatus(row.dob, asOf, row.twoYear !== null);
  return {
    ...listChild(row),
    snapshot: types.includes('snapshot') ? cell(row.snapshot, 'snapshot', asOf) : null,
    learningStory: types.includes('learningStory') ? cell(row.learningStory, 'learningStory', asOf) : null,
    twoYearCheck: {
      id: row.twoYear ? Number(row.twoYear.id) : null,
      date: row.twoYear?.date ?? null,
      status: twoYear.status,
      due: twoYear.dueDate,
    },
  };
}

export function eventCheckerAnswer(
  staff: readonly CheckerStaffRow[],
  rows: readonly CheckerChildRow[],
  parts: Omit<EventCheckerAnswer, 'staff'>,
): EventCheckerAnswer {
  const byStaff = new Map<number, CheckerChildRow[]>();
  for (const r of rows) {
    const list = byStaff.get(r.staffId);
    if (list) list.push(r);
    else byStaff.set(r.staffId, [r]);
  }
  return {
    ...parts,
    staff: staff.map((s) => {
      const mine = byStaff.get(s.id) ?? [];
      const keyChildren = mine.map((r) => child(r, parts.eventTypes, parts.asOf));
      return {
        id: s.id,
        forename: s.forename,
        surname: s.surname,
        hasImage: s.hasImage,
        keyChildren,
        spotlightWarningCount: keyChildren.filter((c) =>
          [c.snapshot, c.learningStory].some((x) => x !== null && isSpotlightWarning(x.status)),
        ).length,
        twoYearCheckWarningCount: keyChildren.filter((c) => isTwoYearCheckWarning(c.twoYearCheck.status))
          .length,
        totalSpotlights: mine.reduce((n, r) => n + r.spotlights, 0),
      };
    }),
  };
}
