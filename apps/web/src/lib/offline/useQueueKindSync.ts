/**
 * The shell's call for one queue kind (app/AppLayout.tsx, beside useAppSync), built once for every kind
 * that registers a sender: the kind's runner loads in its own chunk (the feature's `load`, after the
 * first screen, so the login and Home bundle keeps its budget); its sender joins the one sync loop at
 * once, offline or not, so the loop's start and `online` passes include it; its count joins the Sync
 * badge; and on start online and on every way back online the loop is asked for a pass when the user's
 * operations wait, whatever screen is open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIsOffline } from '../connectivity';
import type { QueueKindRunner } from './queueKindRunner';

/** `load` must be stable (a module-level function): it is an effect dependency. */
export function useQueueKindSync(userID: number, load: () => Promise<QueueKindRunner>): void {
  const queryClient = useQueryClient();
  const offline = useIsOffline();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void load().then((runner) => {
      if (cancelled) return;
      runner.register(queryClient);
      stop = runner.watchCount?.(userID);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userID, queryClient, load]);

  useEffect(() => {
    if (offline) return;
    void load().then((runner) => runner.sendNow(userID, queryClient));
  }, [offline, userID, queryClient, load]);
}
