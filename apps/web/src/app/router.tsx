import type { AppConfig } from '@nursery/domain/account';
import { lazy, Suspense } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { aboutRoutes } from '../features/about';
import { anonymousAccountRoutes } from '../features/anonymous-account';
import { auditRoutes } from '../features/audit';
import {
  authRoutes,
  CONFIG_QUERY_KEY,
  FullPageLoader,
  getSessionState,
  prefetchConfig,
  SessionGate,
} from '../features/auth';
import { childRoutes } from '../features/child';
import { conversationsRoutes } from '../features/conversations';
import { draftsRoutes } from '../features/drafts';
import { emergencyRoutes } from '../features/emergency';
import { eventsRoutes } from '../features/events';
import { homeRoutes, prefetchHomeOverview } from '../features/home';
import { notFoundRoutes } from '../features/not-found';
import { notificationsRoutes } from '../features/notifications';
import { profileRoutes } from '../features/profile';
import { registerRoutes } from '../features/register';
import { reportsRoutes } from '../features/reports';
import { settingsRoutes } from '../features/settings';
import { spotlightRoutes } from '../features/spotlight';
import { staffRoutes } from '../features/staff';
import { staffRegisterRoutes } from '../features/staff-register';
import { syncRoutes } from '../features/sync';
import { timelineRoutes } from '../features/timeline';
import { crmRoutes, tokenLoginRoutes } from '../features/token-login';
import { mayHaveDeviceCopy } from '../lib/offline/deviceCopyHint';
import { hasSignedInHint } from '../lib/signedInHint';
import { loadSignedInShell, registerServiceWorkerNow } from './chunks';
import { queryClient } from './queryClient';
import { RootRoute } from './RootRoute';
import { RouteErrorPage } from './RouteErrorPage';

/** Home is `#/` (or no hash at all, which the hash router reads as `/`). */
const isHomeLocation = () => ['', '#', '#/'].includes(window.location.hash.split('?')[0]!);

/** Home's data, fetched ahead of Home's code (features/home/prefetch.ts). */
const prefetchHome = (config: AppConfig) => prefetchHomeOverview(queryClient, config);

/** A device that was signed in here (its copy, or the server's signed-in hint cookie). */
const likelySignedIn = () => mayHaveDeviceCopy() || hasSignedInHint();

/** Screens matched before the session was known and held back by afterSession, fetched with the shell. */
const heldBack: Array<() => Promise<unknown>> = [];

/**
 * The signed-in shell (navigation, header, menus, dialogs, all of Mantine's CSS), fetched when the
 * session gate lets a signed-in user through, not by the login screen. A React lazy element, not a lazy
 * route: the router resolves every matched lazy route before it renders, which would fetch the shell
 * while a logged-out visit to `/` is still finding out that it must go to login.
 */
const SignedInShell = lazy(() => {
  // The screens afterSession held back start now too, so they arrive alongside the shell rather than
  // after it has loaded and rendered its outlet (config, then shell, then screen: one round trip less).
  for (const fetchScreen of heldBack.splice(0)) void fetchScreen().catch(() => undefined);
  // Home's data too, when Home is the first screen: it arrives with the code rather than after it.
  const config = queryClient.getQueryData<AppConfig>(CONFIG_QUERY_KEY);
  if (config && isHomeLocation()) prefetchHome(config);
  return loadSignedInShell().then((m) => ({ default: m.SignedInShell }));
});

/**
 * The signed-in routes' lazy modules, except when the router resolves one before the session is known on
 * a device that has never had a session (or was logged out): a start on `/` that will most likely go to
 * login. Then the route's screen becomes a lazy element, fetched only if the session gate lets the user
 * through, and then at the same time as the shell (SignedInShell above). Elsewhere (a signed-in device)
 * the module loads alongside the session check, as lazy routes do. Route modules export `Component` only
 * (docs/architecture.md).
 */
function afterSession(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const load = route.lazy;
    if (typeof load !== 'function') return route;
    return {
      ...route,
      lazy: async () => {
        if (getSessionState() === 'active' || likelySignedIn()) return load();
        let screen: ReturnType<typeof load> | undefined;
        const fetchScreen = () => {
          screen ??= load();
          return screen;
        };
        heldBack.push(fetchScreen);
        return {
          Component: lazy(async () => {
            const module = await fetchScreen();
            if (!module.Component) throw new Error('A lazy route module must export Component');
            return { default: module.Component };
          }),
        };
      },
    } as RouteObject;
  });
}

// Probably signed in: the session check starts now, the shell's code comes alongside it, and Home's
// data as soon as the check has answered (each would otherwise wait for the one before).
if (likelySignedIn()) {
  void loadSignedInShell().catch(() => undefined);
  // The service worker at once (issue 27): it precaches every screen's code and claims this page, so
  // the network may go a second after Home appears.
  void registerServiceWorkerNow();
  void prefetchConfig(queryClient).then((config) => {
    if (config && isHomeLocation()) prefetchHome(config);
  });
}

/**
 * Hash routes, as the spec writes them (#/, #/login, #/register, ...). Each feature's index.ts gives its
 * routes. Login and the session gate are in the first bundle, the shell is a lazy element; every area
 * is a lazy route (`lazy: () => import(...)`, the module exports `Component`), so each new area costs
 * the tablet nothing until someone opens it. A new area: its index.ts exports `<area>Routes`, listed
 * here (and its strings in i18n.ts).
 */
export const router = createHashRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...authRoutes,
      ...anonymousAccountRoutes,
      ...tokenLoginRoutes,
      {
        element: <SessionGate />,
        children: [
          {
            element: (
              <Suspense fallback={<FullPageLoader />}>
                <SignedInShell />
              </Suspense>
            ),
            children: [
              {
                // A screen that fails (its code not on the device while offline, issue 27) is shown in
                // the shell's content area, so the navigation stays usable.
                errorElement: <RouteErrorPage inShell />,
                children: afterSession([
                  ...homeRoutes,
                  ...eventsRoutes,
                  ...spotlightRoutes,
                  ...timelineRoutes,
                  ...draftsRoutes,
                  ...registerRoutes,
                  ...staffRegisterRoutes,
                  ...emergencyRoutes,
                  ...notificationsRoutes,
                  ...profileRoutes,
                  ...aboutRoutes,
                  ...reportsRoutes,
                  ...auditRoutes,
                  ...childRoutes,
                  ...syncRoutes,
                  ...settingsRoutes,
                  ...staffRoutes,
                  ...crmRoutes,
                  ...conversationsRoutes,
                  // Last: the page for every address no area claims.
                  ...notFoundRoutes,
                ]),
              },
            ],
          },
        ],
      },
    ],
  },
]);
