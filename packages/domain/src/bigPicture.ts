/**
 * Big Picture rules (spec 001 §4 "Big Picture", "Wheel segment colouring", §5, §9; issue 17): what the
 * screen and the server's export share. Pure: dates come in as calendar dates of the injected clock.
 * Cohort options and the file name are in dates.ts (cohortOptions, bigPictureFileName); the colour rule
 * itself (rules 1-5) is gradings.ts's wheelSegmentColour, which segmentColour feeds.
 */
import { addMonths, type CalendarDate } from './dates.ts';
import { GradeValue, type GradeValueID, type WheelColours, wheelSegmentColour } from './gradings.ts';
import { areaOfItem } from './keyChildren.ts';
import type {
  BigPictureEventType,
  BigPictureGradingSummary,
  JudgementGrade,
  ProfessionalJudgement,
  TriStateFilter,
} from './schemas/bigPicture.ts';

export const BIRTH_TO_FIVE_FRAMEWORK_ID = '-23';
export const DEVELOPMENT_MATTERS_FRAMEWORK_ID = '-29';

/** Default event types (spec 001 §9): Snapshot and Learning story. */
export const BIG_PICTURE_DEFAULT_EVENT_TYPES: readonly BigPictureEventType[] = ['snapshot', 'learningStory'];

/** Birth to 5's event type is forced to learning story only (spec 001 §5); others keep the choice. */
export function bigPictureEventTypes(
  frameworkID: string,
  chosen: readonly BigPictureEventType[],
): BigPictureEventType[] {
  if (frameworkID === BIRTH_TO_FIVE_FRAMEWORK_ID) return ['learningStory'];
  return [...chosen];
}

/** The framework dropdown is hidden for Birth to 5 (spec 001 §5). */
export function showFrameworkPicker(frameworkID: string): boolean {
  return frameworkID !== BIRTH_TO_FIVE_FRAMEWORK_ID;
}

/* ----------------------------------------------------------------------------- From date */

/** Default From date: 6 months ago (spec 001 §9). */
export function defaultDateFrom(today: CalendarDate): CalendarDate {
  return addMonths(today, -6);
}

/** The quick buttons beside the From date, in order (spec 001 §9: Today, 6 Months, 1 Year). */
export const BIG_PICTURE_QUICK_DATES = ['today', 'sixMonths', 'oneYear'] as const;
export type BigPictureQuickDate = (typeof BIG_PICTURE_QUICK_DATES)[number];

export function quickDateFrom(kind: BigPictureQuickDate, today: CalendarDate): CalendarDate {
  if (kind === 'today') return today;
  return addMonths(today, kind === 'sixMonths' ? -6 : -12);
}

/* ----------------------------------------------------------------------------- report kind */

/** 'wheel' for Birth to 5 and Development Matters, otherwise 'chart' (spec 001 §4). */
export function bigPictureReportKind(frameworkID: string): 'wheel' | 'chart' {
  return frameworkID === BIRTH_TO_FIVE_FRAMEWORK_ID || frameworkID === DEVELOPMENT_MATTERS_FRAMEWORK_ID
    ? 'wheel'
    : 'chart';
}

/** Wheel geometry (spec 001 §9), in SVG user units. */
export const WHEEL_LAYOUT = { size: 650, innerRadius: 50, outerRadius: 315, gap: 10, inset: 5 } as const;

/** The wheel's rings: age ranges with a short label only (spec 001 §9), in their order. */
export function wheelAgeRanges<A extends { shortLabel: string | null }>(ageRanges: readonly A[]): A[] {
  return ageRanges.filter((a) => a.shortLabel != null && a.shortLabel.trim() !== '');
}

/**
 * The bar chart's nine-colour palette (spec 001 §9; OURS: the values, docs/decisions.md), series in
 * order, repeating after nine. Each holds at least 3:1 against white (WCAG non-text contrast).
 */
export const CHART_PALETTE = [
  '#1F77B4',
  '#D62728',
  '#2CA02C',
  '#9467BD',
  '#E65100',
  '#8C564B',
  '#C2185B',
  '#5F6B00',
  '#00838F',
] as const;

