/**
 * The events timeline's pure rules (issue 31): events grouped by their day in the site's zone, each
 * day's heading (weekday and DD/MM/YYYY), and a notes excerpt. No React: timeline.test.ts covers them.
 */
import { formatDate, toCalendarDate } from '@nursery/domain/common';

export interface TimelineDay<E> {
  /** YYYY-MM-DD in the site's zone: the group's key. */
  day: string;
  /** "Friday 04/12/2026". */
  heading: string;
  events: E[];
}

/** The weekday of a calendar date (YYYY-MM-DD), in English; the date alone names the day, no zone. */
function weekday(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * Consecutive events of the same day (in `tz`, Europe/London by default) in one group, in the order
 * given (the search's, newest first). A day that comes back after another (an out-of-order page) is a
 * new group rather than a reordering: the list never moves cards the user has already seen.
 */
export function groupByDay<E extends { raised: string }>(events: readonly E[], tz: string): TimelineDay<E>[] {
  const days: TimelineDay<E>[] = [];
  for (const e of events) {
    const day = toCalendarDate(new Date(e.raised), tz);
    const last = days[days.length - 1];
    if (last && last.day === day) last.events.push(e);
    else days.push({ day, heading: `${weekday(day)} ${formatDate(day)}`, events: [e] });
  }
  return days;
}

/** Notes shown on a card: whitespace folded, cut at a word near `max` characters with an ellipsis. */
export function notesExcerpt(notes: string | null | undefined, max = 160): string {
  const text = (notes ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
