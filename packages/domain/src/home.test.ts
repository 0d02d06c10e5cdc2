import { describe, expect, it } from 'vitest';
import {
  agendaItemStyle,
  childDayState,
  initiallyOpenDays,
  matchesPersonSearch,
  normaliseReminderNotes,
  REMINDER_NOTES_LIMIT_DEFAULT,
  reminderNotesLimit,
  reminderProblems,
  wholeYears,
  yearlyDayKeys,
} from './home.ts';
import { HOME_CACHE_VERSION } from './limits.ts';

describe('reminder notes', () => {
  it('are trimmed with blank lines collapsed', () => {
    expect(normaliseReminderNotes('\r\n  Bring wellies \r\n\r\n\r\n  for the walk  \n\n')).toBe(
      'Bring wellies\n  for the walk',
    );
    expect(normaliseReminderNotes('   ')).toBe('');
  });
  it('take their limit from the flag notesCharacterLimit', () => {
    expect(reminderNotesLimit({ notesCharacterLimit: 250 })).toBe(250);
    expect(reminderNotesLimit({})).toBe(REMINDER_NOTES_LIMIT_DEFAULT);
    expect(reminderNotesLimit({ notesCharacterLimit: 0 })).toBe(REMINDER_NOTES_LIMIT_DEFAULT);
    expect(reminderNotesLimit({ notesCharacterLimit: '300' })).toBe(REMINDER_NOTES_LIMIT_DEFAULT);
  });
});

describe('reminderProblems', () => {
  const today = '2026-11-26';
  it('needs at least one child or staff member', () => {
    expect(reminderProblems({ subjects: 0, due: today, notes: 'x' }, today, 10)).toEqual([
      { field: 'subjects', key: 'select-child-or-staff' },
    ]);
  });
  it('refuses a day before today, accepts today and later', () => {
    expect(reminderProblems({ subjects: 1, due: '2026-11-25', notes: '' }, today, 10)).toEqual([
      { field: 'due', key: 'reminder-date-before-today' },
    ]);
    expect(reminderProblems({ subjects: 2, due: today, notes: '' }, today, 10)).toEqual([]);
    expect(reminderProblems({ subjects: 2, due: '2027-01-02', notes: '' }, today, 10)).toEqual([]);
  });
  it('counts the notes as they will be stored', () => {
    expect(reminderProblems({ subjects: 1, due: today, notes: '  12345\n\n\n67890  ' }, today, 11)).toEqual(
      [],
    );
    expect(reminderProblems({ subjects: 1, due: today, notes: '123456789012' }, today, 11)).toEqual([
      { field: 'notes', key: 'reminder-notes-too-long', limit: 11 },
    ]);
  });
});

describe('matchesPersonSearch', () => {
  const ada = { forename: 'Ada', surname: 'Lovelace' };
  it('matches forename plus surname case-insensitively', () => {
    expect(matchesPersonSearch(ada, 'ada love')).toBe(true);
    expect(matchesPersonSearch(ada, '  ADA   LOVELACE ')).toBe(true);
    expect(matchesPersonSearch(ada, 'lovelace')).toBe(true);
    expect(matchesPersonSearch(ada, '')).toBe(true);
  });
  it('does not match across the name the other way round or other text', () => {
    expect(matchesPersonSearch(ada, 'lovelace ada')).toBe(false);
    expect(matchesPersonSearch(ada, 'grace')).toBe(false);
  });
});

describe('agenda helpers', () => {
  it('styles every item type', () => {
    expect(agendaItemStyle('birthday')).toBe('success');
    expect(agendaItemStyle('absence')).toBe('warning');
    expect(agendaItemStyle('siteClosure')).toBe('danger');
    expect(agendaItemStyle('eventDue')).toBe('info');
  });
  it('maps yearly days, a 29 February on 28 February in other years', () => {
    const keys = yearlyDayKeys(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(keys.get('02-28')).toBe('2027-02-28');
    expect(keys.get('02-29')).toBe('2027-02-28');
    expect(yearlyDayKeys(['2028-02-28']).has('02-29')).toBe(false);
  });
  it('counts whole years', () => {
    expect(wholeYears('2022-11-27', '2026-11-27')).toBe(4);
    expect(wholeYears('2022-11-28', '2026-11-27')).toBe(3);
    expect(wholeYears('2024-02-29', '2027-02-28')).toBe(3);
  });
  it('collapses the first day only, and the cache version is 4', () => {
    expect(initiallyOpenDays(['2026-11-26', '2026-11-27', '2026-11-28'])).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(HOME_CACHE_VERSION).toBe(4);
  });
});

describe('childDayState', () => {
  it('reads the day as the due-in count does', () => {
    expect(childDayState([{ actualStart: '08:00' }, {}])).toBe('in');
    expect(childDayState([{ actualStart: '08:00', actualEnd: '12:00' }, {}])).toBe('left');
    expect(childDayState([{ markedOffCategoryID: 3 }, {}])).toBe('due');
    expect(childDayState([{ markedOffCategoryID: 3 }])).toBe('off');
  });
});
