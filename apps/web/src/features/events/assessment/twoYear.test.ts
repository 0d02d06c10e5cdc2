// The framework index, search and grade rules are the domain's one grading picker model; these tests
// check them as the Events panel uses them (a new grade takes the statement's own range).
import {
  areaIDOf,
  chooseGrade,
  clearGrade,
  type Framework,
  type FrameworkItem,
  indexFramework,
  searchStatements,
} from '@nursery/domain/frameworks';
import { describe, expect, it } from 'vitest';
import { frameworksForType, isEarlyLearningGoal, withGrading } from './frameworkTree';
import { existingChecks, type TwoYearInput, twoYearDecision } from './twoYear';

const statuses = [
  { id: 1, deleted: false, incomplete: true },
  { id: 3, deleted: false, incomplete: true },
  { id: 4, deleted: false, incomplete: false },
  { id: 5, deleted: false, incomplete: false },
  { id: 6, deleted: true, incomplete: false },
];

const base: TwoYearInput = {
  isTwoYear: true,
  childIDs: [7],
  dob: '2024-06-15',
  date: '2026-11-21', // 29 months
  lookup: { state: 'done', events: [] },
  twoYearCodeIDs: [42],
  editingID: null,
  statuses,
};

describe('twoYearDecision', () => {
  it('does nothing for other codes or without exactly one child', () => {
    expect(twoYearDecision({ ...base, isTwoYear: false }).kind).toBe('none');
    expect(twoYearDecision({ ...base, childIDs: [] }).kind).toBe('none');
    expect(twoYearDecision({ ...base, childIDs: [7, 8] }).kind).toBe('none');
  });

  it('allows a child of 22 to 36 months with no earlier check', () => {
    expect(twoYearDecision(base)).toEqual({ kind: 'ok', blocksSave: false });
    // 22 months exactly, and 36 completed months (the day before 37).
    expect(twoYearDecision({ ...base, date: '2026-04-15' }).kind).toBe('ok');
    expect(twoYearDecision({ ...base, date: '2027-07-14' }).kind).toBe('ok');
  });

  it('refuses a child outside the window, even offline', () => {
    const young = twoYearDecision({ ...base, date: '2026-04-14', lookup: { state: 'offline' } });
    expect(young).toMatchObject({
      kind: 'invalid-age',
      blocksSave: true,
      key: 'selected-child-invalid-twoyear',
      ageMonths: 21,
    });
    expect(twoYearDecision({ ...base, date: '2027-07-15' })).toMatchObject({
      kind: 'invalid-age',
      ageMonths: 37,
    });
  });

  it('accepts a date-time dob', () => {
    expect(twoYearDecision({ ...base, dob: '2024-06-15T00:00:00.000Z' }).kind).toBe('ok');
  });

  it('blocks while checking and offline; a failed look-up does not block', () => {
    expect(twoYearDecision({ ...base, lookup: { state: 'loading' } })).toEqual({
      kind: 'checking',
      blocksSave: true,
    });
    expect(twoYearDecision({ ...base, lookup: { state: 'offline' } })).toEqual({
      kind: 'offline',
      blocksSave: true,
      key: 'err-twoyear-offline',
    });
    expect(twoYearDecision({ ...base, lookup: { state: 'failed' } }).blocksSave).toBe(false);
  });

  it('links an existing check in progress or finished', () => {
    const draft = { id: 100, codeID: 42, statusID: 1, childID: 7 };
    const published = { id: 101, codeID: 42, statusID: 5, childID: 7 };
    expect(twoYearDecision({ ...base, lookup: { state: 'done', events: [draft] } })).toEqual({
      kind: 'existing',
      blocksSave: true,
      key: 'twoyear-in-progress',
      eventID: 100,
      finished: false,
    });
    expect(twoYearDecision({ ...base, lookup: { state: 'done', events: [draft, published] } })).toMatchObject(
      { key: 'twoyear-finished', eventID: 101, finished: true },
    );
  });

  it('counts an archived check as finished, as the server does (only Draft and Pending are in progress)', () => {
    const draft = { id: 100, codeID: 42, statusID: 1, childID: 7 };
    const archived = { id: 105, codeID: 42, statusID: 4, childID: 7 };
    expect(twoYearDecision({ ...base, lookup: { state: 'done', events: [archived] } })).toEqual({
      kind: 'existing',
      blocksSave: true,
      key: 'twoyear-finished',
      eventID: 105,
      finished: true,
    });
    expect(twoYearDecision({ ...base, lookup: { state: 'done', events: [draft, archived] } })).toMatchObject({
      key: 'twoyear-finished',
      eventID: 105,
    });
  });

  it('ignores the edited event, deleted events, other codes and other children', () => {
    const events = [
      { id: 100, codeID: 42, statusID: 1, childID: 7 },
      { id: 102, codeID: 42, statusID: 6, childID: 7 },
      { id: 103, codeID: 41, statusID: 5, childID: 7 },
      { id: 104, codeID: 42, statusID: 5, childID: 8 },
    ];
    expect(twoYearDecision({ ...base, editingID: 100, lookup: { state: 'done', events } }).kind).toBe('ok');
    expect(
      existingChecks(events, { childID: 7, twoYearCodeIDs: [42], editingID: null, statuses }).map(
        (f) => f.event.id,
      ),
    ).toEqual([100]);
  });
});

