import { describe, expect, it } from 'vitest';
import {
  advancedCount,
  filterProblem,
  initialFilterForm,
  toFilter,
  withDateFrom,
  withFramework,
} from './filterForm';

const TODAY = '2026-11-27';

describe('Big Picture filter form (spec 001 §5, §9)', () => {
  it('starts 6 months ago with Snapshot and Learning story, no child and no advanced option', () => {
    const form = initialFilterForm(3, '-29', TODAY);
    expect(form.dateFrom).toBe('2026-05-27');
    expect(form.eventTypes).toEqual(['snapshot', 'learningStory']);
    expect(toFilter(form)).toEqual({
      siteID: 3,
      frameworkID: '-29',
      eventTypes: ['snapshot', 'learningStory'],
      dateFrom: '2026-05-27',
    });
    expect(advancedCount(form)).toBe(0);
  });

  it('forces learning stories for Birth to 5 and restores the default types when leaving it', () => {
    let form = initialFilterForm(3, '-29', TODAY);
    form = { ...form, eventTypes: ['snapshot'] };
    form = withFramework(form, '-23');
    expect(form.eventTypes).toEqual(['learningStory']);
    form = withFramework(form, '-29');
    expect(form.eventTypes).toEqual(['snapshot', 'learningStory']);
    // Between other frameworks the choice is kept.
    form = withFramework({ ...form, eventTypes: ['snapshot'] }, '-41');
    expect(form.eventTypes).toEqual(['snapshot']);
  });

  it('never clears the From date', () => {
    const form = initialFilterForm(3, '-29', TODAY);
    expect(withDateFrom(form, null).dateFrom).toBe('2026-05-27');
    expect(withDateFrom(form, '2026-01-01').dateFrom).toBe('2026-01-01');
  });

  it('needs a framework and an event type, and sends only what is set', () => {
    const form = initialFilterForm(3, null, TODAY);
    expect(filterProblem(form)).toBe('framework');
    expect(toFilter(form)).toBeNull();
    const none = { ...initialFilterForm(3, '-29', TODAY), eventTypes: [] };
    expect(filterProblem(none)).toBe('event-types');
    const full = {
      ...initialFilterForm(3, '-29', TODAY),
      childIDs: [5, 6],
      gender: 'F' as const,
      cohort: 2027,
      eal: 'ONLY' as const,
      send: 'EXCLUDE' as const,
      attributeID: 4,
      attributeValue: null,
    };
    expect(toFilter(full)).toEqual({
      siteID: 3,
      frameworkID: '-29',
      eventTypes: ['snapshot', 'learningStory'],
      dateFrom: '2026-05-27',
      childIDs: [5, 6],
      gender: 'F',
      cohort: 2027,
      eal: 'ONLY',
      send: 'EXCLUDE',
    });
    expect(advancedCount(full)).toBe(4);
    expect(toFilter({ ...full, attributeValue: 'yes' })).toMatchObject({
      attributeID: 4,
      attributeValue: 'yes',
    });
  });
});
