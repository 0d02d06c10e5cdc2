// Reports (spec 002 §2 Links): #/reports/last-published-observation, opened from Home's report button
// (permission lastPublishedObservation). The screen is a lazy route; its strings are small and listed
// with the app's (app/i18n.ts) so Home's button label needs nothing more.
import type { RouteObject } from 'react-router';

export const LAST_PUBLISHED_OBSERVATION_PATH = '/reports/last-published-observation';

export const reportsRoutes: RouteObject[] = [
  { path: 'reports/last-published-observation', lazy: () => import('./LastPublishedObservationPage') },
];

export { reportsStrings } from './strings';
