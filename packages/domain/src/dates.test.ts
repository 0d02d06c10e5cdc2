import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  ageInMonths,
  agendaDayLabel,
  bigPictureFileName,
  cohortOptions,
  fixedClock,
  formatDate,
  formatShortDate,
  formatTime,
  homeFetchRange,
  isCalendarDate,
  isRecentObservation,
  isStale,
  parseRouteDate,
  registerDate,
  SITE_TIME_ZONE_DEFAULT,
  spotlightDueDate,
  systemClock,
  todayInZone,
  twoYearCheckStatus,
  twoYearCheckWindow,
  zonedDateTime,
} from './dates.ts';

describe('calendar dates', () => {
  it('validates YYYY-MM-DD strictly', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
    expect(parseRouteDate('2024-06-01')).toBe('2024-06-01');
    expect(parseRouteDate('2024-06-31')).toBeNull();
    expect(parseRouteDate(undefined)).toBeNull();
  });
  it('adds days and months (month end clamps)', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2022-05-15', 36)).toBe('2025-05-15');
    expect(addMonths('2024-03-15', -3)).toBe('2023-12-15');
  });
  it('throws on invalid input', () => {
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });
});

describe('time zone', () => {
  it('defaults to Europe/London', () => {
    expect(SITE_TIME_ZONE_DEFAULT).toBe('Europe/London');
  });
  it('todayInZone uses the site zone (BST)', () => {
    const now = new Date('2024-06-30T23:30:00Z'); // 00:30 BST on 1 July
    expect(todayInZone(now)).toBe('2024-07-01');
    expect(todayInZone(now, 'UTC')).toBe('2024-06-30');
  });
  it('todayInZone in winter (GMT)', () => {
    expect(todayInZone(new Date('2024-01-15T23:30:00Z'))).toBe('2024-01-15');
  });
  it('formats DD/MM/YYYY, DD/MM and HH:mm', () => {
    const instant = new Date('2024-07-04T08:05:00Z');
    expect(formatDate(instant)).toBe('04/07/2024');
    expect(formatShortDate(instant)).toBe('04/07');
    expect(formatTime(instant)).toBe('09:05');
    expect(formatTime(instant, 'UTC')).toBe('08:05');
    expect(formatDate('2024-12-25')).toBe('25/12/2024');
  });
  it('zonedDateTime turns local date and time into an instant', () => {
    expect(zonedDateTime('2024-07-04', '09:05').toISOString()).toBe('2024-07-04T08:05:00.000Z');
    expect(zonedDateTime('2024-01-04', '09:05').toISOString()).toBe('2024-01-04T09:05:00.000Z');
    expect(() => zonedDateTime('2024-01-04', '24:00')).toThrow(RangeError);
  });
});

describe('clock', () => {
  it('fixedClock returns the fixed time; systemClock returns a Date', () => {
    expect(fixedClock('2024-01-01T10:00:00Z').now().toISOString()).toBe('2024-01-01T10:00:00.000Z');
    expect(systemClock.now()).toBeInstanceOf(Date);
  });
});

describe('ageInMonths', () => {
  it('counts completed months', () => {
    expect(ageInMonths('2022-05-15', '2024-03-14')).toBe(21);
    expect(ageInMonths('2022-05-15', '2024-03-15')).toBe(22);
    expect(ageInMonths('2022-05-15', '2022-05-15')).toBe(0);
  });
  it('treats the last day of a shorter month as a completed month', () => {
    expect(ageInMonths('2024-01-31', '2024-02-28')).toBe(0);
    expect(ageInMonths('2024-01-31', '2024-02-29')).toBe(1);
    expect(ageInMonths('2023-01-31', '2023-02-28')).toBe(1);
  });
});

describe('twoYearCheckWindow', () => {
  const dob = '2022-05-15';
  it('is closed the day before 22 months and open on it', () => {
    expect(twoYearCheckWindow(dob, '2024-03-14').inWindow).toBe(false);
    expect(twoYearCheckWindow(dob, '2024-03-15').inWindow).toBe(true);
  });
  it('is open at 36 completed months and closed at 37', () => {
    expect(twoYearCheckWindow(dob, '2025-05-15').inWindow).toBe(true);
    expect(twoYearCheckWindow(dob, '2025-06-14').inWindow).toBe(true);
    expect(twoYearCheckWindow(dob, '2025-06-15').inWindow).toBe(false);
  });
  it('reports the window dates and the age', () => {
    expect(twoYearCheckWindow(dob, '2024-06-01')).toEqual({
      ageMonths: 24,
      from: '2024-03-15',
      to: '2025-06-14',
      inWindow: true,
    });
  });
});

