/**
 * A child's record as the settings' Children page edits it (issue 29), and a child's booking patterns:
 * the limits, the field rules both the form and the server apply (one message per field, the spec's
 * wording where it has one), and the days a pattern books. Pure: no I/O.
 */
import { addDays, type CalendarDate, daysBetween, isCalendarDate } from './dates.ts';

/** Names as staff names (spec 002 §9: 50). */
export const CHILD_NAME_MAX = 50;
/** Allergies, dietary needs and medical notes (the profile's biography limit, spec 002 §9: 1000). */
export const CHILD_NOTES_MAX = 1000;
/** Dates of birth before this are typos, not children. */
export const CHILD_DOB_MIN = '2001-01-01';
export const CHILD_GENDERS = ['M', 'F', 'O'] as const;
export type ChildGender = (typeof CHILD_GENDERS)[number];
/** Which children a list shows: on roll (no leave date before today), left, or archived. */
export const CHILD_LIST_STATUSES = ['current', 'leavers', 'archived'] as const;
export type ChildListStatus = (typeof CHILD_LIST_STATUSES)[number];

export const CHILD_FIELD_MESSAGES = {
  required: 'This field is required.',
  nameTooLong: `This field has a maximum length of ${CHILD_NAME_MAX} characters.`,
  notesTooLong: `This field has a maximum length of ${CHILD_NOTES_MAX} characters.`,
  invalidDate: 'Please enter a valid date.',
  future: 'Future dates are not allowed.',
  tooEarly: 'Please enter a date after 1 Jan 2001.',
  leaveBeforeStart: 'The leave date must not be before the start date.',
  startBeforeBirth: 'The start date must not be before the date of birth.',
} as const;

export interface ChildFieldsInput {
  forename: string;
  surname: string;
  dob: string;
  startDate: string;
  endDate?: string | null;
  allergies?: string | null;
  dietaryNeeds?: string | null;
  medicalNotes?: string | null;
}

export interface FieldProblem {
  field: string;
  message: string;
}

function nameProblem(value: string): string | null {
  const name = value.trim();
  if (name.length === 0) return CHILD_FIELD_MESSAGES.required;
  if (name.length > CHILD_NAME_MAX) return CHILD_FIELD_MESSAGES.nameTooLong;
  return null;
}

function dateProblem(value: string | null | undefined, required: boolean): string | null {
  if (!value) return required ? CHILD_FIELD_MESSAGES.required : null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDate(value)) return CHILD_FIELD_MESSAGES.invalidDate;
  if (value < CHILD_DOB_MIN) return CHILD_FIELD_MESSAGES.tooEarly;
  return null;
}

/**
 * The problems of a child's fields, by field, in the form's order: names required and ≤ 50, real dates
 * (a date of birth not in the future, a start not before birth, a leave date not before the start), notes
 * ≤ 1000. An empty list means the record may be saved.
 */
export function childFieldProblems(input: ChildFieldsInput, today: CalendarDate): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  add('forename', nameProblem(input.forename));
  add('surname', nameProblem(input.surname));
  const dob = dateProblem(input.dob, true);
  add('dob', dob ?? (input.dob > today ? CHILD_FIELD_MESSAGES.future : null));
  const start = dateProblem(input.startDate, true);
  add(
    'startDate',
    start ?? (!dob && input.startDate < input.dob ? CHILD_FIELD_MESSAGES.startBeforeBirth : null),
  );
  const end = dateProblem(input.endDate, false);
  add(
    'endDate',
    end ??
      (!start && input.endDate && input.endDate < input.startDate
        ? CHILD_FIELD_MESSAGES.leaveBeforeStart
        : null),
  );
  for (const field of ['allergies', 'dietaryNeeds', 'medicalNotes'] as const) {
    if ((input[field] ?? '').length > CHILD_NOTES_MAX) add(field, CHILD_FIELD_MESSAGES.notesTooLong);
  }
  return problems;
}

/** The list a child belongs to on `today`: archived first, then left (a leave date before today), else current. */
export function childListStatus(
  child: { endDate: string | null; archived: boolean },
  today: CalendarDate,
): ChildListStatus {
  if (child.archived) return 'archived';
  return child.endDate !== null && child.endDate < today ? 'leavers' : 'current';
}

// --- Booking patterns (spec 002 §3 "Booking pattern": interval in weeks, from, to, status) ---

/** The spec's sample intervals: every week or every other week. */
export const PATTERN_INTERVALS = [1, 2] as const;
export type PatternInterval = (typeof PATTERN_INTERVALS)[number];
export const PATTERN_STATUSES = ['Active', 'Inactive', 'Future'] as const;
export type PatternStatus = (typeof PATTERN_STATUSES)[number];
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/**
 * How far ahead a pattern's bookings exist as rows (the registers read rows): 8 weeks from today, and a
 * register read of a later day books the patterns up to that day first.
 */
export const PATTERN_HORIZON_DAYS = 56;

export const PATTERN_MESSAGES = {
  noWeekday: 'Choose at least one day.',
  toBeforeFrom: 'The end date must not be before the start date.',
  session: 'Choose a session of the child’s site.',
} as const;

export interface PatternShape {
  weekdays: readonly number[];
  intervalWeeks: number;
  from: CalendarDate;
  to: CalendarDate | null;
}

/** Active while today is within from..to, Future before it, Inactive after it. */
export function patternStatus(
  pattern: Pick<PatternShape, 'from' | 'to'>,
  today: CalendarDate,
): PatternStatus {
  if (pattern.from > today) return 'Future';
  if (pattern.to !== null && pattern.to < today) return 'Inactive';
  return 'Active';
}

export function patternProblems(pattern: PatternShape): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (pattern.weekdays.length === 0)
    problems.push({ field: 'weekdays', message: PATTERN_MESSAGES.noWeekday });
  if (pattern.to !== null && pattern.to < pattern.from)
    problems.push({ field: 'to', message: PATTERN_MESSAGES.toBeforeFrom });
  return problems;
}

/** ISO weekday of a date (1 Monday … 7 Sunday). */
export function isoWeekday(date: CalendarDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The dates the pattern books within first..last (inclusive): its weekdays, from its start to its end,
 * every `intervalWeeks` weeks counted from the week (Monday to Sunday) its start falls in.
 */
export function patternDates(pattern: PatternShape, first: CalendarDate, last: CalendarDate): CalendarDate[] {
  const start = first > pattern.from ? first : pattern.from;
  const end = pattern.to !== null && pattern.to < last ? pattern.to : last;
  const weekOne = addDays(pattern.from, 1 - isoWeekday(pattern.from));
  const days = new Set(pattern.weekdays);
  const dates: CalendarDate[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const week = Math.floor(daysBetween(weekOne, date) / 7);
    if (week % pattern.intervalWeeks === 0 && days.has(isoWeekday(date))) dates.push(date);
  }
  return dates;
}
