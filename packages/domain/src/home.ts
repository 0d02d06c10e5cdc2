/**
 * Home: reminders, the agenda and today's bookings (spec 002 §3 Agenda day, §5 Reminders, §9 Home): pure rules shared
 * by the server (which enforces them) and the web (which shows and disables with them).
 */
import { type CalendarDate, daysBetween } from './dates.ts';
import { type SessionLike, type SessionState, sessionState } from './register.ts';
import { trimReminderNotes } from './rules.ts';
import type { AgendaCounts, AgendaItem, AgendaItemStyle, AgendaItemType } from './schemas/home.ts';

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
 * Agenda days open at first. Spec 002 §9 collapsed the first day; issue 27 ("Home that helps") opens
 * Today by default: every day is open, so what is due today is seen without a tap.
 */
export function initiallyOpenDays(days: readonly CalendarDate[]): CalendarDate[] {
  return [...days];
}

/** An open event as the agenda reads it: its type's tag, when it was raised and when it is due. */
export interface AgendaDueCandidate {
  /** The event type's tag: 'task' for reminders and the other tasks. */
  tag: string | null;
  /** ISO instants. */
  raised: string;
  due: string | null;
}

/**
 * What belongs on the Home agenda as "Due" (issue 27): reminders and tasks on their due day, and any
 * other event only when it was given a due time later than when it was raised (a follow-up planned
 * ahead). A record of something that happened (an observation, a nappy, a meal) is stored with its due
 * equal to its time: it is done, not due, so it never fills the agenda.
 */
export function isAgendaDue(event: AgendaDueCandidate): boolean {
  if (event.due === null) return false;
  if (event.tag === 'task') return true;
  const due = Date.parse(event.due);
  const raised = Date.parse(event.raised);
  return Number.isFinite(due) && Number.isFinite(raised) && due > raised;
}

/**
 * A day's counts from the items it lists (issue 27: "Tomorrow 1 DUE" must match what it lists): each
 * count is the number of rows of that type shown, so a reminder about two children is two rows and
 * reads "2 due". The server sends these and the web shows them from the same items.
 */
export function agendaCounts(items: readonly Pick<AgendaItem, 'type'>[]): AgendaCounts {
  const of = (type: AgendaItemType) => items.filter((i) => i.type === type).length;
  return {
    anniversary: of('anniversary'),
    birthday: of('birthday'),
    eventDue: of('eventDue'),
    absence: of('absence'),
  };
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
