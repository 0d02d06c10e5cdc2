/**
 * Pure decisions of the drafts bulk actions (spec 000 §4, §7): which actions the selection allows,
 * where bulk edit goes, which events go to the bulk sleep close and which to the transition call,
 * and what the answers add up to.
 */
import type { EventStatusConfig } from '@nursery/domain/account';
import type { EventStatusDef } from '@nursery/domain/common';
import {
  bulkResultMessage,
  canBulkEdit,
  type EventOutcome,
  type EventSummary,
  isSpotlightTag,
} from '@nursery/domain/events';

type Selected = Pick<EventSummary, 'id' | 'typeID' | 'date2' | 'editable' | 'permittedActions'>;

/**
 * The statuses every selected event may move to: the intersection of the server's
 * permittedActions (an event without the list allows nothing), in the order of `statusOrder`.
 */
export function allowedStatusActions(
  selected: readonly Selected[],
  statusOrder: readonly number[],
): number[] {
  if (selected.length === 0) return [];
  const lists = selected.map((e) => new Set(e.permittedActions ?? []));
  return statusOrder.filter((id) => lists.every((l) => l.has(id)));
}

/**
 * The bar's direct Publish action (issue 13): the published status when every selected event may move
 * to it (one of `allowed`, from allowedStatusActions), else null. The Actions menu then leaves it out.
 */
export function publishAction<S extends Pick<EventStatusConfig, 'id' | 'published'>>(
  allowed: readonly S[],
): S | null {
  return allowed.find((s) => s.published) ?? null;
}

/**
 * Where bulk edit goes, or null when it is not allowed (something not editable, or snapshots and
 * learning stories mixed with other types). Snapshots and learning stories open #/events/{ids};
 * other types the editor's multi mode, returning to the drafts list.
 */
export function bulkEditHref(
  selected: readonly Selected[],
  tagOf: (typeID: number) => string | null,
): string | null {
  const candidates = selected.map((e) => ({ editable: e.editable === true, tag: tagOf(e.typeID) }));
  if (!canBulkEdit(candidates)) return null;
  const ids = selected.map((e) => e.id).join(',');
  if (candidates.every((c) => isSpotlightTag(c.tag))) return `#/events/${ids}`;
  return `#/edit/multi?multi=${ids}&return=/draft`;
}

export interface BulkCalls {
  /** Open sleeps (no end time): PUT api/v2/events?id=… with { date2: now, statusID }. */
  sleepCloseIDs: number[];
  /** Everything else: POST api/v1/transition with { ids, statusID }. */
  transitionIDs: number[];
}

/** Splits the selection between the bulk sleep close and the transition call. */
export function splitBulkCalls(
  selected: readonly Selected[],
  tagOf: (typeID: number) => string | null,
): BulkCalls {
  const calls: BulkCalls = { sleepCloseIDs: [], transitionIDs: [] };
  for (const e of selected) {
    if (tagOf(e.typeID) === 'sleep' && e.date2 === null) calls.sleepCloseIDs.push(e.id);
    else calls.transitionIDs.push(e.id);
  }
  return calls;
}

export interface BulkSummary {
  okCount: number;
  /** "N event(s) published" / "deleted" / "moved to {status}"; null when nothing moved. */
  success: string | null;
  /** The refused events with the server's reason, in the order asked. */
  refused: { id: number; message: string }[];
}

/** Adds up the answers of both calls; an event missing from every answer counts as refused. */
export function summariseBulkResults(
  askedIDs: readonly number[],
  outcomes: readonly EventOutcome[],
  /** The target status as configured (its name is the one shown). */
  target: EventStatusConfig,
  fallbackMessage: string,
): BulkSummary {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  let okCount = 0;
  const refused: BulkSummary['refused'] = [];
  for (const id of askedIDs) {
    const o = byId.get(id);
    if (o?.ok) okCount++;
    else refused.push({ id, message: o?.message || o?.code || fallbackMessage });
  }
  return {
    okCount,
    // A configured status is a status definition; its id is one of the fixed ids (spec 000 §3).
    success: okCount > 0 ? bulkResultMessage(okCount, target as EventStatusDef) : null,
    refused,
  };
}

/** The bulk sleep close takes at most 100 ids per call; the transition call is sent in the same steps. */
export const BULK_CALL_MAX = 100;

/** Splits ids into calls of at most `size`. */
/**
 * A transition call's body with the version of each event as the list showed it (issue 26): an
 * event someone else changed meanwhile comes back as an err-conflict outcome, listed with the refusals.
 */
export function transitionBody(
  ids: readonly number[],
  statusID: number,
  shown: readonly { id: number; version: number }[],
): { ids: number[]; statusID: number; versions?: number[] } {
  const versionOf = new Map(shown.map((e) => [e.id, e.version]));
  const versions = ids.map((id) => versionOf.get(id));
  if (versions.some((v) => v === undefined)) return { ids: [...ids], statusID };
  return { ids: [...ids], statusID, versions: versions as number[] };
}

export function chunkIDs(ids: readonly number[], size = BULK_CALL_MAX): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
