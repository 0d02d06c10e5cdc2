/**
 * The one grading picker's model (issue 28), used by the Events assessment panel (spec 000 §5) and the
 * Spotlight gradings picker (spec 001 §2, §9): a framework indexed once, which statements are offered
 * (under an item, an age range, a search), and how a grade is chosen, changed and cleared. Each screen
 * keeps its own container; the rules of choosing a grade are these.
 */

import { GradeValue, gradingCounts, toggleGrade } from './gradings.ts';
import type { Framework, FrameworkAgeRange, FrameworkItem, FrameworkScheme } from './schemas/frameworks.ts';

/** A framework indexed once: children by parent, gradable statements in display order, search text. */
export interface FrameworkIndex {
  framework: Framework;
  scheme: FrameworkScheme;
  byID: Map<string, FrameworkItem>;
  /** Children in display order, keyed by parent id. */
  childrenOf: Map<string, FrameworkItem[]>;
  /** The areas: the children of the root (or the roots when there is no single root). */
  areas: FrameworkItem[];
  /** Gradable statements in display order. */
  statements: FrameworkItem[];
  statementIDs: Set<string>;
  /**
   * Lower-case, accent-free name per statement id: filled on the first search (not when indexing), then
   * reused, since filtering runs per keystroke.
   */
  searchText: Map<string, string>;
  /** The framework's age ranges (the frameworks answer lists the enabled ones only). */
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
export function isGradable(framework: Framework, item: FrameworkItem, hasChildren: boolean): boolean {
  if (item.parentID === null) return false;
  if (framework.statementLevel !== null && item.levelName === framework.statementLevel) return true;
  return !hasChildren;
}

export function indexFramework(framework: Framework, scheme: FrameworkScheme): FrameworkIndex {
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
  const statements = framework.items.filter((item) => isGradable(framework, item, childrenOf.has(item.id)));
  const areas = roots.length === 1 ? (childrenOf.get(roots[0]!.id) ?? []) : roots;
  return {
    framework,
    scheme,
    byID,
    childrenOf,
    areas,
    statements,
    statementIDs: new Set(statements.map((s) => s.id)),
    searchText: new Map(),
    ageRanges: framework.ageRanges,
  };
}

/** A statement shows under an age range (a tab) when it has that range or none at all; null: any. */
export function inAgeRange(item: FrameworkItem, ageRangeID: number | null): boolean {
  return ageRangeID === null || item.ageRangeID === null || item.ageRangeID === ageRangeID;
}

/** The statements under an item (any depth) in the age range, in display order. */
export function statementsUnder(
  index: FrameworkIndex,
  itemID: string,
  ageRangeID: number | null,
): FrameworkItem[] {
  const out: FrameworkItem[] = [];
  for (const s of index.statements) {
    if (s.id !== itemID && s.id.startsWith(itemID) && inAgeRange(s, ageRangeID)) out.push(s);
  }
  return out;
}

/**
 * The statements whose name holds every word of the query (case and accents ignored), in the age range
 * (null: any), in display order. An empty query matches nothing (the screens show their tree instead).
 */
export function searchStatements(
  index: FrameworkIndex,
  query: string,
  ageRangeID: number | null,
): FrameworkItem[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const out: FrameworkItem[] = [];
  for (const s of index.statements) {
    if (!inAgeRange(s, ageRangeID)) continue;
    let text = index.searchText.get(s.id);
    if (text === undefined) {
      text = foldText(s.name);
      index.searchText.set(s.id, text);
    }
    if (words.every((w) => text.includes(w))) out.push(s);
  }
  return out;
}

/** The names of the item's ancestors below the root, outermost first (where a search result sits). */
export function ancestorNames(index: FrameworkIndex, item: FrameworkItem): string[] {
  const names: string[] = [];
  let parentID = item.parentID;
  while (parentID !== null) {
    const parent = index.byID.get(parentID);
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

/** How many of the item ids sit under an item (any depth). */
export function gradedUnder(gradings: Iterable<{ itemID: string }>, itemID: string): number {
  let n = 0;
  for (const g of gradings) if (g.itemID !== itemID && g.itemID.startsWith(itemID)) n += 1;
  return n;
}

/** A grading as a screen holds it: the Events form (notes null when empty) or Spotlight (''). */
export interface GradingDraft {
  itemID: string;
  value: number | null;
  ageRangeID: number | null;
  notes: string | null;
}

export interface GradeContext {
  /** The scheme allows an age range on a grading. */
  allowAgeRange: boolean;
  /**
   * The range a new grade takes when the grading has none: the statement's own (Events), else the open
   * age-range tab (Spotlight).
   */
  ageRangeID: number | null;
  /**
   * The scheme's best-fit grade (value 2) is stored as no value with the age range (Spotlight, spec 001
   * §9 "Gradings without a value are kept as best fit"); otherwise value 2 is a value like any other.
   */
  bestFitAsRange: boolean;
}

/** The grade value is the one the grading shows as chosen. */
export function isGradeChosen(g: GradingDraft, gradeValue: number, bestFitAsRange: boolean): boolean {
  if (bestFitAsRange && gradeValue === GradeValue.BestFit) return g.value === null && g.ageRangeID !== null;
  return g.value === gradeValue;
}

/**
 * Choosing a grade of the scheme: the same grade again clears it (spec 000 §5, spec 001 §9). A new grade
 * takes the context's age range when the grading has none (and only when the scheme allows ranges).
 */
export function chooseGrade<G extends GradingDraft>(current: G, gradeValue: number, ctx: GradeContext): G {
  if (ctx.bestFitAsRange && gradeValue === GradeValue.BestFit) {
    if (isGradeChosen(current, gradeValue, true)) return { ...current, ageRangeID: null };
    const range = ctx.allowAgeRange ? ctx.ageRangeID : null;
    return { ...current, value: null, ageRangeID: current.ageRangeID ?? range };
  }
  // A screen's grading may narrow the value (Spotlight: 0 | 1); a value comes from that screen's grades.
  const value = toggleGrade(current.value, gradeValue);
  if (value === null) return clearGrade(current, ctx);
  return {
    ...current,
    value,
    ageRangeID: ctx.allowAgeRange ? (current.ageRangeID ?? ctx.ageRangeID) : null,
  } as G;
}

/**
 * Clearing the grade (the dropdown's clear, or the same grade again): the range the grade brought goes
 * with it, so no 'age range without a grade' is left; a range the user chose differently stays.
 */
export function clearGrade<G extends GradingDraft>(current: G, ctx: GradeContext): G {
  if (!ctx.allowAgeRange) return { ...current, value: null, ageRangeID: null };
  const brought = current.value !== null && current.ageRangeID === ctx.ageRangeID;
  return { ...current, value: null, ageRangeID: brought ? null : current.ageRangeID };
}

/** The age range 'clear': the grading keeps its value and notes. */
export function clearGradingAgeRange<G extends GradingDraft>(g: G): G {
  return { ...g, ageRangeID: null };
}

/**
 * The grading after a change, or null when it no longer counts (no value, age range or notes) and so
 * leaves the selection (spec 001 §9; the Events form drops it likewise).
 */
export function changedGrading<G extends GradingDraft>(current: G, change: (g: G) => G): G | null {
  const next = change(current);
  return gradingCounts(next) ? next : null;
}

/** Spotlight's selection, a list: the changed grading replaces the item's in place, a new one goes last. */
export function withGrading<G extends GradingDraft>(
  gradings: readonly G[],
  itemID: string,
  empty: G,
  change: (g: G) => G,
): G[] {
  const index = gradings.findIndex((g) => g.itemID === itemID);
  const next = changedGrading(index < 0 ? empty : gradings[index]!, change);
  if (index < 0) return next ? [...gradings, next] : [...gradings];
  const out = [...gradings];
  if (next) out[index] = next;
  else out.splice(index, 1);
  return out;
}

/** The Events form's selection, by item id: the changed grading is stored under its id or removed. */
export function withGradingIn<G extends GradingDraft>(
  gradings: Readonly<Record<string, G>>,
  itemID: string,
  empty: G,
  change: (g: G) => G,
): Record<string, G> {
  const next = changedGrading(gradings[itemID] ?? empty, change);
  const out = { ...gradings };
  if (next) out[itemID] = next;
  else delete out[itemID];
  return out;
}
