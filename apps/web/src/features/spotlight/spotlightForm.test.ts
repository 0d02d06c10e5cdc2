import { EVENT_STATUSES, EventStatus } from '@nursery/domain/common';
import type { SpotlightTypeSetup } from '@nursery/domain/spotlight';
import { describe, expect, it } from 'vitest';
import {
  canSelectAll,
  contentBadgeKey,
  effectiveType,
  newSpotlightForm,
  type SpotlightForm,
  spotlightProblems,
  spotlightSaveTargets,
  withConsideration,
  withListedMediaOnly,
  withMediaTokens,
  withoutMedia,
  withSpotlightType,
} from './spotlightForm';

const type = (
  id: number,
  tag: 'snapshot' | 'learningStory',
  codes: [number, string][],
): SpotlightTypeSetup => ({
  id,
  type: tag,
  name: tag === 'snapshot' ? 'Snapshot' : 'Learning story',
  codes: codes.map(([cid, value]) => ({ id: cid, value })),
  twoYearCodeIDs: [],
  addMedia: true,
  addPhoto: true,
  addVideo: true,
  saveStatusIDs: [1, 3],
  textLimits: { notes: 10, childsVoice: 5, parentNotes: 5, considerationNotes: null },
});
const snapshot = type(10, 'snapshot', [[101, 'Snapshot']]);
const story = type(11, 'learningStory', [
  [111, 'Learning story'],
  [112, 'Two year check'],
]);
const now = new Date('2026-06-15T09:30:00Z');
const form = (over: Partial<SpotlightForm> = {}): SpotlightForm => ({
  ...newSpotlightForm({ type: snapshot, now, timeZone: 'Europe/London', uuid: 'u' }),
  ...over,
});
const ctx = {
  isNew: true,
  limits: { notes: 10, childsVoice: 5, parentNotes: 5 },
  twoYear: false,
  dobOf: () => '2024-01-01',
};

describe('type tabs and switching', () => {
  it('switches a snapshot to a learning story when snapshots are off', () => {
    expect(effectiveType('snapshot', [story])?.type).toBe('learningStory');
    expect(effectiveType('learningStory', [snapshot])?.type).toBe('snapshot');
    expect(effectiveType(null, [snapshot, story])?.type).toBe('snapshot');
    expect(effectiveType('snapshot', [])).toBeNull();
  });
  it('resets the code to the first of the new type and drops what the type does not have', () => {
    const f = withSpotlightType(form({ childsVoice: 'said hi', notes: 'kept', childIDs: [1] }), story);
    expect(f.codeID).toBe(111);
    expect(f.tag).toBe('learningStory');
    expect(f.childsVoice).toBe('');
    expect(f.notes).toBe('kept');
    const back = withSpotlightType({ ...f, parentNotes: 'p', checkpointIDs: [3] }, snapshot);
    expect(back.codeID).toBe(101);
    expect(back.parentNotes).toBe('');
    expect(back.checkpointIDs).toEqual([]);
  });
  it('offers select-all for a new snapshot only', () => {
    expect(canSelectAll('snapshot', true)).toBe(true);
    expect(canSelectAll('learningStory', true)).toBe(false);
    expect(canSelectAll('snapshot', false)).toBe(false);
  });
});

describe('problems', () => {
  it('needs a child, and a single one for a learning story (the spec warning)', () => {
    expect(spotlightProblems(form(), ctx)).toContainEqual({
      kind: 'message',
      key: 'select-at-least-one-child',
    });
    const ls = withSpotlightType(form({ childIDs: [1, 2] }), story);
    expect(spotlightProblems(ls, ctx)).toEqual([{ kind: 'message', key: 'learning-story-single-child' }]);
    expect(spotlightProblems(form({ childIDs: [1, 2, 3] }), ctx)).toEqual([]);
  });
  it('refuses a two-year check for a child outside the age window', () => {
    const ls = { ...withSpotlightType(form({ childIDs: [1] }), story), codeID: 112 };
    expect(spotlightProblems(ls, { ...ctx, twoYear: true, dobOf: () => '2025-06-01' })).toEqual([
      { kind: 'message', key: 'selected-child-invalid-twoyear' },
    ]);
    expect(spotlightProblems(ls, { ...ctx, twoYear: true, dobOf: () => '2024-03-01' })).toEqual([]);
  });
  it('counts text over its limit per field of the type', () => {
    const problems = spotlightProblems(
      form({ childIDs: [1], notes: '12345678901', childsVoice: '123456' }),
      ctx,
    );
    expect(problems).toEqual([
      { kind: 'text', field: 'notes', over: 1, max: 10 },
      { kind: 'text', field: 'childsVoice', over: 1, max: 5 },
    ]);
  });
  it('refuses more than 255 gradings plus best fits', () => {
    const gradings = Array.from({ length: 256 }, (_, i) => ({
      itemID: `/-1/${i}/`,
      value: 1 as const,
      ageRangeID: -2300,
      notes: '',
    }));
    expect(spotlightProblems(form({ childIDs: [1], gradings }), ctx)).toEqual([
      { kind: 'message', key: 'too-many-gradings', params: { max: 255, count: 256 } },
    ]);
    // A grading with nothing in it does not count.
    const empty = { itemID: '/-1/x/', value: null, ageRangeID: null, notes: ' ' };
    expect(spotlightProblems(form({ childIDs: [1], gradings: [...gradings.slice(1), empty] }), ctx)).toEqual(
      [],
    );
  });
});

