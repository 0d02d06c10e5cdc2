/**
 * Pure helpers over the framework reference data (FrameworksAnswer) for the gradings, next-steps and
 * assessment side panels: which frameworks grade an event type, the item tree, which items are
 * gradable, search, and the early-learning-goal test.
 */
import {
  type Framework,
  type FrameworkItem,
  type FrameworkScheme,
  type FrameworksAnswer,
  toggleGrade,
} from '@nursery/domain';
import type { GradingValue } from '../eventForm';

export interface FrameworkIndex {
  framework: Framework;
  scheme: FrameworkScheme;
  byID: Map<string, FrameworkItem>;
  /** Children in display order, keyed by parent id. */
  childrenOf: Map<string, FrameworkItem[]>;
  /** The top items shown (the children of the root, or the roots when there is no single root). */
  top: FrameworkItem[];
  /** Gradable items in display order. */
  gradable: FrameworkItem[];
  gradableIDs: Set<string>;
}

/** The framework's scheme for an event type, if it has one. */
export function schemeFor(framework: Framework, typeID: number): FrameworkScheme | undefined {
  return framework.schemes.find((s) => s.eventTypeID === typeID);
}

/**
 * Gradable: a statement at the framework's statement level, or a leaf (never the root). A framework
 * without a statement level grades its leaves only.
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
    if (item.parentID === null) roots.push(item);
    else {
      const list = childrenOf.get(item.parentID);
      if (list) list.push(item);
      else childrenOf.set(item.parentID, [item]);
    }
  }
  const gradable = framework.items.filter((i) => isGradable(framework, i, childrenOf.has(i.id)));
  const top = roots.length === 1 ? (childrenOf.get(roots[0]!.id) ?? []) : roots;
  return {
    framework,
    scheme,
    byID,
    childrenOf,
    top,
    gradable,
    gradableIDs: new Set(gradable.map((i) => i.id)),
  };
}

/** The frameworks with a scheme for the event type, indexed, in the answer's order. */
export function frameworksForType(answer: FrameworksAnswer | undefined, typeID: number): FrameworkIndex[] {
  if (!answer) return [];
  const out: FrameworkIndex[] = [];
  for (const f of answer.frameworks) {
    const scheme = schemeFor(f, typeID);
    if (scheme) out.push(indexFramework(f, scheme));
  }
  return out;
}

/** Case- and accent-insensitive text for search. */
export function searchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Items whose name contains every word of the query, gradable ones only, in display order. */
export function searchGradable(index: FrameworkIndex, query: string): FrameworkItem[] {
  const words = searchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return index.gradable.filter((item) => {
    const name = searchText(item.name);
    return words.every((w) => name.includes(w));
  });
}

/** The names of the item's ancestors below the root, outermost first. */
export function breadcrumb(index: FrameworkIndex, item: FrameworkItem): string[] {
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

/** An early learning goal: tagged ELG, or any item of a framework named after the goals. */
export function isEarlyLearningGoal(framework: Pick<Framework, 'name'>, item: FrameworkItem): boolean {
  const tag = item.tag ?? '';
  return (
    tag.toUpperCase() === 'ELG' ||
    /early learning goal/i.test(tag) ||
    /early learning goal/i.test(framework.name)
  );
}

/** Every item's name by id, across all frameworks of the answer. */
export function itemNames(answer: FrameworksAnswer | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const f of answer?.frameworks ?? []) for (const i of f.items) names.set(i.id, i.name);
  return names;
}

/**
 * The area of learning of an item path id ('/-29/1/3/2/' → '/-29/1/'): the framework id plus the
 * first level. Ids that are not paths are their own area.
 */
export function areaOf(itemID: string): string {
  const parts = itemID.split('/').filter(Boolean);
  return parts.length >= 2 ? `/${parts[0]}/${parts[1]}/` : itemID;
}

/** True when a grading holds anything worth saving. */
export function hasContent(g: Pick<GradingValue, 'value' | 'ageRangeID' | 'notes'>): boolean {
  return g.value !== null || g.ageRangeID !== null || (g.notes ?? '').trim() !== '';
}

/**
 * The form's gradings after a change to one item: an empty grading is dropped, anything else is
 * stored under its item id.
 */
export function withGrading(
  values: Record<string, GradingValue>,
  itemID: string,
  change: (current: GradingValue) => GradingValue,
): Record<string, GradingValue> {
  const current = values[itemID] ?? { itemID, ageRangeID: null, value: null, notes: null };
  const next = change(current);
  const out = { ...values };
  if (hasContent(next)) out[itemID] = next;
  else delete out[itemID];
  return out;
}

/**
 * Selecting a grade (spec 000 §5): the same grade again clears it; a new grade on an item that has
 * its own age range preselects that range when none is chosen yet.
 */
export function selectGrade(
  current: GradingValue,
  gradeValue: number | null,
  opts: { allowAgeRange: boolean; itemAgeRangeID: number | null },
): GradingValue {
  const value = gradeValue === null ? null : toggleGrade(current.value, gradeValue);
  let ageRangeID = current.ageRangeID;
  if (value !== null && ageRangeID === null && opts.allowAgeRange) ageRangeID = opts.itemAgeRangeID;
  if (value === null && current.value !== null && ageRangeID === opts.itemAgeRangeID) {
    // Clearing the grade takes the preselected range with it, so no 'age range without grade' remains.
    ageRangeID = null;
  }
  return { ...current, value, ageRangeID: opts.allowAgeRange ? ageRangeID : null };
}
