import { createHashRouter } from 'react-router';
import { authRoutes, FullPageLoader, SessionGate } from '../features/auth';
import { draftsRoutes } from '../features/drafts';
import { eventsRoutes } from '../features/events';
import { homeRoutes } from '../features/home';
import { notFoundRoutes } from '../features/not-found';
import { settingsRoutes } from '../features/settings';
import { syncRoutes } from '../features/sync';
import { AppLayout } from './AppLayout';
import { RootRoute } from './RootRoute';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Hash routes, as the spec writes them (#/, #/login, #/register, ...). Each feature's index.ts gives its
 * routes. Login and the shell are in the first bundle; every area is a lazy route (`lazy: () =>
 * import(...)`, the module exports `Component`), so each new area costs the tablet nothing until someone
 * opens it. A new area: its index.ts exports `<area>Routes`, listed here (and its strings in i18n.ts).
 */
export const router = createHashRouter([
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...authRoutes,
      {
        element: <SessionGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...homeRoutes,
              ...eventsRoutes,
              ...draftsRoutes,
              ...syncRoutes,
              ...settingsRoutes,
              // Last: the page for every address no area claims.
              ...notFoundRoutes,
            ],
          },
        ],
      },
    ],
  },
]);
