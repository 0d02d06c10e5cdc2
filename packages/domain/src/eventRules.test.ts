import { describe, expect, it } from 'vitest';
import {
  enabledCodes,
  eventFlagsFromCode,
  SLEEP_END_MESSAGE,
  sleepEndProblem,
  textLimitKindOf,
} from './eventRules.ts';

describe('sleepEndProblem', () => {
  it('accepts no end time and an end after the start', () => {
    expect(sleepEndProblem('2026-11-20T10:00:00Z', null)).toBeNull();
    expect(sleepEndProblem('2026-11-20T10:00:00Z', undefined)).toBeNull();
    expect(sleepEndProblem('2026-11-20T10:00:00Z', '2026-11-20T10:01:00Z')).toBeNull();
  });
  it('refuses an end at or before the start', () => {
    expect(sleepEndProblem('2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')).toBe(SLEEP_END_MESSAGE);
    expect(sleepEndProblem(new Date('2026-11-20T10:00:00Z'), '2026-11-20T09:00:00Z')).toBe(
      'end time must be after start time',
    );
  });
});

describe('event flags and text-limit kind', () => {
  it('sets twoyear and baseline from the code key', () => {
    expect(eventFlagsFromCode('two-year-check')).toEqual({ twoyear: true, baseline: false });
    expect(eventFlagsFromCode('baseline-assessment')).toEqual({ twoyear: false, baseline: true });
    expect(eventFlagsFromCode(null)).toEqual({ twoyear: false, baseline: false });
  });
  it('picks the kind from the tag and code', () => {
    expect(textLimitKindOf('assessment', 'two-year-check')).toBe('twoYear');
    expect(textLimitKindOf('assessment', 'baseline-assessment')).toBe('baselineAssessment');
    expect(textLimitKindOf('assessment', 'assessment')).toBe('assessment');
    expect(textLimitKindOf('learningStory', null)).toBe('learningStory');
    expect(textLimitKindOf('sleep', 'sleep')).toBe('observation');
  });
});

describe('enabledCodes', () => {
  const code = (id: number, enabled: boolean) => ({ id, enabled }) as never;
  it('offers only the enabled codes of a type, and none without a type', () => {
    const codes = enabledCodes({ codes: [code(1, true), code(2, false), code(3, true)] });
    expect(codes.map((c) => c.id)).toEqual([1, 3]);
    expect(enabledCodes(null)).toEqual([]);
  });
});
