/**
 * Sites and rooms (issue 29, the settings hub's Sites card): the limits and the rules the server
 * checks and the page shows before sending. Names are spec §9's 50; address lines and postcode are
 * the profile's limits (50 and 20), phones 30.
 */
export const SITE_NAME_MAX = 50;
export const ROOM_NAME_MAX = 50;
export const SESSION_NAME_MAX = 50;
export const SITE_ADDRESS_LINE_MAX = 50;
export const SITE_ADDRESS_LINES = 3;
export const SITE_POSTCODE_MAX = 20;
export const SITE_PHONE_MAX = 30;
export const CLOSURE_REASON_MAX = 100;
export const ROOM_CAPACITY_MIN = 1;
export const ROOM_CAPACITY_MAX = 200;
/** Ages of a room in months: birth to 11 years covers every early-years and out-of-school room. */
export const ROOM_AGE_MAX_MONTHS = 132;
/** ISO weekdays: 1 Monday ... 7 Sunday. */
export const OPENING_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type OpeningWeekday = (typeof OPENING_WEEKDAYS)[number];

/** The key two names are compared by: trimmed, case aside ("Oak Tree" and " oak tree" are one name). */
export function placeNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-GB');
}

/** Whether `name` is taken by another of `others` (the row being edited excepted). */
export function placeNameTaken(
  name: string,
  others: readonly { id: number; name: string }[],
  exceptId?: number,
): boolean {
  const key = placeNameKey(name);
  return others.some((o) => o.id !== exceptId && placeNameKey(o.name) === key);
}

/** 'HH:mm' (or PostgreSQL's 'HH:mm:ss') as minutes since midnight. */
export function clockTimeMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Opening hours are a day's span: the site opens before it closes. */
export function openingHoursValid(opensAt: string, closesAt: string): boolean {
  return clockTimeMinutes(opensAt) < clockTimeMinutes(closesAt);
}

/** A session starts before it ends, and lies within the site's opening hours. */
export function sessionTimesProblem(
  start: string,
  end: string,
  opening: { opensAt: string; closesAt: string },
): 'session-end-before-start' | 'session-outside-opening-hours' | null {
  if (clockTimeMinutes(start) >= clockTimeMinutes(end)) return 'session-end-before-start';
  if (
    clockTimeMinutes(start) < clockTimeMinutes(opening.opensAt) ||
    clockTimeMinutes(end) > clockTimeMinutes(opening.closesAt)
  )
    return 'session-outside-opening-hours';
  return null;
}

/** A room's age range: from below to (a room for 24-36 months). */
export function ageRangeValid(fromMonths: number, toMonths: number): boolean {
  return fromMonths < toMonths;
}

/** The weekdays in order, each once. */
export function normaliseWeekdays(days: readonly number[]): OpeningWeekday[] {
  return OPENING_WEEKDAYS.filter((d) => days.includes(d));
}

/** What stops a site being archived: children still at it or staff based there (0 and 0 means none). */
export function siteArchiveBlocker(counts: {
  children: number;
  staff: number;
}): 'err-site-has-children' | 'err-site-has-staff' | null {
  if (counts.children > 0) return 'err-site-has-children';
  if (counts.staff > 0) return 'err-site-has-staff';
  return null;
}
