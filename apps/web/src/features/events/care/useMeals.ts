/**
 * Meal types, meals and portions of a site (GET api/v1/meals?siteID=), cached in localStorage per site
 * with the fetch time and refreshed when older than MEAL_CACHE_STALE_MS (spec 000 §7, §9). A failed
 * fetch logs "Unable to fetch meal types" (§8) and falls back to the cache when there is one.
 */
import { formatMessage, MEAL_CACHE_STALE_MS } from '@nursery/domain/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { now } from '../../../lib/clock';
import { mealsApi } from '../api';
import { eventKeys } from '../queries';
import { type KeyValueStore, loadMeals } from './meals';

function browserStore(): KeyValueStore | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The meals read, shared by the hook and the device's offline preparation (same key, same fetch). */
export const mealsQuery = (siteID: number) =>
  queryOptions({
    queryKey: eventKeys.meals(siteID),
    queryFn: ({ signal }) =>
      loadMeals({
        siteID,
        store: browserStore(),
        fetchMeals: () => mealsApi.list(siteID, signal),
        nowMs: now().getTime(),
        onFetchError: (error) => console.error(formatMessage('unable-to-fetch-meal-types'), error),
      }),
    staleTime: MEAL_CACHE_STALE_MS,
    // loadMeals already decides between the server and the cache; Retry is the user's.
    retry: false,
  });

export function useMeals(siteID: number, enabled = true) {
  return useQuery({ ...mealsQuery(siteID), enabled });
}
