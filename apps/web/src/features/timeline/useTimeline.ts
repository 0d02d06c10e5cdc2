/**
 * The timeline's data (issue 31): the event search page by page (the `next` cursor as page param),
 * newest first, with the filter's query and fields=timeline (what a card shows: the child's tile, the
 * counts, the first medium). Its key is kept in the device's read cache (persistRules.ts
 * ['timeline', 'list']): offline, the pages last seen for a filter stay readable.
 */
import { DRAFTS_PAGE_SIZE } from '@nursery/domain/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPages, listStatus } from '../drafts';
import { eventsApi } from '../events';

export const timelineKeys = {
  all: ['timeline'] as const,
  list: (query: Record<string, string>) => ['timeline', 'list', query] as const,
};

export const timelineListQuery = (searchQuery: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: timelineKeys.list(searchQuery),
    queryFn: ({ pageParam, signal }) =>
      eventsApi.search(
        { ...searchQuery, limit: DRAFTS_PAGE_SIZE, fields: 'timeline', after: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export function useTimeline(searchQuery: Record<string, string>) {
  const query = useInfiniteQuery(timelineListQuery(searchQuery));
  const events = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data]);
  const status = listStatus({
    loading: query.isPending || query.isFetchingNextPage,
    eventCount: events.length,
    hasNextPage: query.hasNextPage,
  });
  return { query, events, status };
}
