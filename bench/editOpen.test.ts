import { describe, expect, it } from 'vitest';
import { roundTrips } from './scenarios/editOpen.ts';

describe('round trips', () => {
  it('counts parallel requests once and a request started after another ended as a second trip', () => {
    const r = (start: number, end: number) => ({ url: 'x', start, end });
    expect(roundTrips([])).toBe(0);
    expect(roundTrips([r(0, 10), r(1, 12), r(2, 9)])).toBe(2 - 1);
    expect(roundTrips([r(0, 10), r(11, 20), r(12, 25)])).toBe(2);
    expect(roundTrips([r(0, 10), r(11, 20), r(21, 30)])).toBe(3);
  });
});
