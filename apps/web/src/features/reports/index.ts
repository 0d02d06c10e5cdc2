// Reports (spec 002 §2 Links): #/reports/last-published-observation, opened from Home's report button
// (permission lastPublishedObservation). The screen is a lazy route and its strings load with it.
import type { RouteObject } from 'react-router';

export const LAST_PUBLISHED_OBSERVATION_PATH = '/reports/last-published-observation';

export const reportsRoutes: RouteObject[] = [
  { path: 'reports/last-published-observation', lazy: () => import('./LastPublishedObservationPage') },
];

// The report's strings load with its screen; Home's button label is needed before it.
export type ReportsStrings = typeof import('./strings').reportsStrings;
export const reportsNavStrings = { 'last-published-title': 'Last published observation' } as const;
