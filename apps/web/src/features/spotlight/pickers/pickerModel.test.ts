// The shared parts (index, statements offered, grade rules) are the domain's one grading picker model
// (gradingPicker.ts); these tests check them as Spotlight uses them (best fit kept as a range).
import {
  ancestorNames,
  areaIDOf,
  chooseGrade,
  clearGradingAgeRange,
  type Framework,
  type FrameworkItem,
  type FrameworkScheme,
  type FrameworksAnswer,
  gradedUnder,
  indexFramework,
  isGradeChosen,
  searchStatements,
  statementsUnder,
} from '@nursery/domain/frameworks';
import { describe, expect, it } from 'vitest';
import {
  bestFitTargets,
  contrastText,
  defaultFrameworkID,
  frameworksForEventType,
  orderWithFavourites,
  type PickerGrading,
  showsFavourites,
  toggleFavourite,
  withBestFit,
  withPickerGrading,
} from './pickerModel';

const scheme = (eventTypeID: number, values: number[] = [0, 1]): FrameworkScheme => ({
  eventTypeID,
  allowAgeRange: true,
  allowNotes: true,
  allowNextSteps: false,
  template: 'tristate',
  grades: values.map((value) => ({ id: value + 10, name: `g${value}`, value, colour: null, style: null })),
});

const item = (
  id: string,
  parentID: string | null,
  name: string,
  levelName: string | null,
  ageRangeID: number | null = null,
): FrameworkItem => ({
  id,
  uniqueID: 0,
  parentID,
  name,
  levelName,
  depth: id.split('/').filter(Boolean).length - 1,
  ageRangeID,
  helpText: null,
  tag: null,
});

function framework(id: string, name: string, schemes: FrameworkScheme[]): Framework {
  return {
    id,
    name,
    shortName: null,
    template: 'generic',
    statementLevel: 'Statement',
    levels: [],
    ageRanges: [
      {
        id: -2300,
        name: 'Birth to 3',
        shortLabel: 'B-3',
        backgroundColour: null,
        foregroundColour: null,
        minMonths: 0,
        maxMonths: 36,
      },
      {
        id: -2301,
        name: '3 to 4',
        shortLabel: '3-4',
        backgroundColour: null,
        foregroundColour: null,
        minMonths: 36,
        maxMonths: 48,
      },
    ],
    schemes,
    items: [
      item(`/${id}/`, null, name, null),
      item(`/${id}/1/`, `/${id}/`, 'Communication', 'Area'),
      item(`/${id}/1/1/`, `/${id}/1/`, 'Listening', 'Aspect'),
      item(`/${id}/1/1/1/`, `/${id}/1/1/`, 'Turns to a familiar voice', 'Statement', -2300),
      item(`/${id}/1/1/2/`, `/${id}/1/1/`, 'Listens to stories with café words', 'Statement', -2301),
      item(`/${id}/1/1/3/`, `/${id}/1/1/`, 'Enjoys rhymes', 'Statement', null),
      item(`/${id}/2/`, `/${id}/`, 'Physical', 'Area'),
      item(`/${id}/2/1/`, `/${id}/2/`, 'Moving', 'Aspect'),
      item(`/${id}/2/1/1/`, `/${id}/2/1/`, 'Walks with support', 'Statement', -2300),
    ],
  };
}

const answer = (...frameworks: Framework[]): FrameworksAnswer => ({
  siteID: 1,
  frameworks,
  learningStyles: [],
});
const empty = (itemID: string): PickerGrading => ({ itemID, value: null, ageRangeID: null, notes: '' });

