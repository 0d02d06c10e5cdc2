import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshAfterServerChange } from '../../lib/afterServerChange';
import { onRequestsHeld } from '../../lib/api';
import { whenFirstScreenUp } from '../../lib/firstScreen';
import { onPreparationRequest, resetPreparationState } from '../../lib/offline/preparation';
import { getSessionState, type Session, useSession } from '../auth';

/** How long after the first screen is up the offline preparation starts (lib/firstScreen.ts). */
const PREPARE_DELAY_MS = 500;

/** After a pass that sent something: the lists and counts that show it refresh now, not in 30 s. */
function refreshAfterSync(queryClient: QueryClient): void {
  void refreshAfterServerChange(queryClient);
}

/**
 * The shell's one call: starts the sync triggers for the logged-in user (ARCHITECTURE "Offline
 * protocol": on start, `online`, visibility), sending through this feature's transport, and prepares
 * the device for offline use (issue 13) once the session is live in this page (after login, and
 * again on every site change). The loop, its transport, the preparation and Dexie load in their own
 * chunks, after the first paint, so the login and Home bundle stays within its budget.
 */
export function useAppSync(): void {
  const session = useSession();
  const { me, site } = session;
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    // After the first screen is up (lib/firstScreen.ts): a fresh page shows its screen first.
    void whenFirstScreenUp()
      .then(() => Promise.all([import('../../lib/offline/sync'), import('./transport')]))
      .then(([loop, t]) => {
        if (!cancelled)
          stop = loop.startSyncTriggers(me.userID, site.id, t.browserTransport, {
            onSent: () => refreshAfterSync(queryClient),
          });
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [me.userID, site.id, queryClient]);
  useOfflinePreparation(session, queryClient);
}

/**
 * Prepares the device when the session is live in this page (its config came from the server, so the
 * device is online and the session valid), once per user and site: after login, on a site change, and
 * when a tab opened offline gets its connection back. Not on the first visit of each screen.
 */
function useOfflinePreparation(session: Session, queryClient: QueryClient): void {
  // Re-evaluated on each render: the config's refetch (back online) re-renders the shell.
  const live = getSessionState() === 'active';
  const latest = useRef(session);
  latest.current = session;
  const { me, site } = session;
  // "Prepare again" on the device page runs one more round.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!live) return undefined;
    return onPreparationRequest(() => setRound((n) => n + 1));
  }, [live]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: user, site and round start a new preparation
  useEffect(() => {
    if (!live) return undefined;
    const controller = new AbortController();
    // A log-out (or an ended session) stops the preparation's own downloads at once (issue 27).
    const stopOnHold = onRequestsHeld(() => controller.abort());
    // The screen in front of the user loads first: the preparation starts a moment after it is up.
    let timer: ReturnType<typeof setTimeout> | undefined;
    void whenFirstScreenUp().then(() => {
      if (controller.signal.aborted) return;
      timer = setTimeout(() => {
        void import('./prepareDevice')
          .then((m) => {
            if (!controller.signal.aborted)
              return m.prepareDevice(queryClient, latest.current, controller.signal);
            return null;
          })
          .catch(() => undefined);
      }, PREPARE_DELAY_MS);
    });
    return () => {
      stopOnHold();
      clearTimeout(timer);
      controller.abort();
      resetPreparationState();
    };
  }, [live, me.userID, site.id, queryClient, round]);
}
