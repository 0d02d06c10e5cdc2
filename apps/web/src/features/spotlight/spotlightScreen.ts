/**
 * The Spotlight screen's own rules (spec 001 §3-§6, §9): which type tabs an account has, select-all,
 * the consideration's rows and statuses, the save buttons with the
 * restricted-consideration refusal and the guidance headers. The form itself (its state, a new form,
 * a type switch, its problems and its updateEvent input) is the one form model's (features/events
 * form/, issue 28).
 */
import type { EventStatusConfig } from '@nursery/domain/account';
import {
  CONSIDERATION_ROWS_MAX,
  CONSIDERATION_ROWS_MIN,
  EventStatus,
  SPOTLIGHT_CHILD_MAX,
} from '@nursery/domain/common';
import type { SpotlightTag } from '@nursery/domain/events';
import {
  canSelectAllChildren,
  effectiveSpotlightType,
  guidanceHeader,
  isRestrictedConsideration,
} from '@nursery/domain/spotlight';
import type { FormConsideration } from '../events';

/** Consideration statuses (apps/server db/schema/spotlight.ts CONSIDERATION_STATUSES). */
export const CONSIDERATION_STATUS_OPTIONS = ['Monitor', 'Intervention', 'StaffSupport', 'Resolved'] as const;

/**
 * The type a form starts with or keeps, among the types the account has (spotlightSetup answers only
 * the enabled ones the user may add): the domain's rule (a snapshot when snapshots are off becomes a
 * learning story, spec 001 §4), as the setup's type.
 */
export function effectiveType<T extends { type: SpotlightTag; codes: readonly { id: number }[] }>(
  wanted: SpotlightTag | null,
  available: readonly T[],
): T | null {
  const first = available[0];
  if (!first) return null;
  const tag = effectiveSpotlightType(wanted ?? first.type, available);
  return available.find((t) => t.type === tag) ?? null;
}

/** Rows of the consideration details: the lines typed, within 3 to 10 (spec 001 §5). */
export function considerationTextRows(text: string): number {
  const lines = text.split('\n').length;
  return Math.min(CONSIDERATION_ROWS_MAX, Math.max(CONSIDERATION_ROWS_MIN, lines));
}

/** Select-all: not for learning stories (domain rule), nor for an existing event (fixed to one child). */
export function canSelectAll(tag: SpotlightTag, isNew: boolean): boolean {
  return canSelectAllChildren(tag) && isNew;
}

/** Select all: the site's children in order, at most the snapshot limit (200). */
export function selectAllChildren(ids: readonly number[]): number[] {
  return ids.slice(0, SPOTLIGHT_CHILD_MAX);
}

export interface SpotlightSaveTarget {
  statusID: number;
  status: EventStatusConfig;
  /** Refused with the spec's message (restricted consideration without publishConsiderations). */
  refusedKey: 'restricted-consideration-publish' | null;
  primary: boolean;
}

/**
 * One save button per status the user may save to (the server's permittedActions for a stored event,
 * the role data for a new one). An Intervention or Staff Support consideration refuses archived and
 * published unless the user may publish considerations (spec 001 §4, §6); pending stays offered.
 */
export function spotlightSaveTargets(input: {
  allowedStatusIDs: readonly number[];
  statuses: readonly EventStatusConfig[];
  consideration: FormConsideration | null;
  canPublishConsiderations: boolean;
  /** An edited event's status: its button is the primary one (saving keeps it). */
  currentStatusID?: number | null;
}): SpotlightSaveTarget[] {
  const restricted =
    input.consideration !== null &&
    isRestrictedConsideration(input.consideration.status) &&
    !input.canPublishConsiderations;
  const targets = input.allowedStatusIDs
    .map((id) => input.statuses.find((s) => s.id === id))
    .filter((s): s is EventStatusConfig => s !== undefined && !s.deleted)
    .map((status) => ({
      statusID: status.id,
      status,
      refusedKey:
        restricted && (status.published || status.id === EventStatus.Archived)
          ? ('restricted-consideration-publish' as const)
          : null,
      primary: false,
    }));
  const usable = targets.filter((t) => t.refusedKey === null);
  const first =
    usable.find((t) => t.statusID === input.currentStatusID) ??
    usable.find((t) => t.status.incomplete) ??
    usable[0];
  if (first) first.primary = true;
  return targets;
}

/** Whether the notes hold a guidance-note header of any of the Birth to 5 areas (the sidebar's checkbox). */
export function guidanceHeadersInserted(notes: string, areaNames: readonly string[]): boolean {
  return areaNames.some((name) => notes.includes(guidanceHeader(name)));
}
