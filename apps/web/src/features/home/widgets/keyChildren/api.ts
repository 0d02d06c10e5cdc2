// The key-children widget's call (spec 002 §7 "GET key children | query date").
import type { getKeyChildren } from '@nursery/domain/children';
import { KEY_CHILDREN_CACHE_VERSION, routes } from '@nursery/domain/common';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/api';

export const keyChildrenApi = {
  get: (siteID: number, date: string, signal?: AbortSignal) =>
    callRoute<typeof getKeyChildren>(routes.getKeyChildren, { query: { siteID, date }, signal }),
};

/**
 * `['key-children', version, siteID, date]`: one copy per day and cache version (spec 002 §9 "key-children
 * cache version 2 per day"), kept on the device for offline use (lib/offline/persistRules.ts). A new day
 * is a new key, so yesterday's marks are never shown as today's.
 */
export const keyChildrenQuery = (siteID: number, date: string) =>
  queryOptions({
    queryKey: ['key-children', KEY_CHILDREN_CACHE_VERSION, siteID, date] as const,
    queryFn: ({ signal }) => keyChildrenApi.get(siteID, date, signal),
    // The table changes when someone records an observation: fresh enough for a glance at Home.
    staleTime: 5 * 60_000,
  });
