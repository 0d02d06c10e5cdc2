/**
 * The Big Picture wheel's geometry (spec 001 §9): 650 x 650, the rings laid out from radius 50 to 315
 * with a gap of 10 between rings and an inset of 5 between neighbouring segments; one ring per age range
 * that has a short label (the others are hidden), the youngest innermost. Pure: the wheel component and
 * the tests use the same numbers.
 */

import { WHEEL_LAYOUT, wheelAgeRanges } from '@nursery/domain/spotlight';

export const WHEEL_SIZE = WHEEL_LAYOUT.size;
export const WHEEL_CENTRE = WHEEL_SIZE / 2;
export const WHEEL_INNER_RADIUS = WHEEL_LAYOUT.innerRadius;
export const WHEEL_OUTER_RADIUS = WHEEL_LAYOUT.outerRadius;
/** Radial space between two rings. */
export const WHEEL_RING_GAP = WHEEL_LAYOUT.gap;
/** Space (px, along the arc) between two neighbouring segments of a ring. */
export const WHEEL_SEGMENT_INSET = WHEEL_LAYOUT.inset;

export interface RingAgeRange {
  id: number;
  shortLabel: string | null;
}

export interface Ring<A extends RingAgeRange = RingAgeRange> {
  ageRange: A;
  /** The ring's label: the age range's short label ('B-3', '1' ... '6'). */
  label: string;
  inner: number;
  outer: number;
}

/** The age ranges the wheel shows: those with a short label, in the framework's order (the domain's rule). */
export const visibleAgeRanges = wheelAgeRanges;

/**
 * The rings from the inside out: the band 50-315 shared equally after the gaps (n - 1 gaps of 10), so a
 * wheel of 3 rings has rings 81.67 wide and one of 6 rings 35.83 wide.
 */
export function wheelRings<A extends RingAgeRange>(ageRanges: readonly A[]): Ring<A>[] {
  const shown = visibleAgeRanges(ageRanges);
  if (shown.length === 0) return [];
  const band = WHEEL_OUTER_RADIUS - WHEEL_INNER_RADIUS - WHEEL_RING_GAP * (shown.length - 1);
  const width = band / shown.length;
  return shown.map((ageRange, i) => {
    const inner = WHEEL_INNER_RADIUS + i * (width + WHEEL_RING_GAP);
    return { ageRange, label: (ageRange.shortLabel ?? '').trim(), inner, outer: inner + width };
  });
}

/** A share of the circle: angles in radians, clockwise from 12 o'clock. */
export interface AngleSpan {
  start: number;
  end: number;
}

/**
 * Splits the circle into consecutive spans proportional to the weights (areas weighted by their number
 * of segments, so every segment of the main wheel is equally wide). Zero weights count as one.
 */
export function splitCircle(weights: readonly number[], span: AngleSpan = { start: 0, end: Math.PI * 2 }) {
  const w = weights.map((x) => Math.max(1, x));
  const total = w.reduce((a, b) => a + b, 0);
  const spans: AngleSpan[] = [];
  let at = span.start;
  for (const x of w) {
    const next = at + ((span.end - span.start) * x) / total;
    spans.push({ start: at, end: next });
    at = next;
  }
  return spans;
}

const point = (radius: number, angle: number): [number, number] => [
  WHEEL_CENTRE + radius * Math.sin(angle),
  WHEEL_CENTRE - radius * Math.cos(angle),
];
const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * The SVG path of an annular segment between two radii and two angles, each side moved in by half the
 * inset (as an arc length at that radius) so that neighbouring segments show a gap of WHEEL_SEGMENT_INSET.
 * A segment too narrow for the inset keeps a hairline instead of turning inside out.
 */
export function segmentPath(
  inner: number,
  outer: number,
  span: AngleSpan,
  inset: number = WHEEL_SEGMENT_INSET,
) {
  const sweep = span.end - span.start;
  const pad = (radius: number) => Math.min(inset / 2 / radius, sweep / 2 - 0.0005);
  const full = sweep >= Math.PI * 2 - 1e-9;
  const [a0o, a1o] = full ? [span.start, span.end - 1e-4] : [span.start + pad(outer), span.end - pad(outer)];
  const [a0i, a1i] = full ? [span.start, span.end - 1e-4] : [span.start + pad(inner), span.end - pad(inner)];
  const largeOuter = a1o - a0o > Math.PI ? 1 : 0;
  const largeInner = a1i - a0i > Math.PI ? 1 : 0;
  const [x0, y0] = point(outer, a0o);
  const [x1, y1] = point(outer, a1o);
  const [x2, y2] = point(inner, a1i);
  const [x3, y3] = point(inner, a0i);
  return [
    `M${fmt(x0)},${fmt(y0)}`,
    `A${fmt(outer)},${fmt(outer)} 0 ${largeOuter} 1 ${fmt(x1)},${fmt(y1)}`,
    `L${fmt(x2)},${fmt(y2)}`,
    `A${fmt(inner)},${fmt(inner)} 0 ${largeInner} 0 ${fmt(x3)},${fmt(y3)}`,
    'Z',
  ].join(' ');
}

/** Where a label sits: the middle of a span at a radius. */
export function labelPoint(radius: number, span: AngleSpan): { x: number; y: number } {
  const [x, y] = point(radius, (span.start + span.end) / 2);
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}
