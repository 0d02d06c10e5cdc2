import { describe, expect, it } from 'vitest';
import {
  applyJudgements,
  BIG_PICTURE_DEFAULT_EVENT_TYPES,
  BIG_PICTURE_QUICK_DATES,
  bespokeAreaColour,
  bigPictureEventTypes,
  bigPictureReportKind,
  CHART_PALETTE,
  chartColour,
  clearJudgement,
  closeNeedsConfirmation,
  defaultDateFrom,
  judgementFor,
  judgementGrades,
  quickDateFrom,
  segmentColour,
  segmentCounts,
  segmentGrade,
  setJudgement,
  showFrameworkPicker,
  toggleTriState,
  WHEEL_LAYOUT,
  wheelAgeRanges,
} from './bigPicture.ts';
import { bigPictureFileName, cohortOptions } from './dates.ts';
import { WHEEL_BEST_FIT_COLOUR, WHEEL_BOTH_COLOUR } from './limits.ts';
import type { BigPictureGradingSummary } from './schemas/bigPicture.ts';

const colours = { workingTowards: '#wt', achieved: '#ac' };
const none = { workingTowards: 0, achieved: 0, bestFit: 0 };

describe('segmentColour (spec 001 §4, rules in order)', () => {
  it('1. a professional judgement overrides the data', () => {
    expect(segmentColour({ ...none, achieved: 4 }, 'workingTowards', colours)).toBe('#wt');
    expect(segmentColour({ ...none, workingTowards: 1, achieved: 1 }, 'achieved', colours)).toBe('#ac');
    expect(segmentColour(none, 'bestFit', colours)).toBe(WHEEL_BEST_FIT_COLOUR);
  });
  it('2. best fit gives the best-fit colour, even with both values', () => {
    expect(segmentColour({ workingTowards: 1, achieved: 1, bestFit: 1 }, null, colours)).toBe(
      WHEEL_BEST_FIT_COLOUR,
    );
  });
  it('3. both working towards and achieved gives purple', () => {
    expect(segmentColour({ ...none, workingTowards: 2, achieved: 1 }, null, colours)).toBe(WHEEL_BOTH_COLOUR);
    expect(WHEEL_BOTH_COLOUR).toBe('#800080');
  });
  it('4. otherwise the scheme colour of the single value', () => {
    expect(segmentColour({ ...none, achieved: 1 }, null, colours)).toBe('#ac');
    expect(segmentColour({ ...none, workingTowards: 3 }, undefined, colours)).toBe('#wt');
  });
  it('5. no data gives an empty segment', () => {
    expect(segmentColour(none, null, colours)).toBeNull();
  });
  it('achieved in a bespoke area of -29 (areas 1-4) and -31 (areas 1-7) takes the area colour', () => {
    const dm2 = segmentColour({ ...none, achieved: 1 }, null, colours, {
      frameworkID: '-29',
      itemID: '/-29/2/4/',
    });
    expect(dm2).toBe(bespokeAreaColour('-29', '/-29/2/'));
    expect(dm2).not.toBe('#ac');
    // Area 5 of -29 has no bespoke colour: the scheme's.
    expect(
      segmentColour({ ...none, achieved: 1 }, null, colours, { frameworkID: '-29', itemID: '/-29/5/1/' }),
    ).toBe('#ac');
    expect(bespokeAreaColour('-31', '/-31/7/')).not.toBeNull();
    expect(bespokeAreaColour('-31', '/-31/8/')).toBeNull();
    expect(bespokeAreaColour('-23', '/-23/1/')).toBeNull();
    // Working towards keeps the scheme colour; purple stays purple.
    expect(
      segmentColour({ ...none, workingTowards: 1 }, null, colours, { frameworkID: '-29', itemID: '/-29/1/' }),
    ).toBe('#wt');
    expect(
      segmentColour({ ...none, workingTowards: 1, achieved: 1 }, null, colours, {
        frameworkID: '-29',
        itemID: '/-29/1/',
      }),
    ).toBe(WHEEL_BOTH_COLOUR);
  });
});

