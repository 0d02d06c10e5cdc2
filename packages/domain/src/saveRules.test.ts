import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { eventContentProblem, FUTURE_GRACE_MS, futureDateProblem } from './saveRules.ts';

describe('eventContentProblem', () => {
  it('refuses an event with nothing in it, whatever blank text it holds', () => {
    expect(eventContentProblem('observation', {})).toBe('event-no-content');
    expect(
      eventContentProblem('observation', {
        notes: '  \n ',
        childsVoice: '',
        ref2: null,
        mediaIDs: [],
        values: [{ value: null, ageRangeID: null, notes: ' ' }],
        nextSteps: [{ notes: '', links: [], completed: false }],
        completedNextStepIDs: [],
        meals: [],
        learningStyles: 0,
        areaID: null,
        existingInjury: false,
      }),
    ).toBe('event-no-content');
    expect(eventContentProblem('generic', { notes: ' ' })).toBe('event-no-content');
    expect(eventContentProblem('assessment', {})).toBe('event-no-content');
    expect(eventContentProblem('meal', { meals: [] })).toBe('event-no-content');
    expect(eventContentProblem('accident', { existingInjury: false })).toBe('event-no-content');
    expect(eventContentProblem('task', {})).toBe('event-no-content');
  });

  it('accepts any one general part', () => {
    for (const p of [
      { notes: 'Built a tower' },
      { childsVoice: 'Look!' },
      { ref2: 'From home' },
      { mediaIDs: ['0b3f4a8e-7c1d-4a55-9f7a-3f2b1c0d9e8a'] },
      { values: [{ value: 1 }] },
      { values: [{ value: null, ageRangeID: -2300 }] },
      { values: [{ notes: 'secure' }] },
      { nextSteps: [{ links: ['/1/2/'] }] },
      { nextSteps: [{ notes: 'Practise counting' }] },
      { nextSteps: [{ completed: true }] },
      { completedNextStepIDs: [7] },
    ]) {
      expect(eventContentProblem('observation', p)).toBeNull();
      expect(eventContentProblem('generic', p)).toBeNull();
    }
  });

  it("counts each type's own details", () => {
    expect(eventContentProblem('meal', { meals: [{ mealID: 1 }] })).toBeNull();
    expect(eventContentProblem('accident', { areaID: 3 })).toBeNull();
    expect(eventContentProblem('accident', { existingInjury: true })).toBeNull();
    expect(eventContentProblem('observation', { learningStyles: 4 })).toBeNull();
    // Details of another type do not count.
    expect(eventContentProblem('generic', { meals: [{ mealID: 1 }] })).toBe('event-no-content');
    expect(eventContentProblem('assessment', { learningStyles: 4 })).toBe('event-no-content');
  });

  it('takes a sleep, a nappy change and a medication as complete in themselves', () => {
    expect(eventContentProblem('sleep', {})).toBeNull();
    expect(eventContentProblem('nappy', {})).toBeNull();
    expect(eventContentProblem('medication', {})).toBeNull();
  });

  it('has en-GB text', () => {
    expect(formatMessage('event-no-content')).toMatch(/empty/);
  });
});

describe('futureDateProblem', () => {
  const now = new Date('2026-03-29T00:30:00Z'); // 01:30 BST, the night the clocks went forward
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('accepts the past, now and a clock a little fast', () => {
    expect(futureDateProblem('observation', { raised: at(-86_400_000) }, now)).toBeNull();
    expect(futureDateProblem('observation', { raised: now }, now)).toBeNull();
    expect(futureDateProblem('observation', { raised: at(FUTURE_GRACE_MS) }, now)).toBeNull();
  });

  it('refuses a recorded event dated later than the grace', () => {
    for (const tag of ['observation', 'assessment', 'sleep', 'meal', 'nappy', 'accident', 'generic']) {
      expect(futureDateProblem(tag, { raised: at(FUTURE_GRACE_MS + 1) }, now)).toBe(
        'future-dates-not-allowed',
      );
    }
    expect(futureDateProblem('observation', { raised: '2027-03-29T09:00:00Z' }, now)).toBe(
      'future-dates-not-allowed',
    );
  });

  it("checks a sleep's end too", () => {
    expect(futureDateProblem('sleep', { raised: at(-3_600_000), date2: at(3_600_000) }, now)).toBe(
      'future-dates-not-allowed',
    );
    expect(futureDateProblem('sleep', { raised: at(-3_600_000), date2: at(-60_000) }, now)).toBeNull();
    expect(futureDateProblem('sleep', { raised: at(-3_600_000), date2: null }, now)).toBeNull();
  });

  it('lets tasks, reminders and enhanced provision plan ahead', () => {
    expect(futureDateProblem('task', { raised: '2027-01-01T09:00:00Z' }, now)).toBeNull();
    expect(futureDateProblem('enhancedprovision', { raised: '2027-01-01T09:00:00Z' }, now)).toBeNull();
  });

  it('has the spec wording', () => {
    expect(formatMessage('future-dates-not-allowed')).toBe('Future dates are not allowed.');
  });
});
