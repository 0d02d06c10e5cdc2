import { describe, expect, it } from 'vitest';
import {
  beginMessage,
  defaultFilters,
  filterProblem,
  filterRequest,
  loadStored,
  saveStored,
} from './filters';

const today = '2026-11-27';

describe('event checker filters', () => {
  it('starts with both event types over the last 91 days and no staff', () => {
    expect(defaultFilters(today)).toEqual({
      staffIDs: [],
      dateFrom: '2026-08-28',
      dateTo: today,
      frameworkID: null,
      eventTypes: ['snapshot', 'learningStory'],
    });
  });

  it('shows the spec’s begin messages (§8) until a Filter answers', () => {
    const base = { canSelectStaff: true, staffCount: 0, applied: false, filterTried: false };
    expect(beginMessage(base)).toBe('select-some-staff-to-begin');
    expect(beginMessage({ ...base, filterTried: true })).toBe('select-staff-event-checker');
    expect(beginMessage({ ...base, staffCount: 2 })).toBe('click-filter-event-checker');
    expect(beginMessage({ ...base, canSelectStaff: false })).toBe('click-filter-event-checker');
    expect(beginMessage({ ...base, staffCount: 2, applied: true })).toBeNull();
  });

  it('asks for staff only of a user who may choose them, in the order of the event types', () => {
    const f = { ...defaultFilters(today), eventTypes: ['learningStory', 'snapshot'] as const };
    expect(filterRequest(3, true, { ...f, eventTypes: [...f.eventTypes] })).toBeNull();
    expect(filterRequest(3, true, { ...f, eventTypes: [...f.eventTypes], staffIDs: [9, 4] })).toEqual({
      siteID: 3,
      staffIDs: [9, 4],
      dateFrom: '2026-08-28',
      dateTo: today,
      frameworkID: null,
      eventTypes: ['snapshot', 'learningStory'],
    });
    expect(
      filterRequest(3, false, { ...f, eventTypes: [...f.eventTypes], staffIDs: [9] })?.staffIDs,
    ).toBeNull();
  });

  it('refuses a reversed range and no event types', () => {
    expect(filterProblem({ ...defaultFilters(today), dateFrom: '2026-12-01' })).toBe(
      'event-checker-range-invalid',
    );
    expect(filterProblem({ ...defaultFilters(today), eventTypes: [] })).toBe('event-checker-types-required');
    expect(filterProblem(defaultFilters(today))).toBeNull();
  });

  it('keeps the filters and the last Filter for the site, and ignores a damaged copy', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const filters = { ...defaultFilters(today), staffIDs: [5], frameworkID: '-29' };
    const applied = filterRequest(3, true, filters);
    saveStored(storage, 3, { filters, applied });
    expect(loadStored(storage, 3, today)).toEqual({ filters, applied });
    expect(loadStored(storage, 4, today)).toEqual({ filters: defaultFilters(today), applied: null });
    store.set('event-checker:3', '{"filters":{"staffIDs":"x"}}');
    expect(loadStored(storage, 3, today).filters).toEqual(defaultFilters(today));
    store.set('event-checker:3', 'not json');
    expect(loadStored(storage, 3, today).applied).toBeNull();
  });
});
