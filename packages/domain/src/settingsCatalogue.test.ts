import { describe, expect, it } from 'vitest';
import {
  disabledSitesAfter,
  flagFacts,
  mealTypeNameKey,
  OVERVIEW_CARDS,
  overviewPermission,
} from './settingsCatalogue.ts';

describe('settings catalogue rules', () => {
  it('a read-only card needs the hub card’s own permission', () => {
    expect(overviewPermission('provider')).toBe('settingsProvider');
    expect(overviewPermission('documents')).toBe('settingsDocuments');
    expect(OVERVIEW_CARDS.map(overviewPermission)).toEqual([
      'settingsProvider',
      'settingsPayment',
      'settingsParentzone',
      'settingsDocuments',
      'settingsActivities',
      'settingsOpenapi',
    ]);
  });

  it('a flag is on only when stored as true', () => {
    expect(flagFacts({ a: true, b: 'true', c: 1 }, ['a', 'b', 'c', 'd'])).toEqual([
      { key: 'a', value: true },
      { key: 'b', value: false },
      { key: 'c', value: false },
      { key: 'd', value: false },
    ]);
  });

  it('switching a framework at one site touches that site only', () => {
    expect(disabledSitesAfter([3, 1], 2, false)).toEqual([1, 2, 3]);
    expect(disabledSitesAfter([1, 2, 3], 2, true)).toEqual([1, 3]);
    expect(disabledSitesAfter([2], 2, false)).toEqual([2]);
    expect(disabledSitesAfter([], 2, true)).toEqual([]);
  });
});

describe('meal type names', () => {
  it('are the same when they differ only in case and spacing', () => {
    expect(mealTypeNameKey('  Afternoon   Tea ')).toBe(mealTypeNameKey('afternoon tea'));
    expect(mealTypeNameKey('Tea')).not.toBe(mealTypeNameKey('Teas'));
  });
});
