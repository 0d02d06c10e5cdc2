import { SPOTLIGHT_TAGS, SPOTLIGHT_TEXT_FIELDS } from '@nursery/domain/events';
import type { SpotlightTypeSetup } from '@nursery/domain/spotlight';
import { hasTextField, type SpotlightEvent, spotlightTextsOfType } from '@nursery/domain/spotlight';
import { describe, expect, it } from 'vitest';
import { formFromAnswer, newForm, problemsOf, spotlightAnswer, switchType } from './model';
import {
  contentBadgeKey,
  type SpotlightForm,
  toUpdateInput,
  withConsideration,
  withListedMediaOnly,
  withMediaTokens,
  withoutMedia,
} from './spotlightPart';

const stored: SpotlightEvent = {
  id: 42,
  version: 3,
  typeID: 11,
  type: 'learningStory',
  code: { id: 111, value: 'Learning story' },
  childIDs: [7],
  siteID: 1,
  date: '2026-11-20',
  time: '10:30',
  // Every text field: the story's as written, the others null (as stored).
  ...spotlightTextsOfType({ notes: 'Baked bread', parentNotes: 'Loved it' }, 'learningStory'),
  media: [{ id: 'm1', url: 'u', type: 'image', thumbnailUrl: 't', mediaToken: 'tok' }],
  gradings: [
    { itemID: '/-23/1/', value: 1, ageRangeID: -2503, notes: null },
    { itemID: '/-23/2/', value: null, ageRangeID: null, notes: null },
  ],
  bestFits: [{ itemID: '/-23/3/', ageRangeID: -2504 }],
  checkpointIDs: [5],
  checkpointNotes: [{ checkpointID: 5, note: 'Points to pictures' }],
  considerations: [{ id: 9, status: 'Intervention', notes: 'Speech', visibleToParents: true }],
  editable: true,
  statusID: 3,
  status: 'Pending',
  textLimits: { notes: 6000, childsVoice: 1000, parentNotes: 2000, considerationNotes: 2000 },
  permittedActions: {
    saveStatusIDs: [3, 1],
    addMedia: true,
    addPhoto: true,
    addVideo: true,
    editParentNotes: true,
    publishConsiderations: false,
  },
};

describe('form and updateEvent input', () => {
  it('reads a stored event and sends it back with its version, counting gradings only', () => {
    const form = formFromAnswer(spotlightAnswer(stored, 'uuid'));
    expect(form.consideration).toEqual({
      id: 9,
      status: 'Intervention',
      notes: 'Speech',
      visibleToParents: true,
    });
    const input = toUpdateInput(form, { event: stored, statusID: 3 });
    expect(input).toMatchObject({
      id: 42,
      version: 3,
      uuid: null,
      type: 'learningStory',
      codeID: 111,
      childIDs: [7],
      childsVoice: null,
      parentNotes: 'Loved it',
      bestFits: [{ itemID: '/-23/3/', ageRangeID: -2504 }],
      checkpointIDs: [5],
      checkpointNotes: [{ checkpointID: 5, note: 'Points to pictures' }],
      mediaTokens: [{ mediaID: 'm1', token: 'tok' }],
      statusID: 3,
    });
    expect(input.gradings).toEqual([{ itemID: '/-23/1/', value: 1, ageRangeID: -2503, notes: null }]);
  });
  it('sends an add with its uuid and no learning-story fields for a snapshot', () => {
    const form = {
      ...formFromAnswer(spotlightAnswer(stored, 'u-1')),
      tag: 'snapshot' as const,
      childsVoice: 'Hi',
    };
    const input = toUpdateInput(form, { event: null, statusID: 1 });
    expect(input).toMatchObject({
      id: null,
      version: null,
      uuid: 'u-1',
      childsVoice: 'Hi',
      parentNotes: null,
    });
    expect(input.bestFits).toEqual([]);
    expect(input.checkpointIDs).toEqual([]);
    expect(input.checkpointNotes).toEqual([]);
  });
  it.each(SPOTLIGHT_TEXT_FIELDS)(
    'reads %s from the answer and sends it for the types that have it only',
    (field) => {
      for (const type of SPOTLIGHT_TAGS) {
        const event = { ...stored, type, [field]: 'Written' };
        const input = toUpdateInput(formFromAnswer(spotlightAnswer(event, 'u-3')), { event, statusID: 3 });
        expect(input[field], type).toBe(hasTextField(type, field) ? 'Written' : null);
      }
    },
  );
  it('sends no note for a checkpoint taken off, nor a blank one', () => {
    const form = {
      ...formFromAnswer(spotlightAnswer(stored, 'u-2')),
      checkpointIDs: [5, 6],
      checkpointNotes: [
        { checkpointID: 5, note: '  ' },
        { checkpointID: 6, note: 'Stacks three bricks' },
        { checkpointID: 8, note: 'Removed from the event' },
      ],
    };
    expect(toUpdateInput(form, { event: stored, statusID: 3 }).checkpointNotes).toEqual([
      { checkpointID: 6, note: 'Stacks three bricks' },
    ]);
  });
});

