/**
 * Pure helpers of the Spotlight pickers (spec 001 §2 "Modals and panels", §9 "Additional grading
 * controls"): which frameworks a picker offers, the framework tree built once per framework, statement
 * filtering by age range and search text, and the grading changes (same grade again clears, age-range
 * clear, a grading kept only while it counts).
 */
import {
  type Framework,
  type FrameworkAgeRange,
  type FrameworkGrade,
  type FrameworkItem,
  type FrameworkScheme,
  type FrameworksAnswer,
  GradeValue,
  gradingCounts,
  toggleGrade,
} from '@nursery/domain';

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

/** A framework indexed once: children by parent, statements in display order, search text. */
export interface PickerFramework {
  framework: Framework;
  scheme: FrameworkScheme;
  byID: Map<string, FrameworkItem>;
  childrenOf: Map<string, FrameworkItem[]>;
  /** The areas: the children of the root (or the roots when there is no single root). */
  areas: FrameworkItem[];
  /** Gradable statements in display order. */
  statements: FrameworkItem[];
  /**
   * Lower-case, accent-free name per statement id: built on the first search (not on opening), then
   * reused, since filtering runs per keystroke.
   */
  searchText: Map<string, string>;
  /** Age ranges the picker offers as tabs: the framework's own (the answer lists enabled ones only). */
  ageRanges: FrameworkAgeRange[];
}

/** Case- and accent-insensitive text for search. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Gradable: an item at the framework's statement level, or a leaf (never the root). A framework without
 * a statement level grades its leaves only.
 */
function isStatement(framework: Framework, item: FrameworkItem, hasChildren: boolean): boolean {
  if (item.parentID === null) return false;
  if (framework.statementLevel !== null && item.levelName === framework.statementLevel) return true;
  return !hasChildren;
}

export function buildPickerFramework(framework: Framework, scheme: FrameworkScheme): PickerFramework {
  const byID = new Map<string, FrameworkItem>();
  const childrenOf = new Map<string, FrameworkItem[]>();
  const roots: FrameworkItem[] = [];
  for (const item of framework.items) {
    byID.set(item.id, item);
    if (item.parentID === null) {
      roots.push(item);
      continue;
    }
    const list = childrenOf.get(item.parentID);
    if (list) list.push(item);
    else childrenOf.set(item.parentID, [item]);
  }
  const statements = framework.items.filter((item) => isStatement(framework, item, childrenOf.has(item.id)));
  const searchText = new Map<string, string>();
  const areas = roots.length === 1 ? (childrenOf.get(roots[0]!.id) ?? []) : roots;
  return {
    framework,
    scheme,
    byID,
    childrenOf,
    areas,
    statements,
    searchText,
    ageRanges: framework.ageRanges,
  };
}

/** Grades a gradings picker offers: working towards (0) and achieved (1), and best fit (2) as no value. */
export function pickerGrades(scheme: FrameworkScheme): FrameworkGrade[] {
  return scheme.grades.filter((g) => g.value === 0 || g.value === 1 || g.value === 2);
}

