/**
 * The Big Picture wheel's model (spec 001 §4 "Big Picture", §9): the report's grading summaries
 * aggregated per segment (an item at an age range) for the main wheel (areas as sectors, their aspects as
 * segments) or for one area drilled into (its aspects as sectors, their statements at each age range as
 * segments). Pure, so the wheel component only draws; the segment colour is the caller's (the domain's
 * colour rule with the professional judgements).
 */
import type { Framework, FrameworkItem } from '@nursery/domain/frameworks';
import { type AngleSpan, type Ring, splitCircle, wheelRings } from './wheelGeometry';

/** One row of a child's grading summary (the report's shape). */
export interface SummaryRow {
  itemID: string;
  ageRangeID: number | null;
  /** 0 working towards, 1 achieved, null (or 2) best fit. */
  value: number | null;
  count: number;
}

export interface SegmentCounts {
  workingTowards: number;
  achieved: number;
  bestFit: number;
}

export interface WheelSegment {
  /** The item the segment stands for (an aspect, a statement, or an area without aspects). */
  item: FrameworkItem;
  ageRangeID: number;
  ring: number;
  span: AngleSpan;
  counts: SegmentCounts;
}

export interface WheelSector {
  item: FrameworkItem;
  span: AngleSpan;
}

export interface WheelView {
  rings: Ring<Framework['ageRanges'][number]>[];
  sectors: WheelSector[];
  segments: WheelSegment[];
}

/** The framework's tree, indexed once per framework. */
export interface WheelTree {
  framework: Framework;
  byID: Map<string, FrameworkItem>;
  childrenOf: Map<string, FrameworkItem[]>;
  /** The areas: the root's children (or the top items when there is no single root). */
  areas: FrameworkItem[];
}

export function wheelTree(framework: Framework): WheelTree {
  const byID = new Map(framework.items.map((i) => [i.id, i]));
  const childrenOf = new Map<string, FrameworkItem[]>();
  for (const item of framework.items) {
    if (item.parentID === null) continue;
    const list = childrenOf.get(item.parentID);
    if (list) list.push(item);
    else childrenOf.set(item.parentID, [item]);
  }
  const roots = framework.items.filter((i) => i.parentID === null || !byID.has(i.parentID));
  const areas = roots.length === 1 ? (childrenOf.get(roots[0]!.id) ?? []) : roots;
  return { framework, byID, childrenOf, areas };
}

const EMPTY: SegmentCounts = { workingTowards: 0, achieved: 0, bestFit: 0 };
export const segmentKey = (itemID: string, ageRangeID: number | null) => `${itemID}@${ageRangeID ?? ''}`;

/**
 * Counts per (item, age range) for every item and each of its ancestors: a statement's grading counts for
 * its aspect and its area too. A row without an age range takes its item's own age range.
 */
export function aggregateSummaries(tree: WheelTree, rows: Iterable<SummaryRow>): Map<string, SegmentCounts> {
  const totals = new Map<string, SegmentCounts>();
  for (const row of rows) {
    let item = tree.byID.get(row.itemID);
    const ageRangeID = row.ageRangeID ?? item?.ageRangeID ?? null;
    if (ageRangeID === null) continue;
    const field: keyof SegmentCounts =
      row.value === 0 ? 'workingTowards' : row.value === 1 ? 'achieved' : 'bestFit';
    while (item) {
      const key = segmentKey(item.id, ageRangeID);
      const counts = totals.get(key) ?? { ...EMPTY };
      counts[field] += row.count;
      totals.set(key, counts);
      item = item.parentID === null ? undefined : tree.byID.get(item.parentID);
    }
  }
  return totals;
}

/** Statements (leaves, or items at the framework's statement level) under an item, in tree order. */
function statementsUnder(tree: WheelTree, item: FrameworkItem): FrameworkItem[] {
  const out: FrameworkItem[] = [];
  const walk = (parent: FrameworkItem) => {
    for (const child of tree.childrenOf.get(parent.id) ?? []) {
      const leaf = !tree.childrenOf.has(child.id);
      if (leaf || child.levelName === tree.framework.statementLevel) out.push(child);
      else walk(child);
    }
  };
  walk(item);
  return out;
}

