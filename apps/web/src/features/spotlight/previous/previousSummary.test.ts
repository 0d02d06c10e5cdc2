import { describe, expect, it } from 'vitest';
import { gradingSummary } from './previousSummary';

describe('gradingSummary', () => {
  it('counts items once and sums each value', () => {
    expect(
      gradingSummary([
        { itemID: '/-23/1/', value: 0, count: 2 },
        { itemID: '/-23/1/', value: 1, count: 1 },
        { itemID: '/-23/2/', value: 2, count: 3 },
      ]),
    ).toEqual({ items: 2, workingTowards: 2, achieved: 1, bestFit: 3 });
    expect(gradingSummary([])).toEqual({ items: 0, workingTowards: 0, achieved: 0, bestFit: 0 });
  });
});
