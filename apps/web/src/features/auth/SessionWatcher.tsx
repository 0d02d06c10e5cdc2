import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../../lib/api';
import { getSessionState, loginPath, markSessionExpired } from './session';

/**
 * Any 401 after the session was live means it expired (timeout, logged out elsewhere): return to login
 * with a notice, remembering where the user was, and drop everything cached for them.
 */
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      onUnauthorized(() => {
        if (getSessionState() !== 'active') return;
        markSessionExpired();
        void Promise.resolve(navigate(loginPath(here.current, 'expired'), { replace: true })).then(() => {
          queryClient.clear();
          notifications.clean();
        });
      }),
    [navigate, queryClient],
  );
  return null;
}
