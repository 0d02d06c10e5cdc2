/**
 * Rules of the emergency contacts list (spec 002 §2 "Emergency contacts", §8 "The emergency list warns
 * if the data was fetched over 8 hours ago"). Pure; used by the screen and tested here.
 */

/** Older than this, the list warns that its data may be out of date (spec 002 §8). */
export const EMERGENCY_STALE_MS = 8 * 60 * 60_000;

/** Whether data fetched at `fetchedAt` is over 8 hours old at `now`. */
export function isEmergencyDataStale(fetchedAt: number | Date, now: number | Date): boolean {
  return new Date(now).getTime() - new Date(fetchedAt).getTime() > EMERGENCY_STALE_MS;
}

/**
 * The quick-link letter of a surname: its first letter without accents, upper-cased ('Ó Briain' → 'O',
 * 'de Souza' → 'D'); '#' when it does not start with a letter A–Z.
 */
export function surnameInitial(surname: string): string {
  const first = surname
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toLocaleUpperCase('en-GB');
  return /^[A-Z]$/.test(first) ? first : '#';
}

export interface InitialGroup<T> {
  letter: string;
  items: T[];
}

/**
 * Children grouped by surname initial, letters A–Z in order then '#'; within a group in the order
 * given (the server's surname, forename order).
 */
export function groupBySurnameInitial<T extends { surname: string }>(items: readonly T[]): InitialGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const letter = surnameInitial(item.surname);
    const list = groups.get(letter);
    if (list) list.push(item);
    else groups.set(letter, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, items: list }));
}
