/**
 * Key children and pending considerations on Home (spec 002 §3 "Key-children data", §9): which area of
 * learning a graded item belongs to, the short column labels of the key-children table, the 'recent'
 * mark, and whether the considerations list is cut at its limit (the badge: rules.ts).
 */
import { type CalendarDate, isRecentObservation } from './dates.ts';
import { CONSIDERATIONS_LIMIT } from './limits.ts';

/**
 * The area of learning of a framework item: its depth-1 ancestor ('/-29/1/3/' → '/-29/1/'). An area
 * is its own area; the root ('/-29/') and malformed ids have none.
 */
export function areaOfItem(itemID: string): string | null {
  const match = /^\/(-?\d+)\/([^/]+)\//.exec(itemID);
  return match ? `/${match[1]}/${match[2]}/` : null;
}

/** Little words left out of an area's initials. */
const MINOR_WORDS = new Set(['and', 'the', 'of', 'for', 'in', 'to', 'a', 'an', 'with']);

/**
 * A short column label for an area of learning: the initials of its significant words, as the EYFS
 * writes them ('Communication and Language' → 'CL', 'Personal, Social and Emotional Development' →
 * 'PSED', 'Understanding the World' → 'UW'). A one-word area keeps its first three letters
 * ('Literacy' → 'Lit'), so 'Literacy' and 'Mathematics' stay distinct from single letters.
 */
export function areaAbbreviation(name: string): string {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !MINOR_WORDS.has(w.toLocaleLowerCase('en-GB')));
  if (words.length === 0) return name.trim().slice(0, 3);
  if (words.length === 1) return words[0].slice(0, 3);
  return words.map((w) => w.charAt(0).toLocaleUpperCase('en-GB')).join('');
}

export type ObservationMark = 'recent' | 'old' | 'none';

/** A cell of the key-children table: 'recent' within 2 weeks of the date, 'old' before, 'none' without one. */
export function observationMark(date: CalendarDate | null, today: CalendarDate): ObservationMark {
  if (!date) return 'none';
  return isRecentObservation(date, today) ? 'recent' : 'old';
}

/** Whether the list may hold only the first 100 (the widget then warns). */
export function considerationsTruncated(count: number): boolean {
  return count >= CONSIDERATIONS_LIMIT;
}

/** A spotlight due on or before the date is due now (the table marks it). */
export function isSpotlightDue(dueDate: CalendarDate, today: CalendarDate): boolean {
  return dueDate <= today;
}
