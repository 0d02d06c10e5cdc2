/**
 * The register's data (spec 002 §4 "The register auto-refreshes while online"): the query, a refresh
 * every 30 s while the page is visible and online (autoRefreshDelay backs off after errors), and what
 * the screen shows: a background answer where a child appeared or vanished is shown at once; other
 * changes are held (`held`) until the user refreshes or changes tab (`applyHeld`).
 */
import { autoRefreshDelay, type RegisterAnswer } from '@nursery/domain/registers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIsOffline } from '../../lib/connectivity';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { registerKeys, registerScreenQuery } from './queries';
import { registerChange } from './registerView';

export function useRegister(siteID: number, date: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...registerScreenQuery(queryClient, siteID, date), enabled });

  const [shown, setShown] = useState<RegisterAnswer | undefined>(undefined);
  const [held, setHeld] = useState<RegisterAnswer | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  /** The next answer is shown as it is (after the user's own save). */
  const applyNext = useRef(false);
  // Opening the page is not a background change: when it opens on the device's earlier copy and
  // fetches at once, that first answer is shown as it is, not held behind the refresh warning (it may
  // hold the user's own changes, e.g. sent from #/conflict just before).
  const mountedAt = useRef(Date.now());
  const mountFetchPending = useRef<boolean | null>(null);
  if (mountFetchPending.current === null)
    mountFetchPending.current = query.data !== undefined && query.isFetching;
  const { dataUpdatedAt } = query;

  useEffect(() => {
    const data = query.data;
    if (!data) return;
    const before = shownRef.current;
    const mountAnswer = mountFetchPending.current === true && dataUpdatedAt >= mountedAt.current;
    if (mountAnswer) mountFetchPending.current = false;
    if (
      !before ||
      before.siteID !== data.siteID ||
      before.date !== data.date ||
      applyNext.current ||
      mountAnswer
    ) {
      applyNext.current = false;
      setShown(data);
      setHeld(null);
      return;
    }
    if (before === data) return;
    const change = registerChange(before, data);
    if (change === 'children') {
      setShown(data);
      setHeld(null);
    } else if (change === 'sessions') {
      setHeld(data);
    } else {
      setHeld(null);
    }
  }, [query.data, dataUpdatedAt]);

  /** Shows the held answer (the Refresh button, a tab change). */
  const applyHeld = useCallback(() => {
    setHeld((h) => {
      if (h) setShown(h);
      return null;
    });
  }, []);

  /** Shows `answer` now (the user's own change) and refetches, showing that answer too. */
  const showOwn = useCallback(
    (update: (answer: RegisterAnswer) => RegisterAnswer) => {
      const dayKey = registerKeys.day(siteID, date);
      const current = queryClient.getQueryData<RegisterAnswer>(dayKey);
      if (current) {
        const next = update(current);
        queryClient.setQueryData(dayKey, next);
        setShown(next);
      }
      setHeld(null);
      applyNext.current = true;
      void queryClient.invalidateQueries({ queryKey: dayKey, exact: true });
    },
    [queryClient, siteID, date],
  );

  // The auto-refresh: every autoRefreshDelay(errors) while visible and online.
  const offline = useIsOffline();
  const { refetch } = query;
  useAutoRefresh(() => refetch({ cancelRefetch: false }), {
    active: enabled && query.data !== undefined && !offline,
    delay: autoRefreshDelay,
  });

  const current = shown && shown.siteID === siteID && shown.date === date ? shown : query.data;
  return { query, shown: current, held, applyHeld, showOwn };
}
