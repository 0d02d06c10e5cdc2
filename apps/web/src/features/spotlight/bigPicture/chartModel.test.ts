import { CHART_PALETTE } from '@nursery/domain/spotlight';
import { describe, expect, it } from 'vitest';
import { chartModel, niceMax } from './chartModel';
import { SNAPSHOT_TYPE, testFramework } from './testFramework';
import { wheelTree } from './wheelModel';

describe('Big Picture bar chart model', () => {
  it('counts per area and grade over every age range, coloured from the palette', () => {
    const model = chartModel(
      wheelTree(testFramework),
      [SNAPSHOT_TYPE],
      [
        { itemID: '/-29/1/1/1/', ageRangeID: -2300, value: 0, count: 2 },
        { itemID: '/-29/1/1/3/', ageRangeID: -2301, value: 1, count: 5 },
        { itemID: '/-29/2/', ageRangeID: null, value: 1, count: 1 },
        { itemID: '/-29/1/2/', ageRangeID: -2300, value: null, count: 3 },
      ],
    );
    expect(model.series).toEqual([
      { value: 0, name: 'Working towards', colour: CHART_PALETTE[0] },
      { value: 1, name: 'Achieved', colour: CHART_PALETTE[1] },
      { value: 2, name: 'Best fit', colour: CHART_PALETTE[2] },
    ]);
    expect(model.rows).toEqual([
      { itemID: '/-29/1/', name: 'Communication and Language', counts: [2, 5, 3] },
      { itemID: '/-29/2/', name: 'Physical Development', counts: [0, 1, 0] },
    ]);
    expect(model.max).toBe(5);
  });

  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(250)).toBe(500);
    expect(niceMax(1000)).toBe(1000);
  });
});
