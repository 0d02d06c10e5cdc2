/**
 * The staff register's data (spec 002 §4 "Staff register", §9): the site day's query, refreshed every
 * 30 s while the page is visible and online (x1.5 after each failed refresh, up to 1.5^5: the domain's
 * staffRegisterRefreshDelay), again on becoming visible (at most once per 7.5 s), and at once on
 * opening when the copy is older than 2 minutes. Rows the user is editing are pinned: a refresh does
 * not change them under the user's hands (their own changes still do).
 */
import {
  isStaffRegisterStale,
  type Shift,
  type StaffRegisterAnswer,
  staffRegisterRefreshDelay,
  visibilityRefreshDue,
} from '@nursery/domain/registers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { staffRegisterDayQuery, staffRegisterKeys } from './queries';
import { findShift, keepNewerShifts, withPinned, withShift } from './staffRegisterView';

export function useStaffRegister(siteID: number, date: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const query = useQuery({
    ...staffRegisterDayQuery(siteID, date),
    enabled,
    // The schedule below refreshes; the stale rule reads the answer's own fetchedAt (a copy kept on
    // the device has an old one), not when the copy was put in the cache.
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    retry: 1,
    // A refresh that started before the user's own change answered must not step a row back.
    structuralSharing: (held, fetched) =>
      keepNewerShifts(held as StaffRegisterAnswer | undefined, fetched as StaffRegisterAnswer),
  });
  const { refetch } = query;

  // Opening (or another day) on a copy older than 2 minutes refetches it at once.
  const openedFor = useRef<string | null>(null);
  const key = `${siteID}:${date}`;
  useEffect(() => {
    if (!enabled || openedFor.current === key || query.data === undefined) return;
    openedFor.current = key;
    if (!offline && isStaffRegisterStale(query.data.fetchedAt, now())) void refetch({ cancelRefetch: false });
  }, [enabled, key, query.data, offline, refetch]);

  // The auto-refresh: 30 s times 1.5 per consecutive failure while visible and online; back on the
  // page, at once unless it did so in the last 7.5 s.
  useAutoRefresh(() => refetch({ cancelRefetch: false }), {
    active: enabled && query.data !== undefined && !offline,
    delay: staffRegisterRefreshDelay,
    refreshOnVisible: visibilityRefreshDue,
  });

  // Rows being edited (a modal open on them, a save on its way) show the shift as it was when the
  // editing began, plus the user's own answers.
  const [pinned, setPinned] = useState<ReadonlyMap<number, Shift>>(() => new Map());
  const pinnedRef = useRef(pinned);
  pinnedRef.current = pinned;

  const shown = useMemo(
    () => (query.data ? withPinned(query.data, pinned) : undefined),
    [query.data, pinned],
  );
  const shownRef = useRef(shown);
  shownRef.current = shown;

  const pin = useCallback((shiftID: number) => {
    const row = shownRef.current ? findShift(shownRef.current, shiftID) : null;
    if (!row) return;
    setPinned((prev) => new Map(prev).set(shiftID, row.shift));
  }, []);

  const unpin = useCallback((shiftID: number) => {
    setPinned((prev) => {
      if (!prev.has(shiftID)) return prev;
      const next = new Map(prev);
      next.delete(shiftID);
      return next;
    });
  }, []);

  /** Puts a shift the server answered into the cached answer (and into its pin, when pinned). */
  const applyShift = useCallback(
    (shift: Shift) => {
      queryClient.setQueryData<StaffRegisterAnswer>(staffRegisterKeys.day(siteID, date), (current) =>
        current ? withShift(current, shift) : current,
      );
      if (pinnedRef.current.has(shift.id)) setPinned((prev) => new Map(prev).set(shift.id, shift));
    },
    [queryClient, siteID, date],
  );

  /** The shift as the user sees it now (pinned or cached): what a change is made against. */
  const getShift = useCallback((shiftID: number): Shift | undefined => {
    const answer = shownRef.current;
    return answer ? (findShift(answer, shiftID)?.shift ?? undefined) : undefined;
  }, []);

  return { query, shown, pin, unpin, applyShift, getShift };
}
