/**
 * The Big Picture bar chart of frameworks other than Birth to 5 and Development Matters (spec 001 §4):
 * one group of bars per area (the root's children), one bar per grade of the chosen event types' schemes,
 * the count of gradings on the area and everything under it, every age range together. Colours from the
 * domain's nine-colour palette, by series.
 */
import { chartColour } from '@nursery/domain/spotlight';
import type { SummaryRow, WheelTree } from './wheelModel';

export interface ChartSeries {
  /** 0 working towards, 1 achieved, 2 best fit (a summary value null). */
  value: number;
  name: string;
  colour: string;
}

export interface ChartRow {
  itemID: string;
  name: string;
  /** Count per series, in series order. */
  counts: number[];
}

export interface ChartModel {
  series: ChartSeries[];
  rows: ChartRow[];
  max: number;
}

const DEFAULT_NAMES: Record<number, string> = { 0: 'Working towards', 1: 'Achieved', 2: 'Best fit' };

export function chartModel(
  tree: WheelTree,
  eventTypeIDs: readonly number[],
  rows: Iterable<SummaryRow>,
): ChartModel {
  const names = new Map<number, string>();
  for (const scheme of tree.framework.schemes) {
    if (!eventTypeIDs.includes(scheme.eventTypeID)) continue;
    for (const grade of scheme.grades) if (!names.has(grade.value)) names.set(grade.value, grade.name);
  }
  // Per item (and each ancestor) and value.
  const totals = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const value = row.value === 0 || row.value === 1 ? row.value : 2;
    if (!names.has(value)) names.set(value, DEFAULT_NAMES[value]!);
    let item = tree.byID.get(row.itemID);
    while (item) {
      const counts = totals.get(item.id) ?? new Map<number, number>();
      counts.set(value, (counts.get(value) ?? 0) + row.count);
      totals.set(item.id, counts);
      item = item.parentID === null ? undefined : tree.byID.get(item.parentID);
    }
  }
  const series = [...names.entries()]
    .sort(([a], [b]) => a - b)
    .map(([value, name], i) => ({ value, name, colour: chartColour(i) }));
  let max = 0;
  const chartRows = tree.areas.map((area) => {
    const counts = series.map((s) => totals.get(area.id)?.get(s.value) ?? 0);
    max = Math.max(max, ...counts);
    return { itemID: area.id, name: area.name, counts };
  });
  return { series, rows: chartRows, max };
}

/** A readable scale: the smallest of 1, 2, 5 x 10^n at or above the largest count (5 at least). */
export function niceMax(max: number): number {
  if (max <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
