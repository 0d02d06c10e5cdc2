/**
 * Spotlight's own parts of the pickers' model (spec 001 §2 "Modals and panels", §9 "Additional grading
 * controls"): which frameworks a picker offers, favourites, best fits and grade colours. The framework
 * index, the statements offered and the grade rules are the one grading picker's model in the domain
 * (`gradingPicker.ts`, shared with the Events assessment panel).
 */
import {
  type Framework,
  type FrameworkGrade,
  type FrameworkIndex,
  type FrameworkItem,
  type FrameworkScheme,
  type FrameworksAnswer,
  indexFramework,
  withGrading,
} from '@nursery/domain/frameworks';

/** One grading as the editor holds it (value null: best fit, or only an age range / notes). */
export interface PickerGrading {
  itemID: string;
  value: 0 | 1 | null;
  ageRangeID: number | null;
  notes: string;
}

/** One Birth to 5 Matters best fit: an aspect and the range that fits the child best. */
export interface PickerBestFit {
  itemID: string;
  ageRangeID: number;
}

export type SpotlightEventType = 'snapshot' | 'learningStory';

export const DEVELOPMENT_MATTERS_ID = '-29';
export const BIRTH_TO_FIVE_ID = '-23';
const DEVELOPMENT_MATTERS_NAME = /^development matters$/i;
const BIRTH_TO_FIVE_NAME = /^birth to 5 matters$/i;

/** The Birth to 5 Matters best-fit ranges -2500 (Range 1) to -2506 (Range 6) (spec 001 §3). */
export function isBestFitRange(ageRangeID: number): boolean {
  return ageRangeID <= -2500 && ageRangeID >= -2506;
}

/** Grades a gradings picker offers: working towards (0) and achieved (1), and best fit (2) as no value. */
export function pickerGrades(scheme: FrameworkScheme): FrameworkGrade[] {
  return scheme.grades.filter((g) => g.value === 0 || g.value === 1 || g.value === 2);
}

/** The frameworks with a scheme for the event type, in the answer's order, indexed. */
export function frameworksForEventType(
  answer: FrameworksAnswer | undefined,
  typeID: number | undefined,
): FrameworkIndex[] {
  if (!answer || typeID === undefined) return [];
  const out: FrameworkIndex[] = [];
  for (const framework of answer.frameworks) {
    const scheme = framework.schemes.find((s) => s.eventTypeID === typeID);
    if (scheme && pickerGrades(scheme).length > 0) out.push(indexFramework(framework, scheme));
  }
  return out;
}

export function isDevelopmentMatters(framework: Pick<Framework, 'id' | 'name'>): boolean {
  return framework.id === DEVELOPMENT_MATTERS_ID || DEVELOPMENT_MATTERS_NAME.test(framework.name.trim());
}

export function isBirthToFive(framework: Pick<Framework, 'id' | 'name'>): boolean {
  return framework.id === BIRTH_TO_FIVE_ID || BIRTH_TO_FIVE_NAME.test(framework.name.trim());
}

/** Development Matters when available, else the first framework (spec 001 §9). */
export function defaultFrameworkID(frameworks: readonly Pick<Framework, 'id' | 'name'>[]): string | null {
  return (frameworks.find(isDevelopmentMatters) ?? frameworks[0])?.id ?? null;
}

/** The favourites list is shown only when there are more than 3 frameworks (spec 001 §9). */
export const FAVOURITES_SHOWN_ABOVE = 3;

export function showsFavourites(frameworkCount: number): boolean {
  return frameworkCount > FAVOURITES_SHOWN_ABOVE;
}

/** Favourites first (in favourite order), then the others in the answer's order. */
export function orderWithFavourites<T extends { id: string }>(
  frameworks: readonly T[],
  favourites: readonly string[],
): { favourites: T[]; others: T[] } {
  const byID = new Map(frameworks.map((f) => [f.id, f]));
  const favs = favourites.map((id) => byID.get(id)).filter((f): f is T => f !== undefined);
  const favIDs = new Set(favs.map((f) => f.id));
  return { favourites: favs, others: frameworks.filter((f) => !favIDs.has(f.id)) };
}

export function toggleFavourite(favourites: readonly string[], frameworkID: string): string[] {
  return favourites.includes(frameworkID)
    ? favourites.filter((id) => id !== frameworkID)
    : [...favourites, frameworkID];
}

/** An empty grading of an item, as Spotlight holds one (notes ''). */
export function emptyGrading(itemID: string): PickerGrading {
  return { itemID, value: null, ageRangeID: null, notes: '' };
}

/** The gradings after a change to one item (the one model's rule: a grading that no longer counts goes). */
export function withPickerGrading(
  gradings: readonly PickerGrading[],
  itemID: string,
  change: (current: PickerGrading) => PickerGrading,
): PickerGrading[] {
  return withGrading(gradings, itemID, emptyGrading(itemID), change);
}

/**
 * The best fits after choosing a range for an aspect: the same range again clears it (as grades do);
 * one best fit per aspect.
 */
export function withBestFit(
  bestFits: readonly PickerBestFit[],
  itemID: string,
  ageRangeID: number,
): PickerBestFit[] {
  const current = bestFits.find((b) => b.itemID === itemID);
  const others = bestFits.filter((b) => b.itemID !== itemID);
  if (current?.ageRangeID === ageRangeID) return others;
  const index = bestFits.findIndex((b) => b.itemID === itemID);
  const next = { itemID, ageRangeID };
  if (index < 0) return [...bestFits, next];
  const out = [...bestFits];
  out[index] = next;
  return out;
}

/** The items a best fit is given for: the parents of statements (the aspects), in display order. */
export function bestFitTargets(pf: FrameworkIndex): FrameworkItem[] {
  const parents = new Set<string>();
  for (const s of pf.statements) if (s.parentID !== null) parents.add(s.parentID);
  return pf.framework.items.filter((i) => parents.has(i.id) && i.parentID !== null);
}

/** Black or white text on a 6-digit hex background: the one with the higher WCAG contrast. */
export function contrastText(hex: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with black is (l + 0.05) / 0.05, with white 1.05 / (l + 0.05).
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}
