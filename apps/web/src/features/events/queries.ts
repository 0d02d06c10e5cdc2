/**
 * Server reads of the add/edit screen. Everything the form needs before it is usable (the event, the
 * site's children, frameworks and meals) starts at once, so opening #/edit/{id} costs one round trip
 * after the shell's config (spec issue: at most two).
 */
import { useQuery } from '@tanstack/react-query';
import { childrenApi, eventsApi, frameworksApi } from './api';

export const eventKeys = {
  detail: (id: number) => ['event', id] as const,
  children: (siteID: number) => ['site-children', siteID] as const,
  frameworks: (siteID: number) => ['frameworks', siteID] as const,
  meals: (siteID: number) => ['meals', siteID] as const,
};

export function useEventDetail(id: number | null) {
  return useQuery({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => eventsApi.get(id ?? 0, signal),
    enabled: id !== null,
    // An edit always starts from the stored version (the version guards the PUT).
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSiteChildren(siteID: number) {
  return useQuery({
    queryKey: eventKeys.children(siteID),
    queryFn: () => childrenApi.list(siteID),
    staleTime: 5 * 60_000,
  });
}

export function useFrameworks(siteID: number) {
  return useQuery({
    queryKey: eventKeys.frameworks(siteID),
    queryFn: ({ signal }) => frameworksApi.list(siteID, signal),
    staleTime: 30 * 60_000,
  });
}