describe('twoYearCheckStatus', () => {
  const dob = '2022-05-15';
  it('done when a check exists', () => {
    expect(twoYearCheckStatus(dob, '2023-01-01', true).status).toBe('done');
  });
  it('invalid under 24 months, due from 24', () => {
    expect(twoYearCheckStatus(dob, '2024-05-14', false).status).toBe('invalid');
    expect(twoYearCheckStatus(dob, '2024-05-15', false).status).toBe('due');
  });
  it('warning from 33 months', () => {
    expect(twoYearCheckStatus(dob, '2025-02-14', false).status).toBe('due');
    expect(twoYearCheckStatus(dob, '2025-02-15', false).status).toBe('warning');
  });
  it('overdue after the third birthday, which is the due date', () => {
    expect(twoYearCheckStatus(dob, '2025-05-15', false)).toEqual({
      status: 'warning',
      dueDate: '2025-05-15',
    });
    expect(twoYearCheckStatus(dob, '2025-05-16', false)).toEqual({
      status: 'overdue',
      dueDate: '2025-05-15',
    });
  });
});

describe('cohortOptions', () => {
  it('starts from the current year until the end of August', () => {
    expect(cohortOptions('2024-08-31').map((c) => c.value)).toEqual([2024, 2025, 2026, 2027, 2028, 2029]);
  });
  it('starts from the following year from September', () => {
    expect(cohortOptions('2024-09-01').map((c) => c.value)).toEqual([2025, 2026, 2027, 2028, 2029, 2030]);
    expect(cohortOptions('2024-09-01')[0].label).toBe('September 2025');
  });
});

describe('agenda and home', () => {
  it('labels relative days, else the weekday', () => {
    expect(agendaDayLabel('2024-07-04', '2024-07-04')).toBe('Today');
    expect(agendaDayLabel('2024-07-05', '2024-07-04')).toBe('Tomorrow');
    expect(agendaDayLabel('2024-07-03', '2024-07-04')).toBe('Yesterday');
    expect(agendaDayLabel('2024-07-06', '2024-07-04')).toBe('Saturday');
  });
  it('home fetch range is today to +2 days', () => {
    expect(homeFetchRange('2024-12-30')).toEqual({ from: '2024-12-30', to: '2025-01-01' });
  });
  it('recent observation within 2 weeks', () => {
    expect(isRecentObservation('2024-06-20', '2024-07-04')).toBe(true);
    expect(isRecentObservation('2024-06-19', '2024-07-04')).toBe(false);
  });
  it('register date: future dates kept, past or invalid dates become today', () => {
    expect(registerDate('2024-07-05', '2024-07-04')).toBe('2024-07-05');
    expect(registerDate('2024-07-03', '2024-07-04')).toBe('2024-07-04');
    expect(registerDate('rubbish', '2024-07-04')).toBe('2024-07-04');
  });
  it('spotlight due date', () => {
    expect(spotlightDueDate(null, { frequency: 1, periodDays: 14 }, '2024-07-04')).toBe('2024-07-04');
    expect(spotlightDueDate('2024-07-01', { frequency: 1, periodDays: 14 }, '2024-07-04')).toBe('2024-07-15');
    expect(spotlightDueDate('2024-07-01', { frequency: 2, periodDays: 28 }, '2024-07-04')).toBe('2024-07-15');
  });
  it('Big Picture file name', () => {
    expect(bigPictureFileName('2024-07-04')).toBe('Big Picture 04-07-2024.xlsx');
  });
  it('isStale compares strictly', () => {
    const now = new Date('2024-07-04T12:00:00Z');
    expect(isStale(new Date('2024-07-04T04:00:00Z'), now, 8 * 3600_000)).toBe(false);
    expect(isStale(new Date('2024-07-04T03:59:59Z'), now, 8 * 3600_000)).toBe(true);
  });
});