describe('frameworks a picker offers', () => {
  const dm = framework('-29', 'Development Matters', [scheme(7), scheme(8)]);
  const leuven = framework('-41', 'Leuven Scales', [scheme(7)]);
  const other = framework('-50', 'Other', [scheme(9)]);

  it('keeps only frameworks with a scheme for the event type, in order', () => {
    expect(frameworksForEventType(answer(leuven, dm, other), 7).map((f) => f.framework.id)).toEqual([
      '-41',
      '-29',
    ]);
    expect(frameworksForEventType(answer(leuven, dm, other), 8).map((f) => f.framework.id)).toEqual(['-29']);
    expect(frameworksForEventType(answer(dm), undefined)).toEqual([]);
    expect(frameworksForEventType(undefined, 7)).toEqual([]);
  });

  it('drops a scheme without grades', () => {
    const noGrades = framework('-60', 'Blank', [scheme(7, [])]);
    expect(frameworksForEventType(answer(noGrades), 7)).toEqual([]);
  });

  it('defaults to Development Matters when available, else the first', () => {
    expect(defaultFrameworkID([leuven, dm].map((f) => f))).toBe('-29');
    expect(defaultFrameworkID([{ id: 'x', name: 'Development matters' }, leuven])).toBe('x');
    expect(defaultFrameworkID([leuven, other])).toBe('-41');
    expect(defaultFrameworkID([])).toBeNull();
  });

  it('shows favourites only with more than 3 frameworks, favourites first', () => {
    expect(showsFavourites(3)).toBe(false);
    expect(showsFavourites(4)).toBe(true);
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    const ordered = orderWithFavourites(list, ['c', 'gone', 'a']);
    expect(ordered.favourites.map((f) => f.id)).toEqual(['c', 'a']);
    expect(ordered.others.map((f) => f.id)).toEqual(['b', 'd']);
    expect(toggleFavourite(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleFavourite(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('tree and filtering', () => {
  const pf = indexFramework(framework('-29', 'Development Matters', [scheme(7)]), scheme(7));

  it('builds areas under the root and statements at the statement level', () => {
    expect(pf.areas.map((a) => a.name)).toEqual(['Communication', 'Physical']);
    expect(pf.statements.map((s) => s.id)).toEqual([
      '/-29/1/1/1/',
      '/-29/1/1/2/',
      '/-29/1/1/3/',
      '/-29/2/1/1/',
    ]);
    expect(ancestorNames(pf, pf.byID.get('/-29/1/1/2/')!)).toEqual(['Communication', 'Listening']);
  });

  it('shows statements of the age-range tab and those without a range', () => {
    expect(statementsUnder(pf, '/-29/1/', -2300).map((s) => s.name)).toEqual([
      'Turns to a familiar voice',
      'Enjoys rhymes',
    ]);
    expect(statementsUnder(pf, '/-29/1/', -2301).map((s) => s.name)).toEqual([
      'Listens to stories with café words',
      'Enjoys rhymes',
    ]);
    expect(statementsUnder(pf, '/-29/2/', -2301)).toEqual([]);
    expect(statementsUnder(pf, '/-29/1/', null)).toHaveLength(3);
  });

  it('searches every word, case and accents ignored, within the tab', () => {
    expect(searchStatements(pf, 'CAFE stories', -2301).map((s) => s.id)).toEqual(['/-29/1/1/2/']);
    expect(searchStatements(pf, 'cafe', -2300)).toEqual([]);
    expect(searchStatements(pf, 's', null).length).toBe(4);
    expect(searchStatements(pf, '   ', null)).toEqual([]);
  });

  it('names the area of a path id', () => {
    expect(areaIDOf('/-29/1/3/2/')).toBe('/-29/1/');
    expect(areaIDOf('12')).toBe('12');
  });

  it('takes the aspects (parents of statements) as best-fit targets', () => {
    expect(bestFitTargets(pf).map((i) => i.id)).toEqual(['/-29/1/1/', '/-29/2/1/']);
  });
});

describe('grading changes', () => {
  const ctx = { allowAgeRange: true, ageRangeID: -2300, bestFitAsRange: true };

  it('a grade takes the statement range; the same grade again clears grade and range', () => {
    const wt = chooseGrade(empty('/a/'), 0, ctx);
    expect(wt).toEqual({ itemID: '/a/', value: 0, ageRangeID: -2300, notes: '' });
    const achieved = chooseGrade(wt, 1, ctx);
    expect(achieved.value).toBe(1);
    expect(achieved.ageRangeID).toBe(-2300);
    expect(chooseGrade(achieved, 1, ctx)).toEqual(empty('/a/'));
  });

  it('clearing a grade keeps a range the user chose differently', () => {
    const g: PickerGrading = { itemID: '/a/', value: 1, ageRangeID: -2301, notes: '' };
    expect(chooseGrade(g, 1, ctx)).toEqual({ ...g, value: null });
  });

  it('no age range when the scheme does not allow one', () => {
    expect(
      chooseGrade(empty('/a/'), 1, { allowAgeRange: false, ageRangeID: -2300, bestFitAsRange: true })
        .ageRangeID,
    ).toBeNull();
  });

  it('best fit is no value with an age range, and toggles', () => {
    const bf = chooseGrade(empty('/a/'), 2, ctx);
    expect(bf).toEqual({ itemID: '/a/', value: null, ageRangeID: -2300, notes: '' });
    expect(isGradeChosen(bf, 2, true)).toBe(true);
    expect(isGradeChosen(bf, 0, true)).toBe(false);
    expect(chooseGrade(bf, 2, ctx).ageRangeID).toBeNull();
  });

  it('drops a grading once it no longer counts, keeps it with notes only', () => {
    let list = withPickerGrading([], '/a/', (g) => chooseGrade(g, 0, ctx));
    list = withPickerGrading(list, '/b/', (g) => ({ ...g, notes: 'said "ball"' }));
    expect(list.map((g) => g.itemID)).toEqual(['/a/', '/b/']);
    list = withPickerGrading(list, '/a/', (g) => chooseGrade(g, 0, ctx));
    expect(list).toEqual([{ itemID: '/b/', value: null, ageRangeID: null, notes: 'said "ball"' }]);
    expect(withPickerGrading(list, '/b/', (g) => ({ ...g, notes: '  ' }))).toEqual([]);
    expect(withPickerGrading([], '/c/', (g) => g)).toEqual([]);
  });

  it("the age range 'clear' keeps value and notes", () => {
    const g: PickerGrading = { itemID: '/a/', value: 1, ageRangeID: -2300, notes: 'n' };
    expect(clearGradingAgeRange(g)).toEqual({ ...g, ageRangeID: null });
  });

  it('counts gradings under an item', () => {
    const list = [empty('/-29/1/1/1/'), empty('/-29/1/2/1/'), empty('/-29/2/1/1/')];
    expect(gradedUnder(list, '/-29/1/')).toBe(2);
    expect(gradedUnder(list, '/-29/')).toBe(3);
  });
});

describe('best fits', () => {
  it('one per aspect; the same range again clears it', () => {
    let list = withBestFit([], '/-23/1/1/', -2503);
    list = withBestFit(list, '/-23/1/2/', -2504);
    list = withBestFit(list, '/-23/1/1/', -2502);
    expect(list).toEqual([
      { itemID: '/-23/1/1/', ageRangeID: -2502 },
      { itemID: '/-23/1/2/', ageRangeID: -2504 },
    ]);
    expect(withBestFit(list, '/-23/1/2/', -2504)).toEqual([{ itemID: '/-23/1/1/', ageRangeID: -2502 }]);
  });
});

describe('grade colours', () => {
  it('puts black text on light scheme colours and white on dark ones', () => {
    expect(contrastText('F9A825')).toBe('#000');
    expect(contrastText('2E7D32')).toBe('#fff');
    expect(contrastText('FFFFFF')).toBe('#000');
    expect(contrastText('000000')).toBe('#fff');
  });
});
