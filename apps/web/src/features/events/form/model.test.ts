import type { EventTypeConfig } from '@nursery/domain/account';
import { type EventDetail, EventSavePayload } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import { learningStyleBits, toSavePayload } from './eventsPart';
import { formFromAnswer, newForm, problemsOf, restAnswer, switchType } from './model';

const TZ = 'Europe/London';
const type = (tag: EventTypeConfig['tag'], codes: EventTypeConfig['codes']): EventTypeConfig => ({
  id: tag === 'assessment' ? 2 : tag === 'sleep' ? 3 : 1,
  value: tag,
  tag,
  canView: true,
  enabled: true,
  addMedia: true,
  addPhoto: true,
  addVideo: true,
  canTag: true,
  autoTag: false,
  ownRoleIDs: [],
  othersRoleIDs: [],
  codes,
});
const observation = type('observation', [
  { id: 10, value: 'Observation', enabled: true },
  { id: 11, value: 'Group observation', enabled: true },
]);
const assessment = type('assessment', [{ id: 20, value: 'Assessment', enabled: true, key: null }]);
const sleep = type('sleep', [{ id: 30, value: 'Sleep', enabled: true }]);
// 14:05 GMT on 21/11/2026.
const at = new Date('2026-11-21T14:05:00Z');

describe('a new form', () => {
  it('starts now in the site time zone, with the only code chosen and the route children', () => {
    const f = newForm({
      kind: 'events',
      now: new Date('2026-07-01T08:30:00Z'),
      timeZone: TZ,
      type: assessment,
      childIDs: [4, 5],
    });
    expect(f).toMatchObject({ date: '2026-07-01', time: '09:30', codeID: 20, typeID: 2 });
    // An assessment takes one child.
    expect(f.childIDs).toEqual([4]);
    expect(f.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a code when there are several, and names what is missing', () => {
    const f = newForm({ kind: 'events', now: at, timeZone: TZ, type: observation });
    expect(f.codeID).toBeNull();
    const keys = problemsOf(f, { type: observation, isNew: true, timeZone: TZ }).map((p) => p.key);
    expect(keys).toEqual(['select-event-code', 'select-at-least-one-child', 'event-no-content']);
  });

  it('refuses a type with no codes, several children on a new assessment, bad dates and times', () => {
    const none = type('observation', [{ id: 12, value: 'Old', enabled: false }]);
    const f = {
      ...newForm({ kind: 'events', now: at, timeZone: TZ, type: none }),
      childIDs: [1],
      notes: 'Painted',
    };
    expect(problemsOf(f, { type: none, isNew: true, timeZone: TZ }).map((p) => p.key)).toEqual([
      'no-event-codes',
    ]);
    const a = {
      ...newForm({ kind: 'events', now: at, timeZone: TZ, type: assessment }),
      childIDs: [1, 2],
      notes: 'Ran',
    };
    expect(problemsOf(a, { type: assessment, isNew: true, timeZone: TZ }).map((p) => p.key)).toEqual([
      'select-single-child-assessment',
    ]);
    const bad = { ...a, childIDs: [1], date: '2026-02-30', time: '25:00' };
    expect(problemsOf(bad, { type: assessment, isNew: true, timeZone: TZ }).map((p) => p.key)).toEqual([
      'select-valid-date',
      'time-required',
    ]);
    const obs = { ...f, codeID: 10, date: '' };
    expect(problemsOf(obs, { type: observation, isNew: true, timeZone: TZ })[0]?.key).toBe(
      'provide-valid-date',
    );
  });

  it('refuses a sleep that ends before it starts; an end past midnight takes its own date', () => {
    const f = {
      ...newForm({ kind: 'events', now: at, timeZone: TZ, type: sleep }),
      childIDs: [1],
      time: '13:00',
      endTime: '12:30',
    };
    expect(problemsOf(f, { type: sleep, isNew: true, timeZone: TZ }).map((p) => p.key)).toEqual([
      'end-time-must-be-after-start-time',
    ]);
    const overnight = { ...f, time: '23:30', endDate: '2026-11-22', endTime: '00:15' };
    expect(problemsOf(overnight, { type: sleep, isNew: true, timeZone: TZ })).toEqual([]);
    expect(toSavePayload(overnight, { statusID: 1, timeZone: TZ, isNew: true }).date2).toBe(
      '2026-11-22T00:15:00.000Z',
    );
  });
});

describe('content and dates in the future (issue 13)', () => {
  const ready = (t: EventTypeConfig) => ({
    ...newForm({ kind: 'events', now: at, timeZone: TZ, type: t }),
    codeID: t.codes[0]!.id,
    childIDs: [1],
  });
  const keys = (f: ReturnType<typeof ready>, t: EventTypeConfig, opts = {}) =>
    problemsOf(f, { type: t, isNew: true, timeZone: TZ, now: at, ...opts }).map((p) => [p.field, p.key]);

  it('refuses an empty observation and accepts any content', () => {
    expect(keys(ready(observation), observation)).toEqual([['content', 'event-no-content']]);
    expect(keys({ ...ready(observation), notes: '  ' }, observation)).toEqual([
      ['content', 'event-no-content'],
    ]);
    expect(keys({ ...ready(observation), notes: 'Jumped' }, observation)).toEqual([]);
    expect(keys({ ...ready(observation), childsVoice: 'Wow' }, observation)).toEqual([]);
    expect(keys({ ...ready(observation), mediaIDs: ['m1'] }, observation)).toEqual([]);
    // A photo still uploading counts: the save waits for it.
    expect(keys({ ...ready(observation), uploading: ['m1'] }, observation)).toEqual([]);
    expect(keys({ ...ready(observation), learningStyleIDs: [2] }, observation)).toEqual([]);
    expect(
      keys(
        {
          ...ready(observation),
          nextSteps: [{ key: 'n', notes: '', links: ['/-29/1/'], completed: false }],
        },
        observation,
      ),
    ).toEqual([]);
    // A sleep is complete in itself.
    expect(keys(ready(sleep), sleep)).toEqual([]);
  });

  it('refuses a date or a sleep end in the future, with a grace of the clock', () => {
    const f = { ...ready(sleep) };
    expect(keys({ ...f, time: '14:20' }, sleep)).toEqual([]);
    expect(keys({ ...f, time: '14:21' }, sleep)).toEqual([['date', 'future-dates-not-allowed']]);
    expect(keys({ ...f, date: '2026-11-22', time: '09:00' }, sleep)).toEqual([
      ['date', 'future-dates-not-allowed'],
    ]);
    expect(keys({ ...f, time: '13:00', endTime: '15:00' }, sleep)).toEqual([
      ['end', 'future-dates-not-allowed'],
    ]);
    // Without a clock (or an edit that keeps its stored date) nothing is checked.
    expect(problemsOf({ ...f, date: '2027-01-01' }, { type: sleep, isNew: true, timeZone: TZ })).toEqual([]);
    const stored = { date: '2027-01-01', time: '09:00', endDate: '', endTime: '' };
    expect(keys({ ...f, ...stored }, sleep, { isNew: false, stored })).toEqual([]);
    expect(keys({ ...f, ...stored, time: '10:00' }, sleep, { isNew: false, stored })).toEqual([
      ['date', 'future-dates-not-allowed'],
    ]);
  });
});

describe('the save payload', () => {
  it('sends subjects for a new event, due = raised, parent notes as ref2, styles as a sum', () => {
    const f = {
      ...newForm({ kind: 'events', now: at, timeZone: TZ, type: observation }),
      codeID: 10,
      childIDs: [1, 2, 3],
      notes: 'Counted to ten',
      parentNotes: 'From home',
      learningStyleIDs: [1, 4],
      values: {
        '/-29/1/': { itemID: '/-29/1/', ageRangeID: -2300, value: 1, notes: null },
        '/-29/2/': { itemID: '/-29/2/', ageRangeID: null, value: null, notes: '  ' },
      },
      nextSteps: [
        { key: 'a', notes: '', links: [], completed: false },
        { key: 'b', notes: 'Count to twenty', links: ['/-29/1/'], completed: false },
      ],
      meals: [
        { key: 'm1', mealID: 7, portionID: 2, portionAmount: '' },
        { key: 'm2', mealID: null, portionID: null, portionAmount: '' },
      ],
    };
    const p = toSavePayload(f, { statusID: 1, timeZone: TZ, isNew: true });
    expect(p).toMatchObject({
      raised: '2026-11-21T14:05:00.000Z',
      due: '2026-11-21T14:05:00.000Z',
      subjects: [1, 2, 3],
      childID: null,
      ref2: 'From home',
      learningStyles: 5,
      date2: null,
    });
    // Empty gradings, steps and meals are not sent.
    expect(p.values).toEqual([{ itemID: '/-29/1/', ageRangeID: -2300, value: 1, notes: null }]);
    expect(p.nextSteps).toEqual([
      { id: undefined, notes: 'Count to twenty', links: ['/-29/1/'], completed: false },
    ]);
    expect(p.meals).toEqual([{ mealID: 7, portionID: 2, portionAmount: null }]);
    expect(p.version).toBeUndefined();
  });

  it('takes control characters (U+0000, escape, DEL) out of the text; keeps tabs, line breaks and emoji', () => {
    const f = {
      ...newForm({ kind: 'events', now: at, timeZone: TZ, type: observation }),
      codeID: 10,
      childIDs: [1],
      notes: 'Pasted\u0000 text\r\n\tindented \u{1F600}',
      childsVoice: '\u001b[1mloud\u007f',
      parentNotes: 'ok',
      values: { '/-29/1/': { itemID: '/-29/1/', ageRangeID: null, value: 1, notes: 'a\u0000' } },
      nextSteps: [{ key: 'a', notes: 'step\u0085', links: [], completed: false }],
    };
    const p = toSavePayload(f, { statusID: 1, timeZone: TZ, isNew: true });
    expect(p.notes).toBe('Pasted text\r\n\tindented \u{1F600}');
    expect(p.childsVoice).toBe('[1mloud');
    expect(p.values[0]!.notes).toBe('a');
    expect(p.nextSteps[0]!.notes).toBe('step');
    expect(EventSavePayload.safeParse(p).success).toBe(true);
  });

  it('round-trips a stored event: child as childID, version kept, uuid kept', () => {
    const stored: EventDetail = {
      id: 9,
      uuid: '0b1c9a4e-7d2f-4c3a-9f10-2a3b4c5d6e7f',
      version: 3,
      typeID: 3,
      codeID: 30,
      childID: 4,
      statusID: 1,
      siteID: 1,
      authorStaffID: 2,
      author: { id: 5, staffID: 2 },
      notes: 'Slept well',
      childsVoice: null,
      ref2: null,
      learningStyles: 6,
      tagged: false,
      raised: '2026-06-01T12:00:00Z',
      date1: null,
      date2: '2026-06-01T13:30:00Z',
      due: null,
      priorityID: null,
      areaID: null,
      existingInjury: null,
      nappyCream: null,
      twoyear: false,
      baseline: false,
      values: [],
      nextSteps: [{ id: 40, notes: 'x', completed: true, links: [{ itemID: '/-29/1/' }] }],
      meals: [],
      mediaIDs: [],
      editable: true,
      permittedActions: [],
      mayStartConversation: false,
    };
    const f = formFromAnswer(restAnswer(stored, TZ));
    expect(f).toMatchObject({
      date: '2026-06-01',
      time: '13:00',
      endTime: '14:30',
      childIDs: [4],
      learningStyleIDs: [2, 4],
      notes: 'Slept well',
      childsVoice: '',
      existingInjury: false,
      nappyCream: false,
    });
    const p = toSavePayload(f, { statusID: 1, timeZone: TZ, isNew: false, version: 3 });
    expect(p).toMatchObject({
      uuid: stored.uuid,
      childID: 4,
      subjects: [],
      version: 3,
      raised: '2026-06-01T12:00:00.000Z',
      date2: '2026-06-01T13:30:00.000Z',
    });
    expect(p.nextSteps[0]).toMatchObject({ id: 40, completed: true });
  });

  it('maps the simple fields by name: empty in a new form, a null answer reads as empty, values sent as they are', () => {
    const f = newForm({ kind: 'events', now: at, timeZone: TZ, type: observation });
    expect(f).toMatchObject({ notes: '', childsVoice: '', existingInjury: false, nappyCream: false });
    const set = {
      ...f,
      codeID: 10,
      notes: 'Tower',
      childsVoice: 'Big',
      existingInjury: true,
      nappyCream: true,
    };
    expect(toSavePayload(set, { statusID: 1, timeZone: TZ, isNew: true })).toMatchObject({
      notes: 'Tower',
      childsVoice: 'Big',
      existingInjury: true,
      nappyCream: true,
    });
  });

  it('switching type keeps who and what but clears type-specific parts', () => {
    const f = {
      ...newForm({ kind: 'events', now: at, timeZone: TZ, type: observation }),
      childIDs: [1, 2],
      notes: 'Kept',
      meals: [{ key: 'm', mealID: 1, portionID: null, portionAmount: '' }],
    };
    const g = switchType(f, { type: assessment });
    expect(g).toMatchObject({ typeID: 2, codeID: 20, childIDs: [1], notes: 'Kept', meals: [] });
    expect(learningStyleBits(13)).toEqual([1, 4, 8]);
  });

  it("takes the user's last code of the type when the type offers it", () => {
    const f = newForm({ kind: 'events', now: at, timeZone: TZ, type: sleep });
    expect(switchType(f, { type: observation, codeID: 11 }).codeID).toBe(11);
    expect(switchType(f, { type: observation, codeID: 99 }).codeID).toBeNull();
    expect(switchType(f, { type: observation }).codeID).toBeNull();
    expect(newForm({ kind: 'events', now: at, timeZone: TZ, type: observation, codeID: 11 }).codeID).toBe(11);
  });

  it("chooses the plain observation code when none is asked or remembered (issue 27), not another type's", () => {
    const keyed = type('observation', [
      { id: 11, value: 'Group observation', enabled: true, key: 'group-observation' },
      { id: 10, value: 'Observation', enabled: true, key: 'observation' },
      { id: 12, value: 'Parent observation', enabled: true, key: 'parent-observation' },
    ]);
    expect(newForm({ kind: 'events', now: at, timeZone: TZ, type: keyed }).codeID).toBe(10);
    expect(newForm({ kind: 'events', now: at, timeZone: TZ, type: keyed, codeID: 12 }).codeID).toBe(12);
    expect(
      switchType(newForm({ kind: 'events', now: at, timeZone: TZ, type: sleep }), { type: keyed }).codeID,
    ).toBe(10);
    // A disabled plain code is not chosen; the form asks.
    const off = type('observation', [
      { id: 10, value: 'Observation', enabled: false, key: 'observation' },
      { id: 11, value: 'Group observation', enabled: true, key: 'group-observation' },
      { id: 12, value: 'Parent observation', enabled: true, key: 'parent-observation' },
    ]);
    expect(newForm({ kind: 'events', now: at, timeZone: TZ, type: off }).codeID).toBeNull();
    // Another type with several codes asks, even with a code keyed 'observation'.
    const accident = type('accident', [
      { id: 40, value: 'Accident', enabled: true, key: 'observation' },
      { id: 41, value: 'Incident', enabled: true, key: 'incident' },
    ]);
    expect(newForm({ kind: 'events', now: at, timeZone: TZ, type: accident }).codeID).toBeNull();
  });
});