const item = (id: string, parentID: string | null, depth: number, levelName: string | null, name: string) =>
  ({
    id,
    uniqueID: depth,
    parentID,
    name,
    levelName,
    depth,
    ageRangeID: depth === 3 ? -2300 : null,
    helpText: null,
    tag: depth === 2 ? 'ELG' : null,
  }) satisfies FrameworkItem;

const framework: Framework = {
  id: '-29',
  name: 'Development Matters',
  shortName: 'DM',
  template: 'generic',
  statementLevel: 'Statement',
  levels: [],
  ageRanges: [],
  schemes: [
    {
      eventTypeID: 2,
      allowAgeRange: true,
      allowNotes: true,
      allowNextSteps: true,
      template: 'tristate',
      grades: [],
    },
  ],
  items: [
    item('/-29/', null, 0, null, 'Development Matters'),
    item('/-29/1/', '/-29/', 1, 'Area', 'Communication'),
    item('/-29/1/1/', '/-29/1/', 2, 'Aspect', 'Listening'),
    item('/-29/1/1/1/', '/-29/1/1/', 3, 'Statement', 'Turns towards familiar voices'),
    item('/-29/1/1/2/', '/-29/1/1/', 3, 'Statement', 'Listens to stories'),
    item('/-29/1/2/', '/-29/1/', 2, 'Aspect', 'Speaking (no statements)'),
  ],
};

describe('framework tree', () => {
  it('picks frameworks by scheme and finds gradable statements and leaves', () => {
    expect(frameworksForType({ siteID: 1, frameworks: [framework], learningStyles: [] }, 3)).toEqual([]);
    const [index] = frameworksForType({ siteID: 1, frameworks: [framework], learningStyles: [] }, 2);
    expect(index!.areas.map((i) => i.id)).toEqual(['/-29/1/']);
    expect(index!.statements.map((i) => i.id)).toEqual(['/-29/1/1/1/', '/-29/1/1/2/', '/-29/1/2/']);
  });

  it('searches gradable items by every word', () => {
    const index = indexFramework(framework, framework.schemes[0]!);
    expect(searchStatements(index, 'STOR lis', null).map((i) => i.id)).toEqual(['/-29/1/1/2/']);
    expect(searchStatements(index, '  ', null)).toEqual([]);
  });

  it('recognises early learning goals and areas', () => {
    expect(isEarlyLearningGoal(framework, framework.items[2]!)).toBe(true);
    expect(isEarlyLearningGoal(framework, framework.items[3]!)).toBe(false);
    expect(isEarlyLearningGoal({ name: 'Revised Early Learning Goals' }, framework.items[3]!)).toBe(true);
    expect(areaIDOf('/-29/1/1/2/')).toBe('/-29/1/');
  });

  it('toggles a grade, preselects the item age range and drops empty gradings', () => {
    const opts = { allowAgeRange: true, ageRangeID: -2300, bestFitAsRange: false };
    const empty = { itemID: 'x', value: null, ageRangeID: null, notes: null };
    const graded = chooseGrade(empty, 1, opts);
    expect(graded).toEqual({ itemID: 'x', value: 1, ageRangeID: -2300, notes: null });
    expect(chooseGrade(graded, 0, opts)).toMatchObject({ value: 0, ageRangeID: -2300 });
    expect(chooseGrade(graded, 1, opts)).toEqual(empty);
    expect(
      chooseGrade(empty, 1, { allowAgeRange: false, ageRangeID: -2300, bestFitAsRange: false }).ageRangeID,
    ).toBeNull();
    const values = withGrading({}, 'x', (g) => chooseGrade(g, 1, opts));
    expect(Object.keys(values)).toEqual(['x']);
    expect(withGrading(values, 'x', (g) => chooseGrade(g, 1, opts))).toEqual({});
  });

  it("keeps value 2 as a value, and the dropdown's clear takes only the range the grade brought", () => {
    const opts = { allowAgeRange: true, ageRangeID: -2300, bestFitAsRange: false };
    const empty = { itemID: 'x', value: null, ageRangeID: null, notes: null };
    expect(chooseGrade(empty, 2, opts)).toEqual({ itemID: 'x', value: 2, ageRangeID: -2300, notes: null });
    const brought = { itemID: 'x', value: 1, ageRangeID: -2300, notes: 'n' };
    expect(clearGrade(brought, opts)).toEqual({ ...brought, value: null, ageRangeID: null });
    const chosen = { ...brought, ageRangeID: -2301 };
    expect(clearGrade(chosen, opts)).toEqual({ ...chosen, value: null });
    const rangeOnly = { ...empty, ageRangeID: -2300 };
    expect(clearGrade(rangeOnly, opts)).toEqual(rangeOnly);
  });
});