export function chartColour(index: number): string {
  return CHART_PALETTE[((index % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length];
}

/* ----------------------------------------------------------------------------- tri-state */

/** EAL / EYPP / SEND / 2YF: clicking the active choice clears it (spec 001 §5). */
export function toggleTriState(
  current: TriStateFilter | null | undefined,
  clicked: TriStateFilter,
): TriStateFilter | null {
  return current === clicked ? null : clicked;
}

/* ----------------------------------------------------------------------------- segments */

export interface SegmentCounts {
  workingTowards: number;
  achieved: number;
  bestFit: number;
}

const sameRange = (a: number | null | undefined, b: number | null | undefined) => (a ?? null) === (b ?? null);

/** The counts behind one wheel segment or chart bar: the children's summaries of the item and age range. */
export function segmentCounts(
  children: readonly { gradingSummary: readonly BigPictureGradingSummary[] }[],
  itemID: string,
  ageRangeID: number | null,
  eventTypes?: readonly BigPictureEventType[],
): SegmentCounts {
  const counts: SegmentCounts = { workingTowards: 0, achieved: 0, bestFit: 0 };
  for (const child of children) {
    for (const s of child.gradingSummary) {
      if (s.itemID !== itemID || !sameRange(s.ageRangeID, ageRangeID)) continue;
      if (eventTypes && !eventTypes.includes(s.eventType)) continue;
      if (s.value === GradeValue.WorkingTowards) counts.workingTowards += s.count;
      else if (s.value === GradeValue.Achieved) counts.achieved += s.count;
      else counts.bestFit += s.count;
    }
  }
  return counts;
}

const GRADE_VALUE: Record<JudgementGrade, GradeValueID> = {
  workingTowards: GradeValue.WorkingTowards,
  achieved: GradeValue.Achieved,
  bestFit: GradeValue.BestFit,
};

export function judgementValue(grade: JudgementGrade): GradeValueID {
  return GRADE_VALUE[grade];
}

/**
 * Bespoke area colours (spec 001 §9: "-29 (children 1 to 4) and -31 (children 1 to 7) have bespoke
 * colours"): the first areas of Development Matters (the prime areas, 1 to 4) and of -31 (1 to 7) each
 * have their own colour, used for an achieved segment of that area (OURS, docs/decisions.md).
 */
const BESPOKE_AREA_COLOURS: Record<string, readonly string[]> = {
  '-29': ['#E53935', '#1E88E5', '#43A047', '#FB8C00'],
  '-31': ['#E53935', '#1E88E5', '#43A047', '#FB8C00', '#8E24AA', '#00ACC1', '#6D4C41'],
};

/** The area's bespoke colour: the area is child n of the framework root ('/-29/2/' is 2). */
export function bespokeAreaColour(frameworkID: string, areaID: string): string | null {
  const colours = BESPOKE_AREA_COLOURS[frameworkID];
  if (!colours) return null;
  const m = new RegExp(`^/${frameworkID}/(\\d+)/`).exec(areaID);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= colours.length ? colours[n - 1] : null;
}

/**
 * A wheel segment's colour (spec 001 §4, in order): a professional judgement overrides the data; best
 * fit gives the best-fit colour; both working towards and achieved give purple; otherwise the scheme
 * colour of the single value (an achieved segment of a bespoke area takes the area's colour); no data
 * gives an empty segment (null).
 */
export function segmentColour(
  counts: SegmentCounts,
  judgement: JudgementGrade | null | undefined,
  colours: WheelColours,
  bespoke?: { frameworkID: string; itemID: string },
): string | null {
  const area = bespoke ? areaOfItem(bespoke.itemID) : null;
  const areaColour = bespoke && area ? bespokeAreaColour(bespoke.frameworkID, area) : null;
  const scheme: WheelColours = areaColour ? { ...colours, achieved: areaColour } : colours;
  return wheelSegmentColour({ ...counts, judgement: judgement ? judgementValue(judgement) : null }, scheme);
}

/* ----------------------------------------------------------------------------- judgements */

/** The grades the Professional Judgement modal offers (spec 001 §5): Birth to 5 only Best fit. */
export function judgementGrades(frameworkID: string): JudgementGrade[] {
  return frameworkID === BIRTH_TO_FIVE_FRAMEWORK_ID ? ['bestFit'] : ['workingTowards', 'achieved'];
}

const sameSegment = (j: ProfessionalJudgement, itemID: string, ageRangeID: number | null) =>
  j.itemID === itemID && sameRange(j.ageRangeID, ageRangeID);

/** Save in the modal: one judgement per item and age range, the new one replacing the old. */
export function setJudgement(
  overrides: readonly ProfessionalJudgement[],
  judgement: ProfessionalJudgement,
): ProfessionalJudgement[] {
  return [...overrides.filter((j) => !sameSegment(j, judgement.itemID, judgement.ageRangeID)), judgement];
}

/** Clear in the modal. */
export function clearJudgement(
  overrides: readonly ProfessionalJudgement[],
  itemID: string,
  ageRangeID: number | null,
): ProfessionalJudgement[] {
  return overrides.filter((j) => !sameSegment(j, itemID, ageRangeID));
}

export function judgementFor(
  overrides: readonly ProfessionalJudgement[],
  itemID: string,
  ageRangeID: number | null,
): ProfessionalJudgement | undefined {
  return overrides.find((j) => sameSegment(j, itemID, ageRangeID));
}

/** Whether closing the report must ask first (spec 001 §4: overrides would be deleted). */
export function closeNeedsConfirmation(overrides: readonly ProfessionalJudgement[]): boolean {
  return overrides.length > 0;
}

export interface JudgedSegment extends SegmentCounts {
  itemID: string;
  ageRangeID: number | null;
  /** The professional judgement that overrides the counts, if any. */
  judgement: JudgementGrade | null;
}

/**
 * The summaries with the overrides applied, per item and age range (the export's 'Big Picture
 * Report' rows): the counts of the data, and the judgement that overrides them. A judged segment
 * without data is listed too (it is coloured). Order: item id, then age range.
 */
export function applyJudgements(
  summary: readonly BigPictureGradingSummary[],
  overrides: readonly ProfessionalJudgement[],
): JudgedSegment[] {
  const byKey = new Map<string, JudgedSegment>();
  const keyOf = (itemID: string, ageRangeID: number | null) => `${itemID}\u0000${ageRangeID ?? ''}`;
  const segment = (itemID: string, ageRangeID: number | null): JudgedSegment => {
    const key = keyOf(itemID, ageRangeID);
    let s = byKey.get(key);
    if (!s) {
      s = { itemID, ageRangeID, workingTowards: 0, achieved: 0, bestFit: 0, judgement: null };
      byKey.set(key, s);
    }
    return s;
  };
  for (const row of summary) {
    const s = segment(row.itemID, row.ageRangeID);
    if (row.value === GradeValue.WorkingTowards) s.workingTowards += row.count;
    else if (row.value === GradeValue.Achieved) s.achieved += row.count;
    else s.bestFit += row.count;
  }
  for (const j of overrides) segment(j.itemID, j.ageRangeID).judgement = j.grade;
  return [...byKey.values()].sort(
    (a, b) =>
      (a.itemID < b.itemID ? -1 : a.itemID > b.itemID ? 1 : 0) || (a.ageRangeID ?? 0) - (b.ageRangeID ?? 0),
  );
}

/** The grade a judged segment shows (the judgement, else what the counts say), null when empty. */
export function segmentGrade(
  s: SegmentCounts & { judgement: JudgementGrade | null },
): JudgementGrade | 'both' | null {
  if (s.judgement) return s.judgement;
  if (s.bestFit > 0) return 'bestFit';
  if (s.workingTowards > 0 && s.achieved > 0) return 'both';
  if (s.achieved > 0) return 'achieved';
  if (s.workingTowards > 0) return 'workingTowards';
  return null;
}
