// Shapes of a stored event in answers.
import type { EventRecord } from './write-queries.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function eventView(e: EventRecord) {
  return {
    id: e.id,
    uuid: e.uuid,
    version: e.version,
    typeID: e.typeId,
    codeID: e.codeId,
    childID: e.childId,
    statusID: e.statusId,
    siteID: e.siteId,
    authorStaffID: e.authorStaffId,
    author: { id: e.authorPersonId, staffID: e.authorStaffId },
    notes: e.notes,
    childsVoice: e.childsVoice,
    ref2: e.parentNotes,
    learningStyles: e.learningStyles,
    tagged: e.tagged,
    raised: e.raised.toISOString(),
    date1: iso(e.date1),
    date2: iso(e.date2),
    due: iso(e.due),
    priorityID: e.priorityId,
    areaID: e.areaId,
    existingInjury: e.existingInjury,
    nappyCream: e.nappyCream,
    twoyear: e.twoyear,
    baseline: e.baseline,
  };
}
