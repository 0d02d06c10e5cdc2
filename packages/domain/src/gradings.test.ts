import { describe, expect, it } from 'vitest';
import {
  checkGradingCeiling,
  countGradings,
  GradeValue,
  gradingCounts,
  gradingProblem,
  toggleGrade,
  wheelSegmentColour,
} from './gradings.ts';

describe('gradingCounts', () => {
  it('counts only with an age range, a value or non-empty notes', () => {
    expect(gradingCounts({ itemID: '/1/' })).toBe(false);
    expect(gradingCounts({ itemID: '/1/', notes: '   ' })).toBe(false);
    expect(gradingCounts({ itemID: '/1/', notes: 'x' })).toBe(true);
    expect(gradingCounts({ itemID: '/1/', value: 0 })).toBe(true);
    expect(gradingCounts({ itemID: '/1/', ageRangeID: -2300 })).toBe(true);
  });
  it('countGradings adds gradings and best fits that count', () => {
    expect(countGradings([{ itemID: 1, value: 1 }, { itemID: 2 }], [{ itemID: 3, ageRangeID: -2301 }])).toBe(
      2,
    );
  });
});

describe('checkGradingCeiling', () => {
  it('allows 255 and refuses 256 with the exact message', () => {
    expect(checkGradingCeiling(255)).toBeNull();
    expect(checkGradingCeiling(256)).toBe(
      'Too many gradings have been attached to this event. The maximum allowed is 255 (you have added 256).',
    );
  });
});

describe('grading rules', () => {
  it('selecting the same grade again clears it', () => {
    expect(toggleGrade(1, 1)).toBeNull();
    expect(toggleGrade(0, 1)).toBe(1);
    expect(toggleGrade(null, 0)).toBe(0);
  });
  it('refuses value without age range, age range without value, and items not allowed', () => {
    const scheme = { allowAgeRange: true, itemIDs: ['/1/', '/2/'] };
    expect(gradingProblem({ itemID: '/1/', value: 1 }, scheme)).toBe('grading-needs-age-range');
    expect(gradingProblem({ itemID: '/1/', ageRangeID: -2300 }, scheme)).toBe('grading-needs-value');
    expect(gradingProblem({ itemID: '/3/', value: 1, ageRangeID: -2300 }, scheme)).toBe(
      'grading-not-allowed',
    );
    expect(gradingProblem({ itemID: '/1/', value: 1, ageRangeID: -2300 }, scheme)).toBeNull();
    expect(gradingProblem({ itemID: '/9/', value: 1 }, { allowAgeRange: false })).toBeNull();
  });
});

describe('wheelSegmentColour', () => {
  const colours = { workingTowards: '#wt', achieved: '#ac', bestFit: '#bf', both: '#both' };
  const empty = { workingTowards: 0, achieved: 0, bestFit: 0 };
  it('professional judgement overrides the data', () => {
    expect(wheelSegmentColour({ ...empty, achieved: 3, judgement: GradeValue.WorkingTowards }, colours)).toBe(
      '#wt',
    );
    expect(wheelSegmentColour({ ...empty, judgement: GradeValue.BestFit }, colours)).toBe('#bf');
  });
  it('best fit beats both', () => {
    expect(wheelSegmentColour({ workingTowards: 1, achieved: 1, bestFit: 1 }, colours)).toBe('#bf');
  });
  it('both working towards and achieved gives purple by default', () => {
    expect(wheelSegmentColour({ ...empty, workingTowards: 1, achieved: 2 }, colours)).toBe('#both');
    expect(
      wheelSegmentColour(
        { ...empty, workingTowards: 1, achieved: 2 },
        { workingTowards: 'a', achieved: 'b' },
      ),
    ).toBe('#800080');
  });
  it('single value gives the scheme colour; no data gives null', () => {
    expect(wheelSegmentColour({ ...empty, achieved: 1 }, colours)).toBe('#ac');
    expect(wheelSegmentColour({ ...empty, workingTowards: 1 }, colours)).toBe('#wt');
    expect(wheelSegmentColour(empty, colours)).toBeNull();
  });
});
