import { EVENT_STATUSES, EventStatus } from '@nursery/domain/common';
import { DEFAULT_EVENT_ROLES, DEFAULT_EVENT_TYPE_ACCESS } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import {
  changedFilterCount,
  type DraftsFilter,
  type DraftsFilterSession,
  defaultDraftsFilter,
  draftStatusID,
  draftsFilterStorageKey,
  parseStoredFilter,
  toSearchQuery,
  viewableStatusIDs,
  withSite,
} from './draftsFilter';

const roles = DEFAULT_EVENT_ROLES.map((r) => ({ id: r.id, viewStatusIDs: r.viewStatusIDs }));
const session = (
  access: {
    ownRoleIDs: readonly number[];
    othersRoleIDs: readonly number[];
  } = DEFAULT_EVENT_TYPE_ACCESS.manager,
): DraftsFilterSession => ({
  site: { id: 7 },
  sites: [{ id: 7 }, { id: 9 }],
  config: {
    eventStatuses: EVENT_STATUSES,
    eventTypes: [
      { id: 11, ...access },
      { id: 12, ...access },
    ],
    eventRoles: roles,
  },
});
const manager = session();
const practitioner = session(DEFAULT_EVENT_TYPE_ACCESS.practitioner);

const full: DraftsFilter = {
  siteID: 9,
  statusID: EventStatus.Pending,
  typeID: 12,
  childIDs: [3, 4],
  authorID: 21,
  areaID: '/-29/1/',
  from: '2026-01-01',
  to: '2026-01-31',
  oldestFirst: true,
};

describe('default drafts filter', () => {
  it('is the current site, the draft status (incomplete, not awaiting approval), nothing else, newest first', () => {
    expect(defaultDraftsFilter(manager)).toEqual({
      siteID: 7,
      statusID: EventStatus.Draft,
      typeID: null,
      childIDs: [],
      authorID: null,
      areaID: null,
      from: null,
      to: null,
      oldestFirst: false,
    });
  });

  it('finds the draft status by its flags, not by its id', () => {
    const statuses = [
      { id: 30, incomplete: true, awaitingApproval: true },
      { id: 31, incomplete: true, awaitingApproval: false },
    ];
    expect(draftStatusID(statuses)).toBe(31);
    expect(draftStatusID([])).toBe(EventStatus.Draft);
  });
});

describe('viewable statuses', () => {
  it("are the view lists of the roles the user's types give", () => {
    expect(viewableStatusIDs(manager.config)).toEqual([1, 3, 4, 5, 6]);
    expect(viewableStatusIDs(practitioner.config)).toEqual([1, 3, 4, 5]);
  });
});

describe('stored filter', () => {
  it('round-trips through JSON', () => {
    expect(parseStoredFilter(JSON.stringify(full), manager)).toEqual(full);
  });

  it('gives null for nothing stored or garbage', () => {
    expect(parseStoredFilter(null, manager)).toBeNull();
    expect(parseStoredFilter('', manager)).toBeNull();
    expect(parseStoredFilter('{not json', manager)).toBeNull();
    expect(parseStoredFilter('[]', manager)).toBeNull();
    expect(parseStoredFilter('42', manager)).toBeNull();
    expect(parseStoredFilter(JSON.stringify({ siteID: 7 }), manager)).toBeNull();
  });

  it('gives null for a site the user no longer has', () => {
    expect(parseStoredFilter(JSON.stringify({ ...full, siteID: 8 }), manager)).toBeNull();
  });

  it('gives null for a status the user cannot view, or a type that no longer exists', () => {
    const deleted = JSON.stringify({ ...full, statusID: EventStatus.Deleted });
    expect(parseStoredFilter(deleted, manager)?.statusID).toBe(EventStatus.Deleted);
    expect(parseStoredFilter(deleted, practitioner)).toBeNull();
    expect(parseStoredFilter(JSON.stringify({ ...full, statusID: 99 }), manager)).toBeNull();
    expect(parseStoredFilter(JSON.stringify({ ...full, typeID: 13 }), manager)).toBeNull();
  });

  it('checks every field', () => {
    const bad: Partial<Record<keyof DraftsFilter, unknown>>[] = [
      { childIDs: 'x' },
      { childIDs: [1, -2] },
      { childIDs: [1.5] },
      { childIDs: Array.from({ length: 121 }, (_, i) => i + 1) },
      { authorID: '21' },
      { areaID: 'maths' },
      { areaID: 7 },
      { from: '01/01/2026' },
      { to: '2026-13-45' },
      { oldestFirst: 'true' },
      { typeID: undefined },
    ];
    for (const change of bad)
      expect(parseStoredFilter(JSON.stringify({ ...full, ...change }), manager)).toBeNull();
  });

  it('drops repeated children', () => {
    expect(parseStoredFilter(JSON.stringify({ ...full, childIDs: [3, 3, 4] }), manager)?.childIDs).toEqual([
      3, 4,
    ]);
  });

  it("is kept under the user's id", () => {
    expect(draftsFilterStorageKey(5)).toBe('nursery.draftsFilter.5');
    expect(draftsFilterStorageKey(5)).not.toBe(draftsFilterStorageKey(6));
  });
});

describe('search query', () => {
  it('has only the filters that are set, and always fields=cards', () => {
    expect(toSearchQuery(defaultDraftsFilter(manager))).toEqual({
      siteID: '7',
      statusID: '1',
      fields: 'cards',
    });
  });

  it('has every filter that is set', () => {
    expect(toSearchQuery(full)).toEqual({
      siteID: '9',
      statusID: '3',
      typeID: '12',
      childIDs: '3,4',
      authorID: '21',
      areaID: '/-29/1/',
      from: '2026-01-01',
      to: '2026-01-31',
      oldestFirst: 'true',
      fields: 'cards',
    });
  });
});

describe('site change and changed filters', () => {
  it('a site change drops the children, the author and the area', () => {
    expect(withSite(full, 7)).toEqual({ ...full, siteID: 7, childIDs: [], authorID: null, areaID: null });
    expect(withSite(full, 9)).toBe(full);
  });

  it('counts the filters that differ from the default', () => {
    const d = defaultDraftsFilter(manager);
    expect(changedFilterCount(d, d)).toBe(0);
    expect(changedFilterCount({ ...d, typeID: 11, from: '2026-01-01', to: '2026-01-02' }, d)).toBe(2);
    expect(changedFilterCount(full, d)).toBe(8);
  });
});
