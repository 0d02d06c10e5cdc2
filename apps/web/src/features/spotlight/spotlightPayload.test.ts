import { SPOTLIGHT_TAGS, SPOTLIGHT_TEXT_FIELDS } from '@nursery/domain/events';
import { hasTextField, type SpotlightEvent, spotlightTextsOfType } from '@nursery/domain/spotlight';
import { describe, expect, it } from 'vitest';
import { eventsRedirect, parseSpotlightRoute, parseTypeParam } from './routeParams';
import { formFromEvent, toUpdateInput } from './spotlightPayload';

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
    const form = formFromEvent(stored, 'uuid');
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
    const form = { ...formFromEvent(stored, 'u-1'), tag: 'snapshot' as const, childsVoice: 'Hi' };
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
        const input = toUpdateInput(formFromEvent(event, 'u-3'), { event, statusID: 3 });
        expect(input[field], type).toBe(hasTextField(type, field) ? 'Written' : null);
      }
    },
  );
  it('sends no note for a checkpoint taken off, nor a blank one', () => {
    const form = {
      ...formFromEvent(stored, 'u-2'),
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

describe('routes', () => {
  it('parses add, an id, and refuses anything else', () => {
    expect(parseSpotlightRoute('add')).toEqual({ mode: 'add' });
    expect(parseSpotlightRoute('12')).toEqual({ mode: 'edit', id: 12 });
    expect(parseSpotlightRoute('0')).toEqual({ mode: 'invalid' });
    expect(parseSpotlightRoute('99999999999')).toEqual({ mode: 'invalid' });
    expect(parseTypeParam('learningStory')).toBe('learningStory');
    expect(parseTypeParam('observation')).toBeNull();
  });
  it('sends #/events/{ids} to the first event', () => {
    expect(eventsRedirect('5,6')).toBe('/spotlight/5');
    expect(eventsRedirect('x')).toBe('/spotlight/add');
  });
});
