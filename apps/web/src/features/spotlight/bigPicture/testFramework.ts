// A small Development Matters for the Big Picture's unit tests: 2 areas (the first with 2 aspects, the
// second with none), statements per age range, and a scheme for snapshots (type 7).
import type { Framework, FrameworkItem } from '@nursery/domain/frameworks';

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
  depth: id.split('/').length - 3,
  ageRangeID,
  helpText: null,
  tag: null,
});

export const SNAPSHOT_TYPE = 7;

export const testFramework: Framework = {
  id: '-29',
  name: 'Development Matters',
  shortName: 'DM',
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
      id: -2399,
      name: 'Hidden',
      shortLabel: null,
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
  schemes: [
    {
      eventTypeID: SNAPSHOT_TYPE,
      allowAgeRange: true,
      allowNotes: true,
      allowNextSteps: false,
      template: 'tristate',
      grades: [
        { id: 1, name: 'Working towards', value: 0, colour: 'ff0000', style: null },
        { id: 2, name: 'Achieved', value: 1, colour: '#2e7d32', style: null },
      ],
    },
  ],
  items: [
    item('/-29/', null, 'Development Matters', null),
    item('/-29/1/', '/-29/', 'Communication and Language', 'Area'),
    item('/-29/1/1/', '/-29/1/', 'Listening', 'Aspect'),
    item('/-29/1/1/1/', '/-29/1/1/', 'Turns towards voices', 'Statement', -2300),
    item('/-29/1/1/2/', '/-29/1/1/', 'Listens to stories', 'Statement', -2300),
    item('/-29/1/1/3/', '/-29/1/1/', 'Follows two-part instructions', 'Statement', -2301),
    item('/-29/1/2/', '/-29/1/', 'Speaking', 'Aspect'),
    item('/-29/1/2/1/', '/-29/1/2/', 'Babbles', 'Statement', -2300),
    item('/-29/2/', '/-29/', 'Physical Development', 'Area'),
  ],
};
