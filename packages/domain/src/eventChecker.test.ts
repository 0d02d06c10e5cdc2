import { describe, expect, it } from 'vitest';
import { twoYearCheckStatus } from './dates.ts';
import {
  EVENT_CHECKER_STAFF_MAX,
  eventCheckerAsOf,
  eventCheckerDefaultRange,
  isSpotlightWarning,
  isTwoYearCheckWarning,
  spotlightCheck,
} from './eventChecker.ts';

describe('spotlightCheck (snapshot: 1 per 14 days, warning 3 days before)', () => {
  it('is missing, due on the day asked, without a spotlight in the range', () => {
    expect(spotlightCheck(null, 'snapshot', '2026-11-27')).toEqual({
      status: 'missing',
      dueDate: '2026-11-27',
    });
  });
  it('is done until 3 days before the due date, a warning from then to the due date, overdue after', () => {
    // Latest 01/11/2026: due 15/11/2026.
    expect(spotlightCheck('2026-11-01', 'snapshot', '2026-11-11')).toEqual({
      status: 'done',
      dueDate: '2026-11-15',
    });
    expect(spotlightCheck('2026-11-01', 'snapshot', '2026-11-12').status).toBe('warning');
    expect(spotlightCheck('2026-11-01', 'snapshot', '2026-11-15').status).toBe('warning');
    expect(spotlightCheck('2026-11-01', 'snapshot', '2026-11-16').status).toBe('overdue');
  });
  it('counts over month and leap-year ends', () => {
    expect(spotlightCheck('2024-02-20', 'snapshot', '2024-03-05')).toEqual({
      status: 'warning',
      dueDate: '2024-03-05',
    });
    expect(spotlightCheck('2024-02-20', 'snapshot', '2024-03-06').status).toBe('overdue');
  });
});

describe('spotlightCheck (learning story: 1 per 91 days, warning 14 days before)', () => {
  it('follows the learning-story interval', () => {
    // Latest 01/08/2026: due 31/10/2026; warning from 17/10/2026.
    expect(spotlightCheck('2026-08-01', 'learningStory', '2026-10-16')).toEqual({
      status: 'done',
      dueDate: '2026-10-31',
    });
    expect(spotlightCheck('2026-08-01', 'learningStory', '2026-10-17').status).toBe('warning');
    expect(spotlightCheck('2026-08-01', 'learningStory', '2026-10-31').status).toBe('warning');
    expect(spotlightCheck('2026-08-01', 'learningStory', '2026-11-01').status).toBe('overdue');
  });
  it('takes another frequency: 2 per 28 days is due 14 days after', () => {
    expect(
      spotlightCheck('2026-11-01', 'learningStory', '2026-11-05', { frequency: 2, periodDays: 28 }, 2),
    ).toEqual({
      status: 'done',
      dueDate: '2026-11-15',
    });
    expect(
      spotlightCheck('2026-11-01', 'learningStory', '2026-11-13', { frequency: 2, periodDays: 28 }, 2).status,
    ).toBe('warning');
  });
  it('counts every status but done as a warning', () => {
    expect(['done', 'warning', 'overdue', 'missing'].map((s) => isSpotlightWarning(s as never))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
});

describe('two-year-check status at the boundaries (spec 001 §9)', () => {
  it('is done with a check whatever the age', () => {
    expect(twoYearCheckStatus('2024-06-10', '2025-01-01', true).status).toBe('done');
    expect(twoYearCheckStatus('2020-06-10', '2026-01-01', true).status).toBe('done');
  });
  it('for a leap-day birth: invalid under 24 months, due from 24, warning from 33, overdue after the third birthday', () => {
    const dob = '2020-02-29';
    expect(twoYearCheckStatus(dob, '2022-02-27', false).status).toBe('invalid');
    // 28/02/2022 completes 24 months: February 2022 has no 29th.
    expect(twoYearCheckStatus(dob, '2022-02-28', false).status).toBe('due');
    expect(twoYearCheckStatus(dob, '2022-11-28', false).status).toBe('due');
    expect(twoYearCheckStatus(dob, '2022-11-29', false).status).toBe('warning');
    // The third birthday (the due date) falls on 28/02/2023.
    expect(twoYearCheckStatus(dob, '2023-02-28', false)).toEqual({
      status: 'warning',
      dueDate: '2023-02-28',
    });
    expect(twoYearCheckStatus(dob, '2023-03-01', false)).toEqual({
      status: 'overdue',
      dueDate: '2023-02-28',
    });
  });
  it('for a birth on 31 August: 33 months complete on the last day of May', () => {
    const dob = '2023-08-31';
    expect(twoYearCheckStatus(dob, '2026-05-30', false).status).toBe('due');
    expect(twoYearCheckStatus(dob, '2026-05-31', false).status).toBe('warning');
    expect(twoYearCheckStatus(dob, '2026-08-31', false).status).toBe('warning');
    expect(twoYearCheckStatus(dob, '2026-09-01', false).status).toBe('overdue');
  });
  it('counts warning and overdue only', () => {
    expect(
      ['done', 'invalid', 'due', 'warning', 'overdue'].map((s) => isTwoYearCheckWarning(s as never)),
    ).toEqual([false, false, false, true, true]);
  });
});

describe('range', () => {
  it('judges on the end of the range, never after today', () => {
    expect(eventCheckerAsOf('2026-10-01', '2026-11-27')).toBe('2026-10-01');
    expect(eventCheckerAsOf('2027-01-01', '2026-11-27')).toBe('2026-11-27');
  });
  it('starts 91 days before today by default', () => {
    expect(eventCheckerDefaultRange('2026-11-27')).toEqual({ dateFrom: '2026-08-28', dateTo: '2026-11-27' });
  });
  it('allows 50 staff', () => {
    expect(EVENT_CHECKER_STAFF_MAX).toBe(50);
  });
});
