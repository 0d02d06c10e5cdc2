// Home (spec 002 §2): the first screen after log-in.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { HomeIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';
import { fetchWidgetChunks } from './widgets/chunks';

/**
 * The Home screen's code, loaded on demand (the route, and the signed-in early start of app/router.tsx),
 * with its widgets' chunks fetched at the same time rather than after Home's first render: a trace of
 * a cold load showed the widgets' chunks requested only once Home's chunk and all its imports had
 * arrived (a whole round of requests later), and the widgets' first render waiting on them while the
 * overview's answer was already there.
 */
export const loadHomePage = () => {
  fetchWidgetChunks();
  return import('./HomePage');
};

export const homeRoutes: RouteObject[] = [{ index: true, lazy: loadHomePage }];

export const homeNavigation: NavigationEntry = {
  to: '/',
  labelKey: 'nav-home',
  icon: HomeIcon,
  qa: 'nav-home',
  end: true,
};

export { homeStrings } from './strings';

/** The pending GDPR erasure requests with their decisions (Home's list), for #/gdpr; its own chunk. */
export const GdprRequestsList = lazy(() => import('./widgets/requests/GdprRequestsPanel'));
/** The keys of the requests' queries: a page that raises a request refreshes its list. */
export { requestKeys } from './widgets/requests/api';

// Strings the widgets add when their chunk loads; the types let app/i18n.ts type their keys.
export type HomeWidgetStrings = typeof import('./widgets/keyChildren/strings').keyChildrenStrings &
  typeof import('./widgets/considerations/strings').considerationsStrings &
  typeof import('./widgets/agenda/strings').agendaStrings &
  typeof import('./widgets/bookings/strings').bookingsStrings &
  typeof import('./widgets/requests/strings').requestsStrings;
/**
 * Home's data fetched ahead of Home's code (app/router.tsx). In the first bundle (a few lines): as a
 * chunk of its own it queued behind the shell's and Home's chunks and held the overview's call back by
 * about 0.3 s on a cold start (bench "home cold").
 */
export { prefetchHomeOverview } from './prefetch';
export { homeKeys, homeOverviewQuery } from './useHomeOverview';
