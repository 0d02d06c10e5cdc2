import {
  AUTO_REFRESH_BACKOFF_FACTOR,
  DRAFTS_REFRESH_MS,
  EVENT_STATUSES,
  VISIBILITY_REFRESH_DEBOUNCE_MS,
} from '@nursery/domain/common';
import type { EventSummary } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import {
  editRoute,
  flattenPages,
  headingKind,
  isAllStatuses,
  listStatus,
  mediaTiles,
  missingContentKey,
  refreshDelay,
  visibilityRefreshDelay,
} from './drafts';

describe('refreshDelay', () => {
  it('is 30 s without errors', () => {
    expect(refreshDelay(0)).toBe(30_000);
    expect(refreshDelay(0)).toBe(DRAFTS_REFRESH_MS);
  });

  it('grows by 1.5 per consecutive error', () => {
    expect(refreshDelay(1)).toBe(45_000);
    expect(refreshDelay(2)).toBe(67_500);
    expect(refreshDelay(3)).toBe(Math.round(30_000 * AUTO_REFRESH_BACKOFF_FACTOR ** 3));
  });

  it('stops growing at 1.5^5', () => {
    const max = Math.round(30_000 * 1.5 ** 5);
    expect(refreshDelay(5)).toBe(max);
    expect(refreshDelay(6)).toBe(max);
    expect(refreshDelay(100)).toBe(max);
    expect(max).toBe(227_813);
  });

  it('treats odd input as no errors or whole errors', () => {
    expect(refreshDelay(-3)).toBe(30_000);
    expect(refreshDelay(Number.NaN)).toBe(30_000);
    expect(refreshDelay(1.9)).toBe(45_000);
  });
});

describe('visibilityRefreshDelay', () => {
  it('refreshes at once when never refreshed or long ago', () => {
    expect(visibilityRefreshDelay(null, 1000)).toBe(0);
    expect(visibilityRefreshDelay(0, 60_000)).toBe(0);
    expect(visibilityRefreshDelay(0, VISIBILITY_REFRESH_DEBOUNCE_MS)).toBe(0);
  });

  it('waits out the rest of 7.5 s after a recent refresh', () => {
    expect(visibilityRefreshDelay(10_000, 12_000)).toBe(5_500);
    expect(visibilityRefreshDelay(10_000, 10_000)).toBe(7_500);
  });

  it('waits the full 7.5 s when the clock went backwards', () => {
    expect(visibilityRefreshDelay(10_000, 9_000)).toBe(7_500);
  });
});

describe('listStatus', () => {
  it('is loading while a fetch runs', () => {
    expect(listStatus({ loading: true, eventCount: 0, hasNextPage: false })).toBe('loading');
    expect(listStatus({ loading: true, eventCount: 30, hasNextPage: true })).toBe('loading');
  });

  it('is empty with no events and no more pages', () => {
    expect(listStatus({ loading: false, eventCount: 0, hasNextPage: false })).toBe('empty');
  });

  it('is loaded while a next cursor remains, completed when the last fetch gave none', () => {
    expect(listStatus({ loading: false, eventCount: 25, hasNextPage: true })).toBe('loaded');
    expect(listStatus({ loading: false, eventCount: 31, hasNextPage: false })).toBe('completed');
  });
});

const summary = (id: number): EventSummary => ({
  id,
  typeID: 1,
  codeID: 1,
  statusID: 1,
  version: 1,
  siteID: 1,
  childID: null,
  raised: '2026-11-21T10:00:00Z',
  date2: null,
  notes: null,
  child: null,
  author: { id: 1, forename: 'A', surname: 'B', staffID: null, hasImage: false },
});

describe('flattenPages', () => {
  it('keeps page order and drops repeated ids', () => {
    const pages = [{ events: [summary(5), summary(4)] }, { events: [summary(4), summary(3)] }];
    expect(flattenPages(pages).map((e) => e.id)).toEqual([5, 4, 3]);
  });
});

describe('editRoute', () => {
  it('sends snapshots and learning stories to Spotlight', () => {
    expect(editRoute('snapshot', [7])).toBe('/events/7');
    expect(editRoute('learningStory', [7, 8])).toBe('/events/7,8');
  });

  it('sends other types to the add/edit screen', () => {
    expect(editRoute('observation', [7])).toBe('/edit/7');
    expect(editRoute('sleep', [7, 9])).toBe('/edit/7,9');
    expect(editRoute(undefined, [7])).toBe('/edit/7');
  });
});

describe('missingContentKey', () => {
  it('flags observations and assessments without gradings', () => {
    expect(missingContentKey('observation', 0, 0)).toBe('no-gradings-attached');
    expect(missingContentKey('assessment', 0, undefined)).toBe('no-gradings-attached');
    expect(missingContentKey('observation', 2, 0)).toBeNull();
  });

  it('flags snapshots without framework indicators', () => {
    expect(missingContentKey('snapshot', 0, 0)).toBe('no-framework-indicators-attached');
    expect(missingContentKey('snapshot', 1, 0)).toBeNull();
  });

  it('flags learning stories only without both gradings and checkpoints', () => {
    expect(missingContentKey('learningStory', 0, 0)).toBe('no-framework-indicators-or-checkpoints-attached');
    expect(missingContentKey('learningStory', 0, 2)).toBeNull();
    expect(missingContentKey('learningStory', 3, 0)).toBeNull();
  });

  it('shows nothing for other types or when the counts are missing', () => {
    expect(missingContentKey('sleep', 0, 0)).toBeNull();
    expect(missingContentKey('meal', 0, 0)).toBeNull();
    expect(missingContentKey('observation', undefined, undefined)).toBeNull();
  });
});

describe('mediaTiles', () => {
  it('shows the first four and counts the rest', () => {
    expect(mediaTiles(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(mediaTiles(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(mediaTiles(undefined)).toEqual({ shown: [], more: 0 });
  });
});

describe('headings and status badges', () => {
  const statuses = EVENT_STATUSES.map((s) => ({ id: s.id, value: s.value }));
  const ids = statuses.map((s) => s.id);

  it('calls the draft status Drafts and others by name', () => {
    expect(headingKind(1, statuses)).toEqual({ kind: 'drafts' });
    expect(headingKind(5, statuses)).toEqual({ kind: 'status', name: 'Published' });
    expect(headingKind(0, statuses)).toEqual({ kind: 'all' });
  });

  it('shows status badges only for every status', () => {
    expect(isAllStatuses(1, ids)).toBe(false);
    expect(isAllStatuses(0, ids)).toBe(true);
  });
});