/** The segments of an area on the main wheel: its aspects, or the area itself when it has none. */
function areaSegments(tree: WheelTree, area: FrameworkItem): FrameworkItem[] {
  const aspects = tree.childrenOf.get(area.id) ?? [];
  return aspects.length > 0 ? aspects : [area];
}

/**
 * The main wheel: every area a sector, weighted by its number of aspects so that every segment is equally
 * wide; each aspect a segment in every ring.
 */
export function mainWheel(tree: WheelTree, totals: Map<string, SegmentCounts>): WheelView {
  const rings = wheelRings(tree.framework.ageRanges);
  const perArea = tree.areas.map((area) => areaSegments(tree, area));
  const areaSpans = splitCircle(perArea.map((s) => s.length));
  const sectors = tree.areas.map((item, i) => ({ item, span: areaSpans[i]! }));
  const segments: WheelSegment[] = [];
  perArea.forEach((items, a) => {
    const spans = splitCircle(
      items.map(() => 1),
      areaSpans[a],
    );
    items.forEach((item, s) => {
      rings.forEach((ring, r) => {
        const ageRangeID = ring.ageRange.id;
        const counts = totals.get(segmentKey(item.id, ageRangeID)) ?? EMPTY;
        segments.push({ item, ageRangeID, ring: r, span: spans[s]!, counts });
      });
    });
  });
  return { rings, sectors, segments };
}

/**
 * One area drilled into: its aspects as sectors (equal shares); in each ring an aspect's statements of
 * that age range as segments, or the aspect itself when it has no statement there.
 */
export function areaWheel(tree: WheelTree, areaID: string, totals: Map<string, SegmentCounts>): WheelView {
  const area = tree.byID.get(areaID);
  const rings = wheelRings(tree.framework.ageRanges);
  if (!area) return { rings, sectors: [], segments: [] };
  const aspects = areaSegments(tree, area);
  const spans = splitCircle(aspects.map(() => 1));
  const sectors = aspects.map((item, i) => ({ item, span: spans[i]! }));
  const segments: WheelSegment[] = [];
  aspects.forEach((aspect, a) => {
    const statements = aspect === area ? [] : statementsUnder(tree, aspect);
    rings.forEach((ring, r) => {
      const ageRangeID = ring.ageRange.id;
      const here = statements.filter((s) => s.ageRangeID === ageRangeID);
      const items = here.length > 0 ? here : [aspect];
      const parts = splitCircle(
        items.map(() => 1),
        spans[a],
      );
      items.forEach((item, s) => {
        const counts = totals.get(segmentKey(item.id, ageRangeID)) ?? EMPTY;
        segments.push({ item, ageRangeID, ring: r, span: parts[s]!, counts });
      });
    });
  });
  return { rings, sectors, segments };
}

/** True when no summary row of the report lands on the wheel (the 'no gradings' state). */
export function hasAnyGrading(totals: Map<string, SegmentCounts>): boolean {
  for (const c of totals.values()) if (c.workingTowards + c.achieved + c.bestFit > 0) return true;
  return false;
}

/** A stored colour ('2E7D32' or '#2E7D32') as CSS; null when it is not a hex colour. */
export function cssColour(value: string | null | undefined): string | null {
  if (!value) return null;
  const hex = value.trim().replace(/^#/, '');
  return /^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(hex) ? `#${hex.toUpperCase()}` : null;
}

/** Shown when a scheme names no colour for a value (amber, green: the demo's own). */
export const FALLBACK_COLOURS = { workingTowards: '#F9A825', achieved: '#2E7D32' } as const;

/**
 * The scheme colours of the wheel: each value's colour from the first scheme of the chosen event types
 * that names one (working towards 0, achieved 1, best fit 2).
 */
export function schemeColours(
  framework: Framework,
  eventTypeIDs: readonly number[],
): { workingTowards: string; achieved: string; bestFit?: string } {
  const schemes = framework.schemes.filter((s) => eventTypeIDs.includes(s.eventTypeID));
  const colourOf = (value: number) => {
    for (const s of schemes) {
      const colour = cssColour(s.grades.find((g) => g.value === value)?.colour);
      if (colour) return colour;
    }
    return null;
  };
  const bestFit = colourOf(2);
  return {
    workingTowards: colourOf(0) ?? FALLBACK_COLOURS.workingTowards,
    achieved: colourOf(1) ?? FALLBACK_COLOURS.achieved,
    ...(bestFit ? { bestFit } : {}),
  };
}
