/**
 * The Big Picture filter as the screen edits it (spec 001 §3 "Big Picture filter", §5, §9): the
 * defaults (From 6 months ago, Snapshot + Learning story), the From quick buttons, the tri-state advanced
 * options (clicking the active choice clears it), the Birth to 5 rule (no framework dropdown, learning
 * stories only) and the query it becomes. Pure: the form component and the tests share it.
 */
import type { CalendarDate } from '@nursery/domain/common';
import type { SpotlightTag } from '@nursery/domain/events';
import {
  BIG_PICTURE_DEFAULT_EVENT_TYPES,
  type BigPictureFilter,
  bigPictureEventTypes,
  type ChildGender,
  defaultDateFrom,
  type TriStateFilter,
} from '@nursery/domain/spotlight';

export type TriStateField = 'eal' | 'eypp' | 'send' | 'twoYearFunded';
export const TRI_STATE_FIELDS: readonly TriStateField[] = ['eal', 'eypp', 'send', 'twoYearFunded'];

export interface FilterForm {
  childIDs: number[];
  siteID: number;
  frameworkID: string | null;
  eventTypes: SpotlightTag[];
  dateFrom: CalendarDate;
  gender: ChildGender | null;
  cohort: number | null;
  ethnicityID: number | null;
  eal: TriStateFilter | null;
  eypp: TriStateFilter | null;
  send: TriStateFilter | null;
  twoYearFunded: TriStateFilter | null;
  attributeID: number | null;
  attributeValue: string | null;
}

export function initialFilterForm(
  siteID: number,
  frameworkID: string | null,
  today: CalendarDate,
): FilterForm {
  return withFramework(
    {
      childIDs: [],
      siteID,
      frameworkID: null,
      eventTypes: [...BIG_PICTURE_DEFAULT_EVENT_TYPES],
      dateFrom: defaultDateFrom(today),
      gender: null,
      cohort: null,
      ethnicityID: null,
      eal: null,
      eypp: null,
      send: null,
      twoYearFunded: null,
      attributeID: null,
      attributeValue: null,
    },
    frameworkID,
  );
}

/**
 * Choosing a framework: Birth to 5 forces learning stories (the domain's bigPictureEventTypes); leaving it
 * restores the default types.
 */
export function withFramework(form: FilterForm, frameworkID: string | null): FilterForm {
  if (frameworkID === null) return { ...form, frameworkID };
  // bigPictureEventTypes answers a forced list whatever was chosen: empty chosen tells the forced ones.
  const forced = (id: string) => bigPictureEventTypes(id, []).length > 0;
  const chosen =
    form.frameworkID !== null && forced(form.frameworkID)
      ? [...BIG_PICTURE_DEFAULT_EVENT_TYPES]
      : form.eventTypes;
  return { ...form, frameworkID, eventTypes: bigPictureEventTypes(frameworkID, chosen) };
}

/** A From date is required and cannot be cleared: an empty value keeps the previous date. */
export function withDateFrom(form: FilterForm, value: CalendarDate | null): FilterForm {
  return value ? { ...form, dateFrom: value } : form;
}

/** What stops Filter: the framework and at least one event type (the site and the date always hold). */
export function filterProblem(form: FilterForm): 'framework' | 'event-types' | null {
  if (form.frameworkID === null) return 'framework';
  if (form.eventTypes.length === 0) return 'event-types';
  return null;
}

/** The GraphQL arguments (and the export's filter): unset options left out. */
export function toFilter(form: FilterForm): BigPictureFilter | null {
  if (filterProblem(form) !== null || form.frameworkID === null) return null;
  const filter: BigPictureFilter = {
    siteID: form.siteID,
    frameworkID: form.frameworkID,
    eventTypes: [...form.eventTypes],
    dateFrom: form.dateFrom,
  };
  if (form.childIDs.length > 0) filter.childIDs = [...form.childIDs];
  if (form.gender) filter.gender = form.gender;
  if (form.cohort !== null) filter.cohort = form.cohort;
  if (form.ethnicityID !== null) filter.ethnicityID = form.ethnicityID;
  for (const field of TRI_STATE_FIELDS) if (form[field]) filter[field] = form[field];
  if (form.attributeID !== null && form.attributeValue) {
    filter.attributeID = form.attributeID;
    filter.attributeValue = form.attributeValue;
  }
  return filter;
}

/** How many advanced options are set (shown on the Advanced options button). */
export function advancedCount(form: FilterForm): number {
  let n = 0;
  if (form.gender) n++;
  if (form.cohort !== null) n++;
  if (form.ethnicityID !== null) n++;
  for (const field of TRI_STATE_FIELDS) if (form[field]) n++;
  if (form.attributeID !== null && form.attributeValue) n++;
  return n;
}
