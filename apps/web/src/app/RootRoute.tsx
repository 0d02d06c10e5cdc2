import { useNotifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SessionWatcher } from '../features/auth';
import { loadNotifications, loadSignedInShell } from './chunks';

const AppNotifications = lazy(() => loadNotifications().then((m) => ({ default: m.AppNotifications })));

/**
 * Wraps every route (login included) so a 401 from anywhere can send the user back to login. The toasts
 * render here too, but their code is not in the first bundle: the stack mounts once anything is shown
 * (the store keeps the message meanwhile), and then stays.
 */
export function RootRoute() {
  const store = useNotifications();
  const wanted = store.notifications.length > 0 || store.queue.length > 0;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);

  // While the server checks a login, fetch the signed-in shell it leads to (the login page fetches
  // the Home screen's code itself).
  const onLogin = useLocation().pathname === '/login';
  const busy = useIsMutating() > 0;
  useEffect(() => {
    if (onLogin && busy) void loadSignedInShell().catch(() => undefined);
  }, [onLogin, busy]);

  return (
    <>
      <SessionWatcher />
      {/* Issue 27: a screen opens at its top; back and forward return to where that entry was left. */}
      <ScrollRestoration />
      <Outlet />
      {(mounted || wanted) && (
        <Suspense fallback={null}>
          <AppNotifications />
        </Suspense>
      )}
    </>
  );
}