describe('considerations and save buttons', () => {
  const statuses = EVENT_STATUSES.map((s) => ({ ...s }));
  const allowed = [EventStatus.Draft, EventStatus.Pending, EventStatus.Published, EventStatus.Archived];
  it('refuses archived and published with an Intervention, pending stays offered', () => {
    const consideration = { status: 'Intervention', notes: 'Speech', visibleToParents: true };
    const targets = spotlightSaveTargets({
      allowedStatusIDs: allowed,
      statuses,
      consideration,
      canPublishConsiderations: false,
    });
    expect(targets.map((t) => [t.statusID, t.refusedKey])).toEqual([
      [EventStatus.Draft, null],
      [EventStatus.Pending, null],
      [EventStatus.Published, 'restricted-consideration-publish'],
      [EventStatus.Archived, 'restricted-consideration-publish'],
    ]);
    const manager = spotlightSaveTargets({
      allowedStatusIDs: allowed,
      statuses,
      consideration,
      canPublishConsiderations: true,
    });
    expect(manager.every((t) => t.refusedKey === null)).toBe(true);
    const monitor = spotlightSaveTargets({
      allowedStatusIDs: allowed,
      statuses,
      consideration: { ...consideration, status: 'Monitor' },
      canPublishConsiderations: false,
    });
    expect(monitor.every((t) => t.refusedKey === null)).toBe(true);
  });
  it('makes the edited event status the primary button, else the first incomplete one', () => {
    const base = { allowedStatusIDs: allowed, statuses, consideration: null, canPublishConsiderations: true };
    expect(spotlightSaveTargets(base).find((t) => t.primary)?.statusID).toBe(EventStatus.Draft);
    expect(
      spotlightSaveTargets({ ...base, currentStatusID: EventStatus.Pending }).find((t) => t.primary)
        ?.statusID,
    ).toBe(EventStatus.Pending);
  });
  it('clears visibleToParents when the status is not Intervention', () => {
    const f = form({ consideration: { status: 'Intervention', notes: '', visibleToParents: true } });
    expect(withConsideration(f, { status: 'Monitor' }).consideration?.visibleToParents).toBe(false);
    expect(withConsideration(f, { notes: 'x' }).consideration?.visibleToParents).toBe(true);
  });
  it('shows the badge per type', () => {
    expect(contentBadgeKey(form())).toBe('no-framework-indicators-attached');
    const ls = withSpotlightType(form(), story);
    expect(contentBadgeKey(ls)).toBe('no-framework-indicators-or-checkpoints-attached');
    expect(contentBadgeKey({ ...ls, checkpointIDs: [1] })).toBeNull();
  });
});

describe('media', () => {
  it('removes a medium', () => {
    const m = { id: 'a', type: 'image' as const, token: 't', url: null, thumbnailUrl: null };
    const f = withoutMedia(form({ media: [m], mediaIDs: ['a'] }), 'a');
    expect(f.media).toEqual([]);
    expect(f.mediaIDs).toEqual([]);
  });
  it('gives the files uploaded just before a save their tokens, leaving the others as they were', () => {
    const media = [
      { id: 'a', type: 'image' as const, token: null, url: 'blob:a', thumbnailUrl: 'blob:a' },
      { id: 'b', type: 'image' as const, token: 'tb', url: null, thumbnailUrl: null },
      { id: 'c', type: 'video' as const, token: null, url: 'blob:c', thumbnailUrl: 'blob:c' },
    ];
    const f = withMediaTokens(form({ mediaIDs: ['a', 'b', 'c'], media }), [{ id: 'a', token: 'ta' }]);
    expect(f.media.map((m) => m.token)).toEqual(['ta', 'tb', null]);
    expect(f.mediaIDs).toEqual(['a', 'b', 'c']);
  });
  it('keeps the details of listed media only (a restored draft without a lost offline photo)', () => {
    const m = (id: string) => ({ id, type: 'image' as const, token: null, url: null, thumbnailUrl: null });
    const kept = form({ mediaIDs: ['a'], media: [m('a')] });
    expect(withListedMediaOnly(kept)).toBe(kept);
    expect(withListedMediaOnly(form({ mediaIDs: ['a'], media: [m('a'), m('b')] })).media).toEqual([m('a')]);
  });
});
