/**
 * The common part of the one form model (issue 28): what every edited event has, whatever its type and
 * whichever editor shows it (the Events form, the Spotlight editor). The per-type parts are in
 * eventsPart.ts and spotlightPart.ts; model.ts is the one entry both editors use.
 */
import { formatTime, toCalendarDate } from '@nursery/domain/common';

export interface FormCore {
  /** The client's save id: kept across retries, so a repeated save never stores the event twice. */
  uuid: string;
  typeID: number | null;
  codeID: number | null;
  childIDs: number[];
  /** YYYY-MM-DD and HH:mm in the site's time zone. */
  date: string;
  time: string;
  /** The media ids in order (what a kept draft and the save list). */
  mediaIDs: string[];
  /** Uploads still running (media ids): saving waits for them; never kept in a draft. */
  uploading: string[];
}

/** The common part of a new form: now at the site, no media; children as given, within the type's limit. */
export function newCore(input: {
  uuid: string;
  typeID: number | null;
  codeID: number | null;
  childIDs: readonly number[];
  /** The most children the type takes (none: no limit). */
  childMax?: number;
  now: Date;
  timeZone: string;
}): FormCore {
  return {
    uuid: input.uuid,
    typeID: input.typeID,
    codeID: input.codeID,
    childIDs: input.childIDs.slice(0, input.childMax),
    date: toCalendarDate(input.now, input.timeZone),
    time: formatTime(input.now, input.timeZone),
    mediaIDs: [],
    uploading: [],
  };
}

let keySeq = 0;
/** A stable React key for a row added in this visit (stored rows use their ids). */
export function newKey(prefix: string): string {
  keySeq += 1;
  return `${prefix}-new-${keySeq}`;
}
