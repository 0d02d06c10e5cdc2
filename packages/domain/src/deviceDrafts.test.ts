import { describe, expect, it } from 'vitest';
import {
  type DraftsListFilter,
  deviceDraftsList,
  type WaitingSave,
  type WaitingSaveContext,
  waitingSaveOnList,
} from './deviceDrafts.ts';
import { EventStatus } from './statuses.ts';

const context: WaitingSaveContext = { statusIDs: [1, 2, 3, 4, 5, 6], staffID: 31, timeZone: 'Europe/London' };
const filter: DraftsListFilter = {
  siteID: 7,
  statusID: EventStatus.Draft,
  typeID: null,
  childIDs: [],
  authorID: null,
  areaID: null,
  from: null,
  to: null,
};
const save = (
  over: Partial<WaitingSave> = {},
  payload: Partial<WaitingSave['payload']> = {},
): WaitingSave => ({
  siteID: 7,
  status: 'pending',
  kind: 'create',
  eventID: null,
  ...over,
  payload: {
    statusID: EventStatus.Draft,
    typeID: 5,
    raised: '2026-11-22T10:15:00.000Z',
    subjects: [21, 22],
    values: [{ itemID: '/100/110/111/' }],
    ...payload,
  },
});

describe('waitingSaveOnList (saves waiting on this device, on the drafts list)', () => {
  it('shows a waiting draft of the site on the default list, whatever its upload state but done', () => {
    for (const status of ['pending', 'syncing', 'error', 'conflict']) {
      expect(waitingSaveOnList(save({ status }), filter, context)).toBe(true);
    }
    expect(waitingSaveOnList(save({ status: 'done' }), filter, context)).toBe(false);
  });

  it('follows the site and the status; all statuses leave out Deleted as the server does', () => {
    expect(waitingSaveOnList(save({ siteID: 8 }), filter, context)).toBe(false);
    expect(waitingSaveOnList(save({}, { statusID: 3 }), filter, context)).toBe(false);
    const all = { ...filter, statusID: 0 };
    expect(waitingSaveOnList(save({}, { statusID: 3 }), all, context)).toBe(true);
    expect(waitingSaveOnList(save({}, { statusID: EventStatus.Deleted }), all, context)).toBe(false);
  });

  it('follows the type and the children (a new event per subject, or the edited draft’s child)', () => {
    expect(waitingSaveOnList(save(), { ...filter, typeID: 6 }, context)).toBe(false);
    expect(waitingSaveOnList(save(), { ...filter, typeID: 5 }, context)).toBe(true);
    expect(waitingSaveOnList(save(), { ...filter, childIDs: [22, 40] }, context)).toBe(true);
    expect(waitingSaveOnList(save(), { ...filter, childIDs: [40] }, context)).toBe(false);
    const edit = save({ kind: 'update', eventID: 900 }, { subjects: [], childID: 40 });
    expect(waitingSaveOnList(edit, { ...filter, childIDs: [40] }, context)).toBe(true);
  });

  it('is the user’s own: another author’s filter leaves it out; a user without staff id never matches one', () => {
    expect(waitingSaveOnList(save(), { ...filter, authorID: 31 }, context)).toBe(true);
    expect(waitingSaveOnList(save(), { ...filter, authorID: 32 }, context)).toBe(false);
    expect(waitingSaveOnList(save(), { ...filter, authorID: 31 }, { ...context, staffID: null })).toBe(false);
  });

  it('matches an area of learning by a grading on an item of its subtree', () => {
    expect(waitingSaveOnList(save(), { ...filter, areaID: '/100/' }, context)).toBe(true);
    expect(waitingSaveOnList(save(), { ...filter, areaID: '/100/110/' }, context)).toBe(true);
    expect(waitingSaveOnList(save(), { ...filter, areaID: '/100/120/' }, context)).toBe(false);
    expect(waitingSaveOnList(save({}, { values: [] }), { ...filter, areaID: '/100/' }, context)).toBe(false);
    expect(waitingSaveOnList(save({}, { values: undefined }), { ...filter, areaID: '/100/' }, context)).toBe(
      false,
    );
  });

  it('matches the date range in the site’s local days, both ends included', () => {
    // 23:30 UTC on 21 June is 00:30 on 22 June in London (summer time).
    const late = save({}, { raised: '2026-06-21T23:30:00.000Z' });
    expect(waitingSaveOnList(late, { ...filter, from: '2026-06-22', to: '2026-06-22' }, context)).toBe(true);
    expect(waitingSaveOnList(late, { ...filter, to: '2026-06-21' }, context)).toBe(false);
    expect(waitingSaveOnList(late, { ...filter, from: '2026-06-23' }, context)).toBe(false);
    expect(waitingSaveOnList(late, { ...filter, to: '2026-06-21' }, { ...context, timeZone: 'UTC' })).toBe(
      true,
    );
    expect(
      waitingSaveOnList(save({}, { raised: 'not a date' }), { ...filter, from: '2026-01-01' }, context),
    ).toBe(false);
  });
});

describe('deviceDraftsList', () => {
  it('lists the matching saves newest first and drops server cards whose edit waits on the device', () => {
    const a = { ...save(), uuid: 'a' };
    const b = { ...save({}, { typeID: 6 }), uuid: 'b' };
    const c = { ...save({ kind: 'update', eventID: 11 }, { statusID: 3 }), uuid: 'c' };
    const d = { ...save({ kind: 'update', eventID: 12, status: 'done' }), uuid: 'd' };
    const events = [{ id: 10 }, { id: 11 }, { id: 12 }];
    const list = deviceDraftsList([a, b, c, d], events, { ...filter, typeID: 5 }, context);
    // c (published offline from Drafts) is not on the Drafts list, but the stale server draft goes too.
    expect(list.waiting.map((x) => x.uuid)).toEqual(['a']);
    expect(list.events.map((e) => e.id)).toEqual([10, 12]);
  });

  it('keeps the server cards as they are when nothing is being edited', () => {
    const events = [{ id: 10 }, { id: 11 }];
    expect(deviceDraftsList([], events, filter, context)).toEqual({ waiting: [], events });
  });
});
