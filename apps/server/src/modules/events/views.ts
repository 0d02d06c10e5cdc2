// Shapes of a stored event in answers, and the Postgres error of a failed write.
import type { EventRecord } from './write-queries.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** The Postgres error code and constraint of a failed statement (drizzle may wrap it in `cause`). */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e?.cause?.code ? e.cause : e;
}

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
