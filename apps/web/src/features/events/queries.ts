/**
 * Server reads of the add/edit screen. Everything the form needs before it is usable (the event, the
 * site's children, frameworks and meals) starts at once, so opening #/edit/{id} costs one round trip
 * after the shell's config (spec issue: at most two).
 */
import type { FrameworksAnswer } from '@nursery/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { graphql } from '../../lib/graphql';
import type { EventDetail, SiteChild } from './types';

const CHILD_FIELDS = 'id forename surname hasImage gender dob startDate endDate siteID roomID';

export const eventKeys = {
  detail: (id: number) => ['event', id] as const,
  children: (siteID: number) => ['site-children', siteID] as const,
  frameworks: (siteID: number) => ['frameworks', siteID] as const,
  meals: (siteID: number) => ['meals', siteID] as const,
};

export function useEventDetail(id: number | null) {
  return useQuery({
    queryKey: eventKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<EventDetail>(`/api/v2/events/${id}`, { signal }),
    enabled: id !== null,
    // An edit always starts from the stored version (the version guards the PUT).
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSiteChildren(siteID: number) {
  return useQuery({
    queryKey: eventKeys.children(siteID),
    queryFn: async () =>
      (
        await graphql<{ children: SiteChild[] }>(
          `query GetChildren($siteID: Int!) { children(siteID: $siteID) { ${CHILD_FIELDS} } }`,
          { siteID },
        )
      ).children,
    staleTime: 5 * 60_000,
  });
}

export function useFrameworks(siteID: number) {
  return useQuery({
    queryKey: eventKeys.frameworks(siteID),
    queryFn: ({ signal }) => api.get<FrameworksAnswer>('/api/v1/frameworks', { query: { siteID }, signal }),
    staleTime: 30 * 60_000,
  });
}
