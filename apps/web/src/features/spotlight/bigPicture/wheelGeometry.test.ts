import { describe, expect, it } from 'vitest';
import {
  segmentPath,
  splitCircle,
  visibleAgeRanges,
  WHEEL_INNER_RADIUS,
  WHEEL_OUTER_RADIUS,
  WHEEL_RING_GAP,
  WHEEL_SIZE,
  wheelRings,
} from './wheelGeometry';

const range = (id: number, shortLabel: string | null) => ({ id, shortLabel });
/** Birth to 5 Matters as the demo has it: Range 1 and 2 has no short label. */
const BIRTH_TO_FIVE = [
  range(-2500, '1'),
  range(-2501, null),
  range(-2502, '2'),
  range(-2503, '3'),
  range(-2504, '4'),
  range(-2505, '5'),
  range(-2506, '6'),
];

describe('wheel geometry (spec 001 §9)', () => {
  it('is 650 square with rings from radius 50 to 315 and a gap of 10', () => {
    expect(WHEEL_SIZE).toBe(650);
    expect(WHEEL_INNER_RADIUS).toBe(50);
    expect(WHEEL_OUTER_RADIUS).toBe(315);
    expect(WHEEL_RING_GAP).toBe(10);
  });

  it('hides age ranges without a short label and labels the rings 1-6 from the centre out', () => {
    expect(visibleAgeRanges(BIRTH_TO_FIVE).map((r) => r.id)).not.toContain(-2501);
    const rings = wheelRings(BIRTH_TO_FIVE);
    expect(rings.map((r) => r.label)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(rings.map((r) => r.ageRange.id)).toEqual([-2500, -2502, -2503, -2504, -2505, -2506]);
  });

  it('shares the band between the rings after the gaps: first at 50, last ending at 315', () => {
    const rings = wheelRings(BIRTH_TO_FIVE);
    expect(rings[0]!.inner).toBe(50);
    expect(rings.at(-1)!.outer).toBeCloseTo(315, 9);
    const width = (315 - 50 - 5 * 10) / 6;
    for (const [i, ring] of rings.entries()) {
      expect(ring.outer - ring.inner).toBeCloseTo(width, 9);
      if (i > 0) expect(ring.inner - rings[i - 1]!.outer).toBeCloseTo(10, 9);
    }
  });

  it('labels Development Matters B-3 first, and a wheel of one ring fills the band', () => {
    const rings = wheelRings([range(-2300, 'B-3'), range(-2301, '3-4'), range(-2302, 'R')]);
    expect(rings.map((r) => r.label)).toEqual(['B-3', '3-4', 'R']);
    expect(wheelRings([range(1, 'A')])).toEqual([
      { ageRange: range(1, 'A'), label: 'A', inner: 50, outer: 315 },
    ]);
    expect(wheelRings([range(1, null), range(2, '  ')])).toEqual([]);
  });

  it('splits the circle by weight, zero weights counting as one', () => {
    const spans = splitCircle([2, 1, 0]);
    expect(spans[0]!.start).toBe(0);
    expect(spans[0]!.end).toBeCloseTo(Math.PI, 9);
    expect(spans[1]!.end).toBeCloseTo(1.5 * Math.PI, 9);
    expect(spans[2]!.end).toBeCloseTo(2 * Math.PI, 9);
  });

  it('draws a segment as two arcs joined by lines, starting at 12 o’clock', () => {
    const d = segmentPath(100, 200, { start: 0, end: Math.PI / 2 }, 0);
    expect(d).toBe('M325,125 A200,200 0 0 1 525,325 L425,325 A100,100 0 0 0 325,225 Z');
    // With the inset the outer arc starts a little clockwise of 12 o'clock.
    expect(segmentPath(100, 200, { start: 0, end: Math.PI / 2 })).toMatch(/^M327\.5,125\.02 /);
  });
});
