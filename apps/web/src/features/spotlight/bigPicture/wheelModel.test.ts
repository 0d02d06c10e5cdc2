import { describe, expect, it } from 'vitest';
import { SNAPSHOT_TYPE, testFramework } from './testFramework';
import {
  aggregateSummaries,
  areaWheel,
  cssColour,
  hasAnyGrading,
  mainWheel,
  schemeColours,
  segmentKey,
  wheelTree,
} from './wheelModel';

const tree = wheelTree(testFramework);
const rows = [
  { itemID: '/-29/1/1/1/', ageRangeID: -2300, value: 0, count: 2 },
  { itemID: '/-29/1/1/2/', ageRangeID: -2300, value: 1, count: 3 },
  // No age range on the row: the statement's own (-2301).
  { itemID: '/-29/1/1/3/', ageRangeID: null, value: 1, count: 1 },
  { itemID: '/-29/1/2/', ageRangeID: -2300, value: null, count: 4 },
  // Not an item of the framework: ignored.
  { itemID: '/-23/1/', ageRangeID: -2300, value: 1, count: 9 },
];

describe('Big Picture wheel model', () => {
  it('counts a statement for its aspect and area, by age range', () => {
    const totals = aggregateSummaries(tree, rows);
    expect(totals.get(segmentKey('/-29/1/1/', -2300))).toEqual({
      workingTowards: 2,
      achieved: 3,
      bestFit: 0,
    });
    expect(totals.get(segmentKey('/-29/1/1/', -2301))).toEqual({
      workingTowards: 0,
      achieved: 1,
      bestFit: 0,
    });
    expect(totals.get(segmentKey('/-29/1/', -2300))).toEqual({ workingTowards: 2, achieved: 3, bestFit: 4 });
    expect(hasAnyGrading(totals)).toBe(true);
    expect(hasAnyGrading(aggregateSummaries(tree, []))).toBe(false);
  });

  it('main wheel: areas as sectors weighted by aspects, an aspect a segment in every shown ring', () => {
    const view = mainWheel(tree, aggregateSummaries(tree, rows));
    expect(view.rings.map((r) => r.label)).toEqual(['B-3', '3-4']);
    expect(view.sectors.map((s) => s.item.name)).toEqual([
      'Communication and Language',
      'Physical Development',
    ]);
    // 2 aspects + 1 area without aspects = 3 equal segments.
    expect(view.sectors[0]!.span.end).toBeCloseTo((2 / 3) * 2 * Math.PI, 9);
    expect(view.segments).toHaveLength(3 * 2);
    const listening = view.segments.find((s) => s.item.id === '/-29/1/1/' && s.ageRangeID === -2300)!;
    expect(listening.counts).toEqual({ workingTowards: 2, achieved: 3, bestFit: 0 });
    const physical = view.segments.filter((s) => s.item.id === '/-29/2/');
    expect(physical.map((s) => s.counts)).toEqual([
      { workingTowards: 0, achieved: 0, bestFit: 0 },
      { workingTowards: 0, achieved: 0, bestFit: 0 },
    ]);
  });

  it('an area drilled into: its aspects as sectors, their statements of each ring as segments', () => {
    const view = areaWheel(tree, '/-29/1/', aggregateSummaries(tree, rows));
    expect(view.sectors.map((s) => s.item.name)).toEqual(['Listening', 'Speaking']);
    const ids = (ageRangeID: number) =>
      view.segments.filter((s) => s.ageRangeID === ageRangeID).map((s) => s.item.id);
    expect(ids(-2300)).toEqual(['/-29/1/1/1/', '/-29/1/1/2/', '/-29/1/2/1/']);
    // Speaking has no 3-4 statement: the aspect itself fills its share of that ring.
    expect(ids(-2301)).toEqual(['/-29/1/1/3/', '/-29/1/2/']);
    const seg = view.segments.find((s) => s.item.id === '/-29/1/1/2/')!;
    expect(seg.counts.achieved).toBe(3);
    expect(areaWheel(tree, '/-29/9/', new Map()).segments).toEqual([]);
  });

  it('takes the scheme colours of the chosen event types, with a fallback', () => {
    expect(schemeColours(testFramework, [SNAPSHOT_TYPE])).toEqual({
      workingTowards: '#FF0000',
      achieved: '#2E7D32',
    });
    expect(schemeColours(testFramework, [99])).toEqual({ workingTowards: '#F9A825', achieved: '#2E7D32' });
    expect(cssColour('abc')).toBe('#ABC');
    expect(cssColour('red')).toBeNull();
  });
});
