import { describe, expect, it } from 'vitest';
import {
  chooseGrade,
  clearGrade,
  clearGradingAgeRange,
  type GradeContext,
  type GradingDraft,
  gradedUnder,
  indexFramework,
  isGradeChosen,
  searchStatements,
  statementsUnder,
  withGrading,
  withGradingIn,
} from './gradingPicker.ts';
import type { Framework, FrameworkItem } from './schemas/frameworks.ts';

const item = (id: string, parentID: string | null, name: string, ageRangeID: number | null = null) =>
  ({
    id,
    uniqueID: 0,
    parentID,
    name,
    levelName: parentID === null ? null : id.split('/').length > 5 ? 'Statement' : 'Area',
    depth: id.split('/').length - 3,
    ageRangeID,
    helpText: null,
    tag: null,
  }) as FrameworkItem;

const framework = {
  id: '-29',
  name: 'Development Matters',
  statementLevel: 'Statement',
  ageRanges: [],
  schemes: [],
  items: [
    item('/-29/', null, 'DM'),
    item('/-29/1/', '/-29/', 'Communication'),
    item('/-29/1/1/', '/-29/1/', 'Listening'),
    item('/-29/1/1/1/', '/-29/1/1/', 'Turns towards familiar voices', -2300),
    item('/-29/1/1/2/', '/-29/1/1/', 'Listens to stories', -2301),
  ],
} as unknown as Framework;

const empty = (itemID: string): GradingDraft => ({ itemID, value: null, ageRangeID: null, notes: null });
const spotlight: GradeContext = { allowAgeRange: true, ageRangeID: -2300, bestFitAsRange: true };
const events: GradeContext = { allowAgeRange: true, ageRangeID: -2300, bestFitAsRange: false };

describe('the statements offered', () => {
  const index = indexFramework(framework, { grades: [] } as never);

  it('indexes areas under the single root and the gradable statements', () => {
    expect(index.areas.map((a) => a.id)).toEqual(['/-29/1/']);
    expect([...index.statementIDs]).toEqual(['/-29/1/1/1/', '/-29/1/1/2/']);
  });

  it('filters by age range (statements without one show under every range) and by every search word', () => {
    expect(statementsUnder(index, '/-29/1/', -2301).map((s) => s.id)).toEqual(['/-29/1/1/2/']);
    expect(statementsUnder(index, '/-29/1/', null)).toHaveLength(2);
    expect(searchStatements(index, 'STOR lis', null).map((s) => s.id)).toEqual(['/-29/1/1/2/']);
    expect(searchStatements(index, 'stories', -2300)).toEqual([]);
    expect(searchStatements(index, '  ', null)).toEqual([]);
  });

  it('counts the gradings under an item', () => {
    expect(gradedUnder([empty('/-29/1/1/1/'), empty('/-29/2/1/')], '/-29/1/')).toBe(1);
  });
});

describe('choosing, changing and clearing a grade', () => {
  it('the same grade again clears it and the range it brought, in both screens', () => {
    for (const ctx of [spotlight, events]) {
      const chosen = chooseGrade(empty('x'), 1, ctx);
      expect(chosen).toEqual({ itemID: 'x', value: 1, ageRangeID: -2300, notes: null });
      expect(chooseGrade(chosen, 0, ctx)).toEqual({ ...chosen, value: 0 });
      expect(chooseGrade(chosen, 1, ctx)).toEqual(empty('x'));
      expect(chooseGrade({ ...chosen, ageRangeID: -2301 }, 1, ctx).ageRangeID).toBe(-2301);
    }
  });

  it('a scheme without age ranges never gives one', () => {
    const ctx = { ...events, allowAgeRange: false };
    expect(chooseGrade(empty('x'), 1, ctx).ageRangeID).toBeNull();
    expect(clearGrade({ ...empty('x'), value: 1, ageRangeID: -2300 }, ctx).ageRangeID).toBeNull();
  });

  it('best fit: a range without a value where the screen keeps it so, else the value 2', () => {
    const bestFit = chooseGrade(empty('x'), 2, spotlight);
    expect(bestFit).toEqual({ itemID: 'x', value: null, ageRangeID: -2300, notes: null });
    expect(isGradeChosen(bestFit, 2, true)).toBe(true);
    expect(chooseGrade(bestFit, 2, spotlight).ageRangeID).toBeNull();
    expect(chooseGrade(empty('x'), 2, events).value).toBe(2);
    expect(isGradeChosen(bestFit, 2, false)).toBe(false);
  });

  it("the age range's clear keeps value and notes", () => {
    const g = { itemID: 'x', value: 1, ageRangeID: -2300, notes: 'n' };
    expect(clearGradingAgeRange(g)).toEqual({ ...g, ageRangeID: null });
  });
});

describe('the selection', () => {
  it('a list keeps order and drops a grading that no longer counts', () => {
    let list = withGrading([], 'a', empty('a'), (g) => chooseGrade(g, 0, events));
    list = withGrading(list, 'b', empty('b'), (g) => ({ ...g, notes: 'said "ball"' }));
    list = withGrading(list, 'a', empty('a'), (g) => chooseGrade(g, 1, events));
    expect(list.map((g) => [g.itemID, g.value])).toEqual([
      ['a', 1],
      ['b', null],
    ]);
    expect(withGrading(list, 'a', empty('a'), (g) => chooseGrade(g, 1, events)).map((g) => g.itemID)).toEqual(
      ['b'],
    );
    expect(withGrading([], 'c', empty('c'), (g) => g)).toEqual([]);
  });

  it('a record by item id does the same', () => {
    const values = withGradingIn({}, 'a', empty('a'), (g) => chooseGrade(g, 1, events));
    expect(Object.keys(values)).toEqual(['a']);
    expect(
      withGradingIn(values, 'a', empty('a'), (g) => ({ ...g, notes: '  ', value: null, ageRangeID: null })),
    ).toEqual({});
  });
});