const setupType = (
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
const snapshot = setupType(10, 'snapshot', [[101, 'Snapshot']]);
const story = setupType(11, 'learningStory', [
  [111, 'Learning story'],
  [112, 'Two year check'],
]);
const now = new Date('2026-06-15T09:30:00Z');
const form = (over: Partial<SpotlightForm> = {}): SpotlightForm => ({
  ...newForm({ kind: 'spotlight', type: snapshot, now, timeZone: 'Europe/London', uuid: 'u' }),
  ...over,
});
const ctx = {
  isNew: true,
  limits: { notes: 10, childsVoice: 5, parentNotes: 5 },
  twoYear: false,
  dobOf: () => '2024-01-01',
};

describe('Spotlight forms: switching type', () => {
  it('resets the code to the first of the new type and drops what the type does not have', () => {
    const f = switchType(form({ childsVoice: 'said hi', notes: 'kept', childIDs: [1] }), { type: story });
    expect(f.codeID).toBe(111);
    expect(f.tag).toBe('learningStory');
    expect(f.childsVoice).toBe('');
    expect(f.notes).toBe('kept');
    const back = switchType({ ...f, parentNotes: 'p', checkpointIDs: [3] }, { type: snapshot });
    expect(back.codeID).toBe(101);
    expect(back.parentNotes).toBe('');
    expect(back.checkpointIDs).toEqual([]);
  });
});

describe('Spotlight forms: problems', () => {
  it('needs a child, and a single one for a learning story (the spec warning)', () => {
    expect(problemsOf(form(), ctx)).toContainEqual({
      kind: 'message',
      key: 'select-at-least-one-child',
    });
    const ls = switchType(form({ childIDs: [1, 2] }), { type: story });
    expect(problemsOf(ls, ctx)).toEqual([{ kind: 'message', key: 'learning-story-single-child' }]);
    expect(problemsOf(form({ childIDs: [1, 2, 3] }), ctx)).toEqual([]);
  });
  it('refuses a two-year check for a child outside the age window', () => {
    const ls = { ...switchType(form({ childIDs: [1] }), { type: story }), codeID: 112 };
    expect(problemsOf(ls, { ...ctx, twoYear: true, dobOf: () => '2025-06-01' })).toEqual([
      { kind: 'message', key: 'selected-child-invalid-twoyear' },
    ]);
    expect(problemsOf(ls, { ...ctx, twoYear: true, dobOf: () => '2024-03-01' })).toEqual([]);
  });
  it('counts text over its limit per field of the type', () => {
    const problems = problemsOf(form({ childIDs: [1], notes: '12345678901', childsVoice: '123456' }), ctx);
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
    expect(problemsOf(form({ childIDs: [1], gradings }), ctx)).toEqual([
      { kind: 'message', key: 'too-many-gradings', params: { max: 255, count: 256 } },
    ]);
    // A grading with nothing in it does not count.
    const empty = { itemID: '/-1/x/', value: null, ageRangeID: null, notes: ' ' };
    expect(problemsOf(form({ childIDs: [1], gradings: [...gradings.slice(1), empty] }), ctx)).toEqual([]);
  });
});

describe('Spotlight forms: the consideration and the content badge', () => {
  it('shows the badge per type', () => {
    expect(contentBadgeKey(form())).toBe('no-framework-indicators-attached');
    const ls = switchType(form(), { type: story });
    expect(contentBadgeKey(ls)).toBe('no-framework-indicators-or-checkpoints-attached');
    expect(contentBadgeKey({ ...ls, checkpointIDs: [1] })).toBeNull();
  });
  it('clears visibleToParents when the status is not Intervention', () => {
    const f = form({ consideration: { status: 'Intervention', notes: '', visibleToParents: true } });
    expect(withConsideration(f, { status: 'Monitor' }).consideration?.visibleToParents).toBe(false);
    expect(withConsideration(f, { notes: 'x' }).consideration?.visibleToParents).toBe(true);
  });
});

describe('Spotlight forms: media', () => {
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