describe('cohort options (September school years)', () => {
  it('counts from the current year until the end of August', () => {
    expect(cohortOptions('2026-08-31').map((c) => c.value)).toEqual([2026, 2027, 2028, 2029, 2030, 2031]);
  });
  it('counts from the following year once past August (today: 27/11/2026)', () => {
    const options = cohortOptions('2026-11-27');
    expect(options.map((c) => c.value)).toEqual([2027, 2028, 2029, 2030, 2031, 2032]);
    expect(options[0].label).toBe('September 2027');
  });
});

describe('From date', () => {
  it('defaults to 6 months ago', () => {
    expect(defaultDateFrom('2026-11-27')).toBe('2026-05-27');
    expect(defaultDateFrom('2026-08-31')).toBe('2026-02-28');
  });
  it('quick buttons: Today, 6 Months, 1 Year', () => {
    expect(BIG_PICTURE_QUICK_DATES).toEqual(['today', 'sixMonths', 'oneYear']);
    expect(quickDateFrom('today', '2026-11-27')).toBe('2026-11-27');
    expect(quickDateFrom('sixMonths', '2026-11-27')).toBe('2026-05-27');
    expect(quickDateFrom('oneYear', '2024-02-29')).toBe('2023-02-28');
  });
  it('names the file with the date as DD-MM-YYYY', () => {
    expect(bigPictureFileName('2026-11-27')).toBe('Big Picture 27-11-2026.xlsx');
  });
});

describe('report kind, event types, framework picker', () => {
  it('wheel for Birth to 5 and Development Matters, else chart', () => {
    expect(bigPictureReportKind('-23')).toBe('wheel');
    expect(bigPictureReportKind('-29')).toBe('wheel');
    expect(bigPictureReportKind('-41')).toBe('chart');
    expect(bigPictureReportKind('-31')).toBe('chart');
  });
  it('Birth to 5 forces learning story only and hides the framework picker', () => {
    expect(BIG_PICTURE_DEFAULT_EVENT_TYPES).toEqual(['snapshot', 'learningStory']);
    expect(bigPictureEventTypes('-23', ['snapshot', 'learningStory'])).toEqual(['learningStory']);
    expect(bigPictureEventTypes('-29', ['snapshot'])).toEqual(['snapshot']);
    expect(showFrameworkPicker('-23')).toBe(false);
    expect(showFrameworkPicker('-29')).toBe(true);
  });
  it('Professional Judgement grades: Birth to 5 Best fit only', () => {
    expect(judgementGrades('-23')).toEqual(['bestFit']);
    expect(judgementGrades('-29')).toEqual(['workingTowards', 'achieved']);
  });
});

describe('toggleTriState', () => {
  it('sets a choice, switches, and clicking the active choice clears it', () => {
    expect(toggleTriState(null, 'ONLY')).toBe('ONLY');
    expect(toggleTriState('ONLY', 'EXCLUDE')).toBe('EXCLUDE');
    expect(toggleTriState('EXCLUDE', 'EXCLUDE')).toBeNull();
    expect(toggleTriState(undefined, 'EXCLUDE')).toBe('EXCLUDE');
  });
});

describe('wheel and chart constants', () => {
  it('wheel geometry of spec 001 §9', () => {
    expect(WHEEL_LAYOUT).toEqual({ size: 650, innerRadius: 50, outerRadius: 315, gap: 10, inset: 5 });
  });
  it('hides age ranges without a short label', () => {
    const ranges = [
      { id: -2500, shortLabel: '1' },
      { id: -2501, shortLabel: null },
      { id: -2502, shortLabel: ' ' },
      { id: -2503, shortLabel: '3' },
    ];
    expect(wheelAgeRanges(ranges).map((r) => r.id)).toEqual([-2500, -2503]);
  });
  it('nine distinct chart colours, repeating', () => {
    expect(CHART_PALETTE).toHaveLength(9);
    expect(new Set(CHART_PALETTE).size).toBe(9);
    expect(chartColour(9)).toBe(CHART_PALETTE[0]);
    expect(chartColour(10)).toBe(CHART_PALETTE[1]);
  });
});