/** The frameworks with a scheme for the event type, in the answer's order, indexed. */
export function frameworksForEventType(
  answer: FrameworksAnswer | undefined,
  typeID: number | undefined,
): PickerFramework[] {
  if (!answer || typeID === undefined) return [];
  const out: PickerFramework[] = [];
  for (const framework of answer.frameworks) {
    const scheme = framework.schemes.find((s) => s.eventTypeID === typeID);
    if (scheme && pickerGrades(scheme).length > 0) out.push(buildPickerFramework(framework, scheme));
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

/** A statement shows under an age-range tab when it has that range or none at all. */
export function inAgeRange(item: FrameworkItem, ageRangeID: number | null): boolean {
  return ageRangeID === null || item.ageRangeID === null || item.ageRangeID === ageRangeID;
}

/** The statements under an item (any depth) for the age-range tab, in display order. */
export function statementsUnder(
  pf: PickerFramework,
  itemID: string,
  ageRangeID: number | null,
): FrameworkItem[] {
  const out: FrameworkItem[] = [];
  for (const s of pf.statements) {
    if (s.id !== itemID && s.id.startsWith(itemID) && inAgeRange(s, ageRangeID)) out.push(s);
  }
  return out;
}

/**
 * The statements whose name holds every word of the query (case and accents ignored), in the age-range
 * tab, in display order. An empty query matches nothing (the tree is shown instead).
 */
export function searchStatements(
  pf: PickerFramework,
  query: string,
  ageRangeID: number | null,
): FrameworkItem[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const out: FrameworkItem[] = [];
  for (const s of pf.statements) {
    if (!inAgeRange(s, ageRangeID)) continue;
    let text = pf.searchText.get(s.id);
    if (text === undefined) {
      text = foldText(s.name);
      pf.searchText.set(s.id, text);
    }
    if (words.every((w) => text.includes(w))) out.push(s);
  }
  return out;
}

/** The names of the item's ancestors below the root, outermost first. */
export function ancestorNames(pf: PickerFramework, item: FrameworkItem): string[] {
  const names: string[] = [];
  let parentID = item.parentID;
  while (parentID !== null) {
    const parent = pf.byID.get(parentID);
    if (!parent || parent.parentID === null) break;
    names.unshift(parent.name);
    parentID = parent.parentID;
  }
  return names;
}

/**
 * The area of an item path id ('/-29/1/3/2/' → '/-29/1/'): the framework id plus the first level. Ids
 * that are not paths are their own area.
 */
export function areaIDOf(itemID: string): string {
  const parts = itemID.split('/').filter(Boolean);
  return parts.length >= 2 ? `/${parts[0]}/${parts[1]}/` : itemID;
}

/** The grading of an item, or an empty one. */
export function gradingOf(gradings: readonly PickerGrading[], itemID: string): PickerGrading {
  return gradings.find((g) => g.itemID === itemID) ?? { itemID, value: null, ageRangeID: null, notes: '' };
}

/**
 * The gradings after a change to one item: the grading replaces the item's in place (a new one goes last),
 * and a grading that no longer counts (no age range, value or notes) is dropped (spec 001 §9).
 */
export function withGrading(
  gradings: readonly PickerGrading[],
  itemID: string,
  change: (current: PickerGrading) => PickerGrading,
): PickerGrading[] {
  const index = gradings.findIndex((g) => g.itemID === itemID);
  const next = change(gradingOf(gradings, itemID));
  const keep = gradingCounts(next);
  if (index < 0) return keep ? [...gradings, next] : [...gradings];
  const out = [...gradings];
  if (keep) out[index] = next;
  else out.splice(index, 1);
  return out;
}

export interface GradeContext {
  /** The scheme allows an age range on a grading. */
  allowAgeRange: boolean;
  /** The range a new grade takes: the statement's own, else the open age-range tab. */
  ageRangeID: number | null;
}

/**
 * Selecting a grade of the scheme (its value 0, 1 or 2): the same grade again clears it (spec 001 §9). A
 * best-fit grade (2) is stored as no value with the age range, so it is 'selected' while the grading has
 * an age range and no value. A new grade takes the statement's age range when none is set; clearing a
 * grade takes that range with it, so no orphan range is left.
 */
export function selectGrade(current: PickerGrading, gradeValue: number, ctx: GradeContext): PickerGrading {
  const wasSelected = isGradeSelected(current, gradeValue);
  const range = ctx.allowAgeRange ? ctx.ageRangeID : null;
  if (gradeValue === GradeValue.BestFit) {
    if (wasSelected) return { ...current, ageRangeID: null };
    return { ...current, value: null, ageRangeID: current.ageRangeID ?? range };
  }
  const value = toggleGrade(current.value, gradeValue as 0 | 1);
  if (value === null) {
    return { ...current, value: null, ageRangeID: current.ageRangeID === range ? null : current.ageRangeID };
  }
  return { ...current, value, ageRangeID: ctx.allowAgeRange ? (current.ageRangeID ?? range) : null };
}

export function isGradeSelected(g: PickerGrading, gradeValue: number): boolean {
  if (gradeValue === GradeValue.BestFit) return g.value === null && g.ageRangeID !== null;
  return g.value === gradeValue;
}

/** The age range 'clear' option: the grading keeps its value and notes. */
export function clearAgeRange(g: PickerGrading): PickerGrading {
  return { ...g, ageRangeID: null };
}

/** Gradings that belong to a framework's items. */
export function gradingsIn(pf: PickerFramework, gradings: readonly PickerGrading[]): PickerGrading[] {
  return gradings.filter((g) => pf.byID.has(g.itemID));
}

/** How many gradings sit under an item (any depth). */
export function gradedUnder(gradings: readonly PickerGrading[], itemID: string): number {
  let n = 0;
  for (const g of gradings) if (g.itemID !== itemID && g.itemID.startsWith(itemID)) n += 1;
  return n;
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
export function bestFitTargets(pf: PickerFramework): FrameworkItem[] {
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
