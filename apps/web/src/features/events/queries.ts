/**
 * Server reads of the add/edit screen. Everything the form needs before it is usable (the event, the
 * site's children, frameworks and meals) starts at once, so opening #/edit/{id} costs one round trip
 * after the shell's config (spec issue: at most two).
 *
 * Each read is one `queryOptions` object used both by its hook and by the device's offline preparation
 * (features/sync/prepareDevice.ts, issue 13): the same key and the same fetch, so what is prepared at
 * login is exactly what the screen reads offline.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { childrenApi, eventsApi, frameworksApi } from './api';

export const eventKeys = {
  detail: (id: number) => ['event', id] as const,
  children: (siteID: number) => ['site-children', siteID] as const,
  /** Every site's list of children (a child's change on the settings pages refreshes them all). */
  allChildren: ['site-children'] as const,
  frameworks: (siteID: number) => ['frameworks', siteID] as const,
  meals: (siteID: number) => ['meals', siteID] as const,
};

/**
 * A stored event. Kept in the device's read cache (persistRules: `event`, the newest ones), so an event
 * opened before, or prepared from the first drafts page, opens for editing offline; online the editor
 * still waits for the stored version (EventEditorPage), as the version guards the PUT.
 */
export const eventDetailQuery = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => eventsApi.get(id, signal),
    staleTime: 0,
  });

export const siteChildrenQuery = (siteID: number) =>
  queryOptions({
    queryKey: eventKeys.children(siteID),
    queryFn: () => childrenApi.list(siteID),
    staleTime: 5 * 60_000,
  });

export const frameworksQuery = (siteID: number) =>
  queryOptions({
    queryKey: eventKeys.frameworks(siteID),
    queryFn: ({ signal }) => frameworksApi.list(siteID, signal),
    staleTime: 30 * 60_000,
  });

export function useEventDetail(id: number | null) {
  return useQuery({ ...eventDetailQuery(id ?? 0), enabled: id !== null });
}

export function useSiteChildren(siteID: number) {
  return useQuery(siteChildrenQuery(siteID));
}

export function useFrameworks(siteID: number) {
  return useQuery(frameworksQuery(siteID));
}
