import type { Framework, FrameworkItem, FrameworksAnswer } from '@nursery/domain/frameworks';
import { describe, expect, it } from 'vitest';
import {
  checkpointGroups,
  type DevelopmentCheckpointView,
  toggleCheckpoint,
  withCheckpointNote,
} from './checkpointsApi';
import { birthToFiveAreaNames, gradedBirthToFiveAreaNames, overviewRows } from './overview';

const item = (id: string, parentID: string | null, name: string): FrameworkItem => ({
  id,
  uniqueID: 0,
  parentID,
  name,
  levelName: null,
  depth: 0,
  ageRangeID: null,
  helpText: null,
  tag: null,
});

const fw = (id: string, name: string, items: FrameworkItem[], ranges: [number, string][]): Framework => ({
  id,
  name,
  shortName: null,
  template: 'generic',
  statementLevel: null,
  levels: [],
  ageRanges: ranges.map(([rid, rname]) => ({
    id: rid,
    name: rname,
    shortLabel: null,
    backgroundColour: null,
    foregroundColour: null,
    minMonths: null,
    maxMonths: null,
  })),
  schemes: [],
  items,
});

const answer: FrameworksAnswer = {
  siteID: 1,
  learningStyles: [],
  frameworks: [
    fw(
      '-29',
      'Development Matters',
      [
        item('/-29/', null, 'DM'),
        item('/-29/1/', '/-29/', 'Communication'),
        item('/-29/1/1/', '/-29/1/', 'Listens'),
        item('/-29/1/2/', '/-29/1/', 'Speaks'),
        item('/-29/2/', '/-29/', 'Physical'),
        item('/-29/2/1/', '/-29/2/', 'Runs'),
      ],
      [
        [-2300, 'Birth to 3'],
        [-2301, '3 to 4'],
      ],
    ),
    fw(
      '-23',
      'Birth to 5 Matters',
      [
        item('/-23/', null, 'B5'),
        item('/-23/1/', '/-23/', 'PSED'),
        item('/-23/1/1/', '/-23/1/', 'Making relationships'),
        item('/-23/2/', '/-23/', 'C&L'),
      ],
      [[-2503, 'Range 3']],
    ),
  ],
};

describe('gradings overview', () => {
  it('orders by framework, area, age range, grade; best fits and valueless gradings as best fit', () => {
    const rows = overviewRows(
      answer,
      [
        { itemID: '/-29/2/1/', value: 1, ageRangeID: -2300, notes: '' },
        { itemID: '/-29/1/2/', value: 1, ageRangeID: -2301, notes: ' said hi ' },
        { itemID: '/-29/1/1/', value: 0, ageRangeID: -2300, notes: '' },
        { itemID: '/-99/1/', value: 1, ageRangeID: null, notes: '' },
      ],
      [{ itemID: '/-23/1/1/', ageRangeID: -2503 }],
    );
    expect(rows.map((r) => [r.itemID, r.areaName, r.ageRangeName, r.grade])).toEqual([
      ['/-29/1/1/', 'Communication', 'Birth to 3', 'workingTowards'],
      ['/-29/1/2/', 'Communication', '3 to 4', 'achieved'],
      ['/-29/2/1/', 'Physical', 'Birth to 3', 'achieved'],
      ['/-23/1/1/', 'PSED', 'Range 3', 'bestFit'],
      ['/-99/1/', '', null, 'achieved'],
    ]);
    expect(rows[1]!.notes).toBe('said hi');
    expect(rows[4]!.itemName).toBeNull();
    expect(
      overviewRows(answer, [{ itemID: '/-29/1/1/', value: null, ageRangeID: -2300, notes: '' }])[0]!.grade,
    ).toBe('bestFit');
  });

  it('names the Birth to 5 areas, all and graded', () => {
    expect(birthToFiveAreaNames(answer)).toEqual(['PSED', 'C&L']);
    expect(gradedBirthToFiveAreaNames(answer, [{ itemID: '/-23/1/1/' }, { itemID: '/-29/1/1/' }])).toEqual([
      'PSED',
    ]);
    expect(birthToFiveAreaNames(undefined)).toEqual([]);
  });
});

describe('development checkpoints', () => {
  const cp = (
    id: number,
    section: string,
    subsection: string | null,
    ageRange: DevelopmentCheckpointView['ageRange'],
  ) => ({
    id,
    section,
    subsection,
    ageRange,
    description: `c${id}`,
    bespoke: false,
    enabled: true,
  });
  const all = [
    cp(1, 'CL', 'Listening', 'birthTo3'),
    cp(2, 'CL', 'Listening', 'birthTo3'),
    cp(3, 'CL', null, 'birthTo3'),
    cp(4, 'PD', null, 'threeTo4'),
  ];

  it('groups one tab by section and subsection', () => {
    expect(
      checkpointGroups(all, 'birthTo3').map((g) => [g.section, g.subsection, g.checkpoints.length]),
    ).toEqual([
      ['CL', 'Listening', 2],
      ['CL', null, 1],
    ]);
    expect(checkpointGroups(all, 'earlyLearningGoals')).toEqual([]);
  });

  it('toggles a checkpoint, dropping its note when unselected; empty notes are dropped', () => {
    let state = toggleCheckpoint([], [], 2);
    expect(state.ids).toEqual([2]);
    const notes = withCheckpointNote(state.notes, 2, 'Points at pictures');
    expect(notes).toEqual([{ checkpointID: 2, note: 'Points at pictures' }]);
    expect(withCheckpointNote(notes, 2, 'Points')).toEqual([{ checkpointID: 2, note: 'Points' }]);
    expect(withCheckpointNote(notes, 2, '')).toEqual([]);
    state = toggleCheckpoint(state.ids, notes, 2);
    expect(state).toEqual({ ids: [], notes: [] });
  });
});
