import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { holdRequests, isApiError, releaseHeldRequests, whenRequestsSettled } from '../../lib/api';
import { dropPersistedCache } from '../../lib/offline/cache';
import { sessionApi } from './api';
import { clearLock } from './lock';
import { forgetSession, getSessionState, loginPath, markSessionSeen } from './session';

/** The longest the log-out waits for requests already on their way. */
const LOGOUT_SETTLE_MAX_MS = 3_000;

/**
 * Log out: this device's session (the user menu, the profile's "Log out"), or with `everywhere` every
 * session of the user on every device (the profile's "Log out of all devices", issue 30). Either way
 * this device then leaves the shell the same way.
 */
export function useLogout({ everywhere = false }: { everywhere?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    // Issue 27: from the tap on, nothing but the log-out is sent (no poll, refresh or sync meets a 401),
    // and a late 401 is not taken for an expired session.
    onMutate: () => {
      const wasActive = getSessionState() === 'active';
      holdRequests();
      void queryClient.cancelQueries();
      forgetSession();
      return { wasActive };
    },
    mutationFn: async () => {
      // What was sent before the tap gets its answer with the live session first (at most 3 s).
      await whenRequestsSettled(LOGOUT_SETTLE_MAX_MS);
      try {
        await (everywhere ? sessionApi.logoutEverywhere() : sessionApi.logout());
      } catch (error) {
        // Already logged out on the server (expired session): the goal is reached.
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: async () => {
      forgetSession();
      // Leave the shell first so no mounted screen refetches with the dead session, then drop the cache
      // (a shared tablet: the next user must not see this user's data).
      await navigate(loginPath('/', 'logged-out'), { replace: true });
      // Off a locked app too ("Sign in as someone else"): the lock went with the session.
      clearLock();
      queryClient.clear();
      // ...and the device's persisted copy of it (the outbox of unsynced work is another table and stays).
      await dropPersistedCache();
      notifications.clean();
      // Off the signed-in screens: what waited is dropped, and the login page may call the server.
      releaseHeldRequests();
    },
    onError: (_error, _vars, context) => {
      // Still signed in (no network, say): the app carries on where it was.
      if (context?.wasActive) markSessionSeen();
      releaseHeldRequests();
      void queryClient.invalidateQueries();
      notifications.show({ color: 'red', message: t('log-out-failed'), autoClose: 8000 });
    },
  });
}
