import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EVENT_STORED_FIELDS,
  EVENT_SUBJECTS_MAX,
  EventSavePayload,
  EventStoredFields,
  EventView,
  SPOTLIGHT_TEXT_FIELDS,
  SpotlightTextFields,
  stripPayloadControlCharacters,
} from './events.ts';
import { SpotlightEvent, UpdateEventInput } from './spotlight.ts';

const base = { uuid: randomUUID(), raised: '2026-11-20T10:00:00.000Z', statusID: 1, typeID: 1, codeID: 2 };

describe('EventSavePayload', () => {
  it('fills the defaults of a minimal save', () => {
    const p = EventSavePayload.parse({ ...base, subjects: [4] });
    expect(p).toMatchObject({
      subjects: [4],
      values: [],
      nextSteps: [],
      mediaIDs: [],
      meals: [],
      learningStyles: 0,
      tagged: false,
    });
  });
  it('refuses a bad uuid, an unknown status, too many children and a long portion amount', () => {
    expect(EventSavePayload.safeParse({ ...base, uuid: 'x' }).success).toBe(false);
    expect(EventSavePayload.safeParse({ ...base, statusID: 2 }).success).toBe(false);
    const many = Array.from({ length: EVENT_SUBJECTS_MAX + 1 }, (_, i) => i + 1);
    expect(EventSavePayload.safeParse({ ...base, subjects: many }).success).toBe(false);
    // A snapshot takes 200 children (spec 001); the type's own limit is the server's check.
    expect(EventSavePayload.safeParse({ ...base, subjects: many.slice(0, 200) }).success).toBe(true);
    expect(
      EventSavePayload.safeParse({ ...base, meals: [{ mealID: 1, portionAmount: 'x'.repeat(101) }] }).success,
    ).toBe(false);
    expect(
      EventSavePayload.safeParse({ ...base, meals: [{ mealID: 1, portionAmount: 'x'.repeat(100) }] }).success,
    ).toBe(true);
  });
  it('accepts gradings and next steps, and refuses a grade outside 0-2', () => {
    const values = [{ itemID: '/-29/1/', ageRangeID: 3, value: 1, notes: null }];
    const nextSteps = [{ notes: 'Next', links: ['/-29/1/'], completed: false }];
    expect(EventSavePayload.parse({ ...base, values, nextSteps }).values).toEqual(values);
    expect(EventSavePayload.safeParse({ ...base, values: [{ itemID: '/a/', value: 3 }] }).success).toBe(
      false,
    );
    expect(EventSavePayload.safeParse({ ...base, raised: 'yesterday' }).success).toBe(false);
  });
});

describe('EventSavePayload: ids, instants and text (issue 11)', () => {
  const bad = (over: Record<string, unknown>) => EventSavePayload.safeParse({ ...base, ...over }).success;

  it('refuses ids of 2^31 and more wherever an id goes, and keeps 2^31-1', () => {
    const big = 2 ** 31;
    for (const over of [
      { subjects: [big] },
      { childID: big },
      { priorityID: big },
      { areaID: big },
      { typeID: big },
      { learningStyles: big },
      { completedNextStepIDs: [big] },
      { values: [{ itemID: '/-29/1/', ageRangeID: big, value: 1 }] },
      { meals: [{ mealID: big }] },
      { nextSteps: [{ id: big, links: [] }] },
      { version: big },
    ]) {
      expect(bad(over), JSON.stringify(over)).toBe(false);
    }
    expect(bad({ subjects: [big - 1], learningStyles: big - 1 })).toBe(true);
    expect(bad({ values: [{ itemID: '/-23/1/', ageRangeID: -2300, value: 1 }] })).toBe(true);
  });

  it('refuses impossible and out-of-range instants', () => {
    for (const raised of ['2026-02-30T10:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T00:00:00Z']) {
      expect(bad({ raised }), raised).toBe(false);
      expect(bad({ date2: raised }), raised).toBe(false);
    }
  });

  it('refuses control characters in every text field', () => {
    for (const over of [
      { notes: 'a\u0000b' },
      { childsVoice: '\u0007' },
      { ref2: '\u007f' },
      { values: [{ itemID: '/-29/1/', value: 1, notes: '\u0000' }] },
      { nextSteps: [{ notes: '\u0000', links: [] }] },
      { nextSteps: [{ notes: 'x', links: ['/-29/\u0000/'] }] },
      { meals: [{ mealID: 1, portionAmount: '\u0000' }] },
    ]) {
      expect(bad(over), JSON.stringify(over)).toBe(false);
    }
    expect(bad({ notes: 'one\ntwo\r\n\tthree' })).toBe(true);
  });
});

describe('stripPayloadControlCharacters', () => {
  it('cleans every free-text field so the payload passes, and keeps the rest', () => {
    const dirty = EventSavePayload.parse({ ...base, subjects: [4] });
    const payload = {
      ...dirty,
      notes: 'Built\u0000 a tower\n',
      childsVoice: '\u001bhello',
      ref2: null,
      values: [{ itemID: '/-29/1/', value: 1, notes: 'n\u0000' }],
      nextSteps: [{ notes: '\u0085step', links: ['/-29/1/'], completed: false }],
      meals: [{ mealID: 1, portionAmount: 'half\u0000' }],
    };
    expect(EventSavePayload.safeParse(payload).success).toBe(false);
    const clean = stripPayloadControlCharacters(payload);
    expect(EventSavePayload.safeParse(clean).success).toBe(true);
    expect(clean).toEqual({
      ...payload,
      notes: 'Built a tower\n',
      childsVoice: 'hello',
      values: [{ itemID: '/-29/1/', value: 1, notes: 'n' }],
      nextSteps: [{ notes: 'step', links: ['/-29/1/'], completed: false }],
      meals: [{ mealID: 1, portionAmount: 'half' }],
    });
  });
});

describe('EventStoredFields', () => {
  it('declares each simple stored field once for the payload and the answer', () => {
    for (const key of EVENT_STORED_FIELDS) {
      expect(EventSavePayload.shape[key], key).toBe(EventStoredFields[key].input);
      expect(EventView.shape[key], key).toBe(EventStoredFields[key].answer);
    }
  });
  it('keeps input checks out of the answer: a stored text is answered as it is', () => {
    const answer = EventView.shape.notes;
    expect(answer.safeParse('a\u0000b').success).toBe(true);
    expect(EventSavePayload.shape.notes.safeParse('a\u0000b').success).toBe(false);
  });
});

describe('SpotlightTextFields', () => {
  it('gives the Spotlight answer and input their text fields, from the events row where it has them', () => {
    for (const key of SPOTLIGHT_TEXT_FIELDS) {
      expect(SpotlightEvent.shape[key], key).toBe(SpotlightTextFields[key].answer);
      expect(UpdateEventInput.shape[key], key).toBe(SpotlightTextFields[key].input);
    }
    expect(SpotlightTextFields.notes.answer).toBe(EventView.shape.notes);
    expect(SpotlightTextFields.childsVoice.input).toBe(EventSavePayload.shape.childsVoice);
    // Parent notes are REST's ref2.
    expect(SpotlightTextFields.parentNotes.answer).toBe(EventView.shape.ref2);
    expect(SpotlightTextFields.parentNotes.input).toBe(EventSavePayload.shape.ref2);
  });
  it("takes the Spotlight answer's row fields from the events answer", () => {
    for (const key of ['id', 'version', 'typeID', 'siteID', 'statusID'] as const)
      expect(SpotlightEvent.shape[key], key).toBe(EventView.shape[key]);
  });
});
