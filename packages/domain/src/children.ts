/**
 * Telling children apart (issue 13): the age label of a child tile, the photo-consent values and the
 * rule that picks out children sharing a name. Pure functions used by the web's child picker.
 */
import { ageInMonths, type CalendarDate } from './dates.ts';

/**
 * The parents' consent to photos of their child (UK nurseries must ask): given, refused, or not
 * asked yet. Stored on the child (`children.photo_consent`, default 'notAsked').
 */
export const PHOTO_CONSENTS = ['yes', 'no', 'notAsked'] as const;
export type PhotoConsent = (typeof PHOTO_CONSENTS)[number];

/** Whether a photo of the child may be attached without a warning (only with consent 'yes'). */
export const photoConsentMissing = (consent: PhotoConsent): boolean => consent !== 'yes';

/**
 * The event's children whose parents refused photos (consent 'no'), in the order chosen, when the event
 * has a photo or video: saving then asks for an explicit confirmation naming them (issue 27). 'notAsked'
 * keeps its warning only (the manager is to ask), so it is not listed.
 */
export function childrenRefusingPhotos<C extends { id: number; photoConsent: PhotoConsent }>(
  childIDs: readonly number[],
  children: readonly C[],
  mediaCount: number,
): C[] {
  if (mediaCount === 0) return [];
  const byID = new Map(children.map((c) => [c.id, c]));
  return childIDs.flatMap((id) => {
    const child = byID.get(id);
    return child && child.photoConsent === 'no' ? [child] : [];
  });
}

/**
 * A child's age as a tile shows it: completed years and months ("2y 4m", "3y 0m"), months alone under
 * a year ("11m", "0m"). Months complete as in `ageInMonths` (born 31 Jan: one month on 28/29 Feb).
 * A date of birth after `today` (bad data) reads "0m".
 */
export function ageLabel(dob: CalendarDate, today: CalendarDate): string {
  const months = Math.max(0, ageInMonths(dob, today));
  if (months < 12) return `${months}m`;
  return `${Math.floor(months / 12)}y ${months % 12}m`;
}

/** The name two children share when they are easily confused: forename and surname, case-blind. */
export const sameNameKey = (c: { forename: string; surname: string }): string =>
  `${c.forename.trim()} ${c.surname.trim()}`.toLocaleLowerCase('en-GB');

/** The ids of the children whose forename and surname another child of the list also has. */
export function namesakeIDs(
  list: ReadonlyArray<{ id: number; forename: string; surname: string }>,
): Set<number> {
  const byName = new Map<string, number[]>();
  for (const c of list) {
    const key = sameNameKey(c);
    byName.set(key, [...(byName.get(key) ?? []), c.id]);
  }
  return new Set([...byName.values()].filter((ids) => ids.length > 1).flat());
}
