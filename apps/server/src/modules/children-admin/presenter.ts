// Shapes the children-admin rows into the answers (schemas/childrenAdmin.ts).
import {
  type BookingPattern,
  type ChildRecord,
  type ChildRecordSummary,
  childListStatus,
  patternStatus,
} from '@nursery/domain/settings';
import { childActions } from './policy.ts';
import type { ChildListRow, ChildRecordRow, PatternRow } from './queries.ts';

export const presentSummary = (r: ChildListRow, today: string): ChildRecordSummary => ({
  id: r.id,
  forename: r.forename,
  surname: r.surname,
  hasImage: r.hasImage,
  dob: r.dob,
  startDate: r.startDate,
  endDate: r.endDate,
  siteID: r.siteId,
  roomID: r.roomId,
  status: childListStatus(r, today),
});

export const presentPattern = (p: PatternRow, today: string): BookingPattern => ({
  id: p.id,
  comboID: p.comboId,
  comboName: p.comboName,
  start: p.start,
  end: p.end,
  weekdays: [...p.weekdays].sort(),
  intervalWeeks: p.intervalWeeks,
  from: p.from,
  to: p.to,
  status: patternStatus(p, today),
});

export function presentRecord(
  r: ChildRecordRow,
  patterns: readonly PatternRow[],
  contacts: ChildRecord['contacts'],
  today: string,
): ChildRecord {
  return {
    ...presentSummary(r, today),
    gender: (r.gender as ChildRecord['gender']) ?? null,
    keyPersonID: r.keyPersonId,
    eal: r.eal,
    eypp: r.eypp,
    send: r.send,
    twoYearFunded: r.twoYearFunded,
    allergies: r.allergies,
    dietaryNeeds: r.dietaryNeeds,
    medicalNotes: r.medicalNotes,
    photoConsent: r.photoConsent,
    archived: r.archived,
    patterns: patterns.map((p) => presentPattern(p, today)),
    contacts,
    permittedActions: childActions(r.archived),
  };
}
