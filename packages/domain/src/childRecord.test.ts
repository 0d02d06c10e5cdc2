import { describe, expect, it } from 'vitest';
import {
  childFieldProblems,
  childListStatus,
  isoWeekday,
  CHILD_FIELD_MESSAGES as M,
  patternDates,
  patternProblems,
  patternStatus,
} from './childRecord.ts';

const TODAY = '2026-12-05';
const valid = { forename: 'Ada', surname: 'Lovelace', dob: '2023-03-01', startDate: '2024-01-08' };
const fields = (over: object) =>
  childFieldProblems({ ...valid, ...over }, TODAY).map((p) => [p.field, p.message]);

describe('childFieldProblems', () => {
  it('accepts a complete record', () => {
    expect(childFieldProblems(valid, TODAY)).toEqual([]);
    expect(fields({ endDate: '2024-01-08', forename: 'x'.repeat(50) })).toEqual([]);
  });
  it('requires names of at most 50 characters', () => {
    expect(fields({ forename: '  ' })).toEqual([['forename', M.required]]);
    expect(fields({ surname: 'x'.repeat(51) })).toEqual([['surname', M.nameTooLong]]);
  });
  it('needs a real date of birth, not in the future nor before 2001', () => {
    expect(fields({ dob: '2023-02-30' })).toEqual([['dob', M.invalidDate]]);
    expect(fields({ dob: '2026-12-06', startDate: '2026-12-06' })).toEqual([['dob', M.future]]);
    expect(fields({ dob: '' })).toEqual([['dob', M.required]]);
    expect(fields({ dob: '1999-01-01' })).toEqual([['dob', M.tooEarly]]);
  });
  it('keeps the start after birth and the leave date not before the start', () => {
    expect(fields({ startDate: '2023-02-01' })).toEqual([['startDate', M.startBeforeBirth]]);
    expect(fields({ endDate: '2024-01-07' })).toEqual([['endDate', M.leaveBeforeStart]]);
  });
  it('limits the notes to 1000 characters', () => {
    expect(fields({ medicalNotes: 'x'.repeat(1000), allergies: 'x'.repeat(1001) })).toEqual([
      ['allergies', M.notesTooLong],
    ]);
  });
});

describe('childListStatus', () => {
  it('reads archived first, then a leave date before today', () => {
    expect(childListStatus({ endDate: null, archived: false }, TODAY)).toBe('current');
    expect(childListStatus({ endDate: TODAY, archived: false }, TODAY)).toBe('current');
    expect(childListStatus({ endDate: '2026-12-04', archived: false }, TODAY)).toBe('leavers');
    expect(childListStatus({ endDate: '2026-12-04', archived: true }, TODAY)).toBe('archived');
  });
});

describe('booking patterns', () => {
  it('books the chosen weekdays from the start to the end', () => {
    // 2026-12-07 is a Monday.
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-13')).toBe(7);
    const p = { weekdays: [1, 3], intervalWeeks: 1, from: '2026-12-08', to: '2026-12-21' };
    expect(patternDates(p, '2026-12-01', '2027-01-31')).toEqual([
      '2026-12-09',
      '2026-12-14',
      '2026-12-16',
      '2026-12-21',
    ]);
  });
  it('every other week counts from the week the pattern starts in, whatever the window', () => {
    const p = { weekdays: [5], intervalWeeks: 2, from: '2026-12-09', to: null };
    expect(patternDates(p, '2026-12-01', '2027-01-01')).toEqual(['2026-12-11', '2026-12-25']);
    expect(patternDates(p, '2026-12-19', '2027-01-10')).toEqual(['2026-12-25', '2027-01-08']);
  });
  it('has a status from its dates and refuses no days or an end before the start', () => {
    expect(patternStatus({ from: '2026-12-06', to: null }, TODAY)).toBe('Future');
    expect(patternStatus({ from: TODAY, to: TODAY }, TODAY)).toBe('Active');
    expect(patternStatus({ from: '2026-01-01', to: '2026-12-04' }, TODAY)).toBe('Inactive');
    expect(
      patternProblems({ weekdays: [], intervalWeeks: 1, from: TODAY, to: '2026-12-04' }).map((p) => p.field),
    ).toEqual(['weekdays', 'to']);
  });
});
