import { describe, expect, it } from 'vitest';
import {
  agendaCounts,
  agendaItemStyle,
  childDayState,
  initiallyOpenDays,
  isAgendaDue,
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
  it('opens every day, Today included (issue 27), and the cache version is 5', () => {
    expect(initiallyOpenDays(['2026-11-26', '2026-11-27', '2026-11-28'])).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(HOME_CACHE_VERSION).toBe(5);
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

describe('isAgendaDue (issue 27: only reminders, tasks and things genuinely due)', () => {
  const raised = '2026-11-26T09:15:00.000Z';
  it('lists reminders and tasks on their due day, whenever they were raised', () => {
    expect(isAgendaDue({ tag: 'task', raised, due: '2026-11-27T10:00:00.000Z' })).toBe(true);
    expect(isAgendaDue({ tag: 'task', raised, due: raised })).toBe(true);
    expect(isAgendaDue({ tag: 'task', raised, due: '2026-11-25T10:00:00.000Z' })).toBe(true);
  });
  it('never lists a record saved with its due equal to its time (an observation saved today)', () => {
    for (const tag of ['observation', 'nappy', 'meal', 'sleep', 'accident', 'assessment', 'generic', null])
      expect(isAgendaDue({ tag, raised, due: raised })).toBe(false);
  });
  it('lists another event only when its due is later than when it was raised', () => {
    expect(isAgendaDue({ tag: 'observation', raised, due: '2026-11-26T09:16:00.000Z' })).toBe(true);
    expect(isAgendaDue({ tag: 'medication', raised, due: '2026-11-26T09:00:00.000Z' })).toBe(false);
  });
  it('lists nothing without a due, or with an unreadable time', () => {
    expect(isAgendaDue({ tag: 'task', raised, due: null })).toBe(false);
    expect(isAgendaDue({ tag: 'observation', raised: 'not a time', due: raised })).toBe(false);
  });
});

describe('agendaCounts (issue 27: the count equals the items listed)', () => {
  it('counts the rows of each type, a reminder about two children as two', () => {
    const items = [
      { type: 'eventDue' as const },
      { type: 'eventDue' as const },
      { type: 'birthday' as const },
      { type: 'absence' as const },
      { type: 'siteClosure' as const },
      { type: 'joiningSessionGroup' as const },
    ];
    expect(agendaCounts(items)).toEqual({ anniversary: 0, birthday: 1, eventDue: 2, absence: 1 });
    expect(agendaCounts([])).toEqual({ anniversary: 0, birthday: 0, eventDue: 0, absence: 0 });
  });
});
