/**
 * The drafts list's data (spec 000 §2, §4, §9): the event search page by page (25 a page, the `next`
 * cursor as page param), infinite scroll, and the automatic refresh every 30 s while the page is
 * visible, with a back-off after errors and a debounced refresh when the page becomes visible again.
 * A failed background refresh is silent: the list keeps what it shows.
 */
import { DRAFTS_PAGE_SIZE } from '@nursery/domain/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { eventsApi } from '../events';
import { flattenPages, listStatus, refreshDelay, visibilityRefreshDelay } from './drafts';
import {
  type DraftsFilterSession,
  defaultDraftsFilter,
  draftsFilterStorageKey,
  parseStoredFilter,
  toSearchQuery,
} from './filters/draftsFilter';

export const draftsKeys = {
  all: ['drafts'] as const,
  /** Persisted to the device's read cache (persistRules.ts): the list opens offline as last fetched. */
  list: (query: Record<string, string>) => ['drafts', 'list', query] as const,
};

/**
 * The list's read, shared by the hook and the device's offline preparation (features/sync), which
 * fetches the first page of the user's own filter at login so the list opens offline as last fetched.
 */
export const draftsListQuery = (searchQuery: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: draftsKeys.list(searchQuery),
    queryFn: ({ pageParam, signal }) =>
      eventsApi.search(
        { ...searchQuery, limit: DRAFTS_PAGE_SIZE, fields: 'cards', after: pageParam ?? undefined },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    // Our own timer refreshes (useAutoRefresh); focus alone must not add a burst of requests.
    refetchOnWindowFocus: false,
    retry: 1,
  });

/**
 * The search query the drafts list opens with for this user (their stored filter, else the default):
 * the same rule as useDraftsFilter, without React, for the offline preparation.
 */
export function storedDraftsSearchQuery(session: DraftsFilterSession & { me: { userID: number } }) {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(draftsFilterStorageKey(session.me.userID));
  } catch {
    raw = null;
  }
  return toSearchQuery(parseStoredFilter(raw, session) ?? defaultDraftsFilter(session));
}

export function useDraftEvents(searchQuery: Record<string, string>) {
  const query = useInfiniteQuery(draftsListQuery(searchQuery));

  const events = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data]);
  const status = listStatus({
    loading: query.isPending || query.isFetchingNextPage,
    eventCount: events.length,
    hasNextPage: query.hasNextPage,
  });

  const { refetch, isFetching } = query;
  const isFetchingRef = useRef(isFetching);
  isFetchingRef.current = isFetching;
  useAutoRefresh(
    async () => {
      // A running fetch (the next page, a filter change) is not cancelled for a refresh.
      if (isFetchingRef.current) return true;
      const result = await refetch({ cancelRefetch: false });
      return !result.isError;
    },
    query.isSuccess || query.data !== undefined,
    JSON.stringify(searchQuery),
  );

  return { query, events, status };
}

/**
 * Calls `refresh` every refreshDelay(consecutive errors) while the document is visible; on becoming
 * visible again, refreshes after visibilityRefreshDelay. `refresh` answers whether it succeeded.
 * Elapsed time uses performance.now(), not the app clock (which e2e tests freeze).
 */
export function useAutoRefresh(refresh: () => Promise<boolean>, enabled: boolean, resetKey: string): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey restarts the timer for a new filter
  useEffect(() => {
    if (!enabled || typeof document === 'undefined') return undefined;
    let errors = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The list has just loaded: that counts as a refresh.
    let lastRefreshAt: number | null = performance.now();
    let running = false;
    let disposed = false;

    const clear = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
    const schedule = (delay: number) => {
      clear();
      timer = setTimeout(() => void run(), delay);
    };
    const run = async () => {
      timer = null;
      // Hidden: nothing until the page is visible again (the visibility handler reschedules).
      if (document.visibilityState !== 'visible' || running) return;
      running = true;
      lastRefreshAt = performance.now();
      let ok = false;
      try {
        ok = await refreshRef.current();
      } catch {
        ok = false;
      }
      running = false;
      if (disposed) return;
      errors = ok ? 0 : errors + 1;
      schedule(refreshDelay(errors));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        schedule(visibilityRefreshDelay(lastRefreshAt, performance.now()));
      } else {
        clear();
      }
    };

    schedule(refreshDelay(0));
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      clear();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, resetKey]);
}

/** How far below the screen the next page starts loading (spec 000 §9). */
const INFINITE_SCROLL_MARGIN_PX = 800;

/**
 * Infinite scroll: calls `onReach` when the sentinel comes within 800 px of the viewport. The observer
 * is rebuilt whenever `version` changes (a page arrived), so a sentinel that is still in reach after a
 * short page asks for the next one straight away.
 */
export function useInfiniteScroll(
  sentinel: RefObject<HTMLElement | null>,
  onReach: () => void,
  active: boolean,
  version: number,
): void {
  const onReachRef = useRef(onReach);
  onReachRef.current = onReach;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version rebuilds the observer on purpose
  useEffect(() => {
    const el = sentinel.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onReachRef.current();
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, version, sentinel]);
}
