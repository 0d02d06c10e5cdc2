/**
 * Gradings against frameworks and the Big Picture wheel (spec 000 §5, spec 001 §3, §4, §9).
 */
import { GRADING_CEILING, WHEEL_BEST_FIT_COLOUR, WHEEL_BOTH_COLOUR } from './limits.ts';
import { formatMessage } from './messages.ts';

export const GradeValue = { WorkingTowards: 0, Achieved: 1, BestFit: 2 } as const;
export type GradeValueID = (typeof GradeValue)[keyof typeof GradeValue];

/** Special age-range ids (spec 001 §3). */
export const AgeRangeID = {
  Range1: -2500,
  Range1And2: -2501,
  Range2: -2502,
  Range3: -2503,
  Range4: -2504,
  Range5: -2505,
  Range6: -2506,
  BirthTo3: -2300,
  ThreeTo4: -2301,
  ReceptionAge: -2302,
} as const;

export interface GradingLike {
  itemID: string | number;
  ageRangeID?: number | null;
  value?: number | null;
  notes?: string | null;
}

/** A grading counts only if it has an age range, a value or non-empty notes. */
export function gradingCounts(g: GradingLike): boolean {
  return g.ageRangeID != null || g.value != null || (g.notes ?? '').trim() !== '';
}

/** The number of gradings plus best fits that count. */
export function countGradings(
  gradings: readonly GradingLike[],
  bestFits: readonly GradingLike[] = [],
): number {
  return gradings.filter(gradingCounts).length + bestFits.filter(gradingCounts).length;
}

/** null when within the ceiling (255), otherwise the spec's message with the count. */
export function checkGradingCeiling(count: number, max: number = GRADING_CEILING): string | null {
  if (count <= max) return null;
  return formatMessage('too-many-gradings', { max, count });
}

/** Selecting the same grade again clears it. */
export function toggleGrade<T extends number | string>(current: T | null | undefined, selected: T): T | null {
  return current === selected ? null : selected;
}

export interface GradingScheme {
  allowAgeRange: boolean;
  /** Item ids the scheme allows grading; undefined means any item. */
  itemIDs?: readonly (string | number)[];
}

/**
 * Event grading rules (spec 000 §5): a value without an age range (when age ranges are allowed)
 * is refused, an age range without a value is refused, an item the scheme does not allow is
 * refused. Returns a message key or null.
 */
export function gradingProblem(
  g: GradingLike,
  scheme: GradingScheme,
): 'grading-not-allowed' | 'grading-needs-age-range' | 'grading-needs-value' | null {
  if (scheme.itemIDs && !scheme.itemIDs.includes(g.itemID)) return 'grading-not-allowed';
  if (scheme.allowAgeRange && g.value != null && g.ageRangeID == null) return 'grading-needs-age-range';
  if (g.ageRangeID != null && g.value == null) return 'grading-needs-value';
  return null;
}

export interface WheelSegmentData {
  /** Professional-judgement override grade for this segment, if any. */
  judgement?: GradeValueID | null;
  workingTowards: number;
  achieved: number;
  bestFit: number;
}

export interface WheelColours {
  /** Scheme colours of the single values. */
  workingTowards: string;
  achieved: string;
  bestFit?: string;
  both?: string;
}

function colourOf(value: GradeValueID, colours: WheelColours): string {
  if (value === GradeValue.BestFit) return colours.bestFit ?? WHEEL_BEST_FIT_COLOUR;
  return value === GradeValue.Achieved ? colours.achieved : colours.workingTowards;
}

/**
 * Wheel segment colour (spec 001 §4): a professional judgement overrides the data; best fit gives
 * the best-fit colour; both working towards and achieved give the 'both' colour (purple); else the
 * scheme colour of the single value; no data gives an empty segment (null).
 */
export function wheelSegmentColour(data: WheelSegmentData, colours: WheelColours): string | null {
  if (data.judgement != null) return colourOf(data.judgement, colours);
  if (data.bestFit > 0) return colourOf(GradeValue.BestFit, colours);
  if (data.workingTowards > 0 && data.achieved > 0) return colours.both ?? WHEEL_BOTH_COLOUR;
  if (data.achieved > 0) return colours.achieved;
  if (data.workingTowards > 0) return colours.workingTowards;
  return null;
}
