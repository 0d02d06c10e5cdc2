import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { holdRequests, onUnauthorized, releaseHeldRequests, SESSION_LOCKED } from '../../lib/api';
import { dropPersistedCache } from '../../lib/offline/cache';
import { clearLock, lockApp } from './lock';
import { getSessionState, loginPath, markSessionExpired } from './session';

/**
 * Any 401 after the session was live means it expired (timeout, logged out elsewhere, the fifth wrong
 * PIN): return to login with a notice, remembering where the user was, and drop everything cached for
 * them (in memory and the device's persisted copy). A locked session (issue 30) is not over: the app
 * locks and waits for the PIN.
 */
/** The server's answer to the fifth wrong PIN of a session (issue 30). */
const PIN_ATTEMPTS_EXCEEDED = 'err-pin-attempts-exceeded';

export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      onUnauthorized((error) => {
        // Not live in this page (e.g. a copy restored from the device, then the server says 401): the
        // copy belongs to a session that is over, so it goes; the gate sends the user to login.
        if (getSessionState() !== 'active') {
          void dropPersistedCache();
          return;
        }
        if (error.code === SESSION_LOCKED) return lockApp();
        markSessionExpired();
        clearLock();
        // The session is over: nothing more is sent until the app has left the signed-in screens.
        holdRequests();
        void queryClient.cancelQueries();
        const reason = error.code === PIN_ATTEMPTS_EXCEEDED ? 'pin-attempts' : 'expired';
        void Promise.resolve(navigate(loginPath(here.current, reason), { replace: true })).then(() => {
          queryClient.clear();
          void dropPersistedCache();
          notifications.clean();
          releaseHeldRequests();
        });
      }),
    [navigate, queryClient],
  );
  return null;
}
