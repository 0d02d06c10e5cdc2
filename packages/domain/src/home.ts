/**
 * Home: reminders, the agenda and today's bookings (spec 002 §3 Agenda day, §5 Reminders, §9 Home): pure rules shared
 * by the server (which enforces them) and the web (which shows and disables with them).
 */
import { type CalendarDate, daysBetween } from './dates.ts';
import { type SessionLike, type SessionState, sessionState } from './register.ts';
import { trimReminderNotes } from './rules.ts';
import type { AgendaItemStyle, AgendaItemType } from './schemas/home.ts';

/** Days after today the Home overview covers (spec 002 §9: today to 2 days ahead). */
export const HOME_DAYS_AHEAD = 2;
/** OURS: reminder notes limit when the provider has no notesCharacterLimit flag. */
export const REMINDER_NOTES_LIMIT_DEFAULT = 1000;

/** The flag notesCharacterLimit (a positive whole number), else the default. */
export function reminderNotesLimit(flags: Record<string, unknown>): number {
  const value = flags.notesCharacterLimit;
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : REMINDER_NOTES_LIMIT_DEFAULT;
}

/** The reminder's notes as stored: trimmed, blank lines collapsed, line endings as \n. */
export function normaliseReminderNotes(notes: string): string {
  return trimReminderNotes(notes);
}

export type ReminderProblem =
  | { field: 'subjects'; key: 'select-child-or-staff' }
  | { field: 'due'; key: 'reminder-date-before-today' }
  | { field: 'notes'; key: 'reminder-notes-too-long'; limit: number };

/**
 * What stops a reminder being saved (spec 002 §5): at least one child or staff member, a due day of
 * today or later, notes (as normalised) within the limit. Empty when it may be saved.
 */
export function reminderProblems(
  input: { subjects: number; due: CalendarDate; notes: string },
  today: CalendarDate,
  notesLimit: number,
): ReminderProblem[] {
  const problems: ReminderProblem[] = [];
  if (input.subjects < 1) problems.push({ field: 'subjects', key: 'select-child-or-staff' });
  if (daysBetween(today, input.due) < 0) problems.push({ field: 'due', key: 'reminder-date-before-today' });
  if (normaliseReminderNotes(input.notes).length > notesLimit)
    problems.push({ field: 'notes', key: 'reminder-notes-too-long', limit: notesLimit });
  return problems;
}

/**
 * The picker's search (spec 002 §5): the query matches "forename surname" case-insensitively
 * (leading, trailing and repeated spaces ignored). An empty query matches everyone.
 */
export function matchesPersonSearch(person: { forename: string; surname: string }, query: string): boolean {
  const q = query.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');
  if (q === '') return true;
  return `${person.forename} ${person.surname}`.toLocaleLowerCase('en-GB').includes(q);
}

/** OURS: how each agenda item reads (colour of its badge). */
export function agendaItemStyle(type: AgendaItemType): AgendaItemStyle {
  switch (type) {
    case 'birthday':
    case 'anniversary':
    case 'joiningSessionGroup':
      return 'success';
    case 'absence':
    case 'leavingSessionGroup':
      return 'warning';
    case 'siteClosure':
      return 'danger';
    case 'eventDue':
      return 'info';
  }
}

/**
 * The days a calendar date has its yearly return on in [from, to] (birthdays, start-date
 * anniversaries) as 'MM-DD'. A 29 February returns on 28 February in other years.
 */
export function yearlyDayKeys(days: readonly CalendarDate[]): Map<string, CalendarDate> {
  const keys = new Map<string, CalendarDate>();
  for (const day of days) {
    keys.set(day.slice(5), day);
    const year = Number(day.slice(0, 4));
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (day.slice(5) === '02-28' && !leap) keys.set('02-29', day);
  }
  return keys;
}

/** Whole years from `since` to `day` (an age, or years since starting). */
export function wholeYears(since: CalendarDate, day: CalendarDate): number {
  const years = Number(day.slice(0, 4)) - Number(since.slice(0, 4));
  return day.slice(5) < since.slice(5) && !(since.slice(5) === '02-29' && day.slice(5) === '02-28')
    ? years - 1
    : years;
}

/**
 * Agenda days open at first (spec 002 §9: the first day is collapsed by default): every day but the
 * first.
 */
export function initiallyOpenDays(days: readonly CalendarDate[]): CalendarDate[] {
  return days.slice(1);
}

/**
 * A child's state for the day from their sessions, as the due-in count reads it: in while a session
 * is checked in and not out; left once attended and none is open; due while a session is neither
 * attended nor marked off; off when every session is marked off.
 */
export function childDayState(sessions: readonly SessionLike[]): SessionState {
  const states = sessions.map(sessionState);
  if (states.includes('in')) return 'in';
  if (states.includes('left')) return 'left';
  if (states.includes('due')) return 'due';
  return 'off';
}
