/**
 * Pure rules of the drafts list (spec 000 §2 "Drafts list", §4 list status and auto-refresh, §9): no
 * React, no DOM, so drafts.test.ts covers them directly.
 */
import {
  AUTO_REFRESH_BACKOFF_FACTOR,
  AUTO_REFRESH_BACKOFF_MAX_EXPONENT,
  DRAFTS_REFRESH_MS,
  EventStatus,
  VISIBILITY_REFRESH_DEBOUNCE_MS,
} from '@nursery/domain/common';
import type { EventSummary, EventTag } from '@nursery/domain/events';

/**
 * Delay before the next automatic refresh: 30 s, times 1.5 per consecutive failed refresh, at most
 * 1.5^5 (≈ 3 min 48 s). Negative or fractional counts are treated as whole, non-negative counts.
 */
export function refreshDelay(consecutiveErrors: number): number {
  const n = Number.isFinite(consecutiveErrors) ? Math.max(0, Math.floor(consecutiveErrors)) : 0;
  const exponent = Math.min(n, AUTO_REFRESH_BACKOFF_MAX_EXPONENT);
  return Math.round(DRAFTS_REFRESH_MS * AUTO_REFRESH_BACKOFF_FACTOR ** exponent);
}

/**
 * When the page becomes visible again, how long to wait before refreshing: at once when the last
 * refresh started at least 7.5 s ago, otherwise the rest of those 7.5 s (so flipping between apps
 * never fires a burst of refreshes). `lastRefreshAt` null = never refreshed.
 */
export function visibilityRefreshDelay(lastRefreshAt: number | null, nowMs: number): number {
  if (lastRefreshAt === null) return 0;
  const since = nowMs - lastRefreshAt;
  if (since < 0) return VISIBILITY_REFRESH_DEBOUNCE_MS;
  return Math.max(0, VISIBILITY_REFRESH_DEBOUNCE_MS - since);
}

/** Spec 000 §4 "Event list status". */
export type ListStatus = 'empty' | 'loading' | 'loaded' | 'completed';

/**
 * loading: the first page (or the next one) is on its way; empty: the search answered no events and
 * nothing more; completed: the last fetch gave no next cursor; loaded: more pages wait.
 */
export function listStatus(input: {
  loading: boolean;
  eventCount: number;
  hasNextPage: boolean;
}): ListStatus {
  if (input.loading) return 'loading';
  if (input.eventCount === 0 && !input.hasNextPage) return 'empty';
  return input.hasNextPage ? 'loaded' : 'completed';
}

/** Page events in order, each id once (a refresh can move an event across a page boundary). */
export function flattenPages(pages: readonly { events: readonly EventSummary[] }[]): EventSummary[] {
  const seen = new Set<number>();
  const out: EventSummary[] = [];
  for (const page of pages) {
    for (const e of page.events) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      out.push(e);
    }
  }
  return out;
}

/** Snapshots and learning stories open in Spotlight (#/events/{ids}); everything else in #/edit/{ids}. */
export function isSpotlightTag(tag: EventTag | undefined): boolean {
  return tag === 'snapshot' || tag === 'learningStory';
}

/** The Edit/View target of a card or the preview (one id) or of a bulk edit (several). */
export function editRoute(tag: EventTag | undefined, ids: readonly number[]): string {
  return `${isSpotlightTag(tag) ? '/events' : '/edit'}/${ids.join(',')}`;
}

export type MissingContentKey =
  | 'no-gradings-attached'
  | 'no-framework-indicators-attached'
  | 'no-framework-indicators-or-checkpoints-attached';

/**
 * The missing-content badge of a card (spec 000 §2), or null. Counts come with fields=cards; without
 * them (an older server) no badge is shown rather than a wrong one.
 */
export function missingContentKey(
  tag: EventTag | undefined,
  gradingCount: number | undefined,
  checkpointCount: number | undefined,
): MissingContentKey | null {
  if (gradingCount === undefined || gradingCount > 0) return null;
  switch (tag) {
    case 'observation':
    case 'assessment':
      return 'no-gradings-attached';
    case 'snapshot':
      return 'no-framework-indicators-attached';
    case 'learningStory':
      return checkpointCount === 0 ? 'no-framework-indicators-or-checkpoints-attached' : null;
    default:
      return null;
  }
}

/** Media tiles a card shows before '+N' (spec 001 §9). */
const MEDIA_TILES_SHOWN = 4;

/** The media tiles a card shows (the first four) and how many more there are ("+N"). */
export function mediaTiles(mediaIDs: readonly string[] | undefined): { shown: string[]; more: number } {
  const all = mediaIDs ?? [];
  return { shown: all.slice(0, MEDIA_TILES_SHOWN), more: Math.max(0, all.length - MEDIA_TILES_SHOWN) };
}

/**
 * Whether a status id means "every status" in the drafts filter (0 or an id no status has); cards
 * then show their status badge.
 */
export function isAllStatuses(statusID: number, statusIDs: readonly number[]): boolean {
  return !statusIDs.includes(statusID);
}

/** The page heading: "Drafts" for the draft status, the status name for another, "Events" for all. */
export function headingKind(
  statusID: number,
  statuses: readonly { id: number; value: string }[],
): { kind: 'drafts' } | { kind: 'all' } | { kind: 'status'; name: string } {
  if (statusID === EventStatus.Draft) return { kind: 'drafts' };
  const status = statuses.find((s) => s.id === statusID);
  return status ? { kind: 'status', name: status.value } : { kind: 'all' };
}
