import type { KeyChild, LearningArea } from '@nursery/domain/children';
import { describe, expect, it } from 'vitest';
import { areaCell, areaColumns, chosenFramework, frameworkChoices } from './keyChildrenView';

const areas: LearningArea[] = [
  {
    id: '/-29/1/',
    name: 'Communication and Language',
    frameworkID: '-29',
    frameworkName: 'Development Matters',
  },
  { id: '/-29/2/', name: 'Physical Development', frameworkID: '-29', frameworkName: 'Development Matters' },
  { id: '/-23/1/', name: 'Literacy', frameworkID: '-23', frameworkName: 'Birth to 5 Matters' },
];

const child = {
  lastObservationDates: [
    { areaID: '/-29/1/', date: '2026-11-20', recent: true },
    { areaID: '/-29/2/', date: '2026-09-03', recent: false },
  ],
} as KeyChild;

describe('key-children table', () => {
  it('offers each framework once, keeping a still-valid choice', () => {
    const choices = frameworkChoices(areas);
    expect(choices.map((c) => c.id)).toEqual(['-29', '-23']);
    expect(chosenFramework(choices, '-23')).toBe('-23');
    expect(chosenFramework(choices, '-41')).toBe('-29');
    expect(chosenFramework([], null)).toBeNull();
  });

  it("labels one framework's areas with their initials", () => {
    expect(areaColumns(areas, '-29').map((c) => c.label)).toEqual(['CL', 'PD']);
  });

  it('shows DD/MM with the recent mark, and nothing for an area without observations', () => {
    expect(areaCell(child, '/-29/1/')).toEqual({ date: '20/11', recent: true });
    expect(areaCell(child, '/-29/2/')).toEqual({ date: '03/09', recent: false });
    expect(areaCell(child, '/-23/1/')).toEqual({ date: null, recent: false });
  });
});