const summary: BigPictureGradingSummary[] = [
  { itemID: '/-29/1/1/', eventType: 'snapshot', ageRangeID: -2300, value: 0, count: 2 },
  { itemID: '/-29/1/1/', eventType: 'learningStory', ageRangeID: -2300, value: 1, count: 1 },
  { itemID: '/-29/1/1/', eventType: 'snapshot', ageRangeID: -2301, value: 1, count: 5 },
  { itemID: '/-23/1/1/', eventType: 'learningStory', ageRangeID: -2503, value: null, count: 3 },
];

describe('segmentCounts', () => {
  it('adds the children’s rows of the item and age range, optionally of some event types', () => {
    const children = [{ gradingSummary: summary }, { gradingSummary: summary.slice(0, 1) }];
    expect(segmentCounts(children, '/-29/1/1/', -2300)).toEqual({
      workingTowards: 4,
      achieved: 1,
      bestFit: 0,
    });
    expect(segmentCounts(children, '/-29/1/1/', -2300, ['learningStory'])).toEqual({
      workingTowards: 0,
      achieved: 1,
      bestFit: 0,
    });
    expect(segmentCounts(children, '/-23/1/1/', -2503)).toEqual({
      workingTowards: 0,
      achieved: 0,
      bestFit: 3,
    });
    expect(segmentCounts(children, '/-29/9/', null)).toEqual(none);
  });
});

describe('professional judgements', () => {
  it('one per item and age range; clear removes it', () => {
    let list = setJudgement([], { itemID: '/-29/1/1/', ageRangeID: -2300, grade: 'achieved' });
    list = setJudgement(list, { itemID: '/-29/1/1/', ageRangeID: -2300, grade: 'workingTowards' });
    list = setJudgement(list, { itemID: '/-29/1/1/', ageRangeID: -2301, grade: 'achieved' });
    expect(list).toHaveLength(2);
    expect(judgementFor(list, '/-29/1/1/', -2300)?.grade).toBe('workingTowards');
    expect(closeNeedsConfirmation(list)).toBe(true);
    list = clearJudgement(list, '/-29/1/1/', -2300);
    expect(judgementFor(list, '/-29/1/1/', -2300)).toBeUndefined();
    expect(closeNeedsConfirmation(clearJudgement(list, '/-29/1/1/', -2301))).toBe(false);
  });
  it('applyJudgements: counts per segment with the judgement that overrides them', () => {
    const judged = applyJudgements(summary, [
      { itemID: '/-29/1/1/', ageRangeID: -2300, grade: 'achieved' },
      { itemID: '/-29/3/', ageRangeID: -2302, grade: 'workingTowards' },
    ]);
    expect(judged).toEqual([
      { itemID: '/-23/1/1/', ageRangeID: -2503, workingTowards: 0, achieved: 0, bestFit: 3, judgement: null },
      { itemID: '/-29/1/1/', ageRangeID: -2301, workingTowards: 0, achieved: 5, bestFit: 0, judgement: null },
      {
        itemID: '/-29/1/1/',
        ageRangeID: -2300,
        workingTowards: 2,
        achieved: 1,
        bestFit: 0,
        judgement: 'achieved',
      },
      {
        itemID: '/-29/3/',
        ageRangeID: -2302,
        workingTowards: 0,
        achieved: 0,
        bestFit: 0,
        judgement: 'workingTowards',
      },
    ]);
    expect(judged.map(segmentGrade)).toEqual(['bestFit', 'achieved', 'achieved', 'workingTowards']);
    expect(segmentGrade({ ...none, workingTowards: 1, achieved: 1, judgement: null })).toBe('both');
    expect(segmentGrade({ ...none, judgement: null })).toBeNull();
  });
});
