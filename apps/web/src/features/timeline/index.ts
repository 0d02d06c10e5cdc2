// The events timeline (issue 31): #/events, the site's events grouped by day with filters and cursor
// paging; #/events/{ids} opens events in the drawer (snapshots and learning stories in their Spotlight
// view, a medication record in features/medication's form, others in their form), with media, the
// comment thread and signatures (events v3); #/events/new/medication records a medication.
import type { RouteObject } from 'react-router';

export const timelineRoutes: RouteObject[] = [
  {
    path: 'events',
    lazy: () => import('./TimelinePage'),
    children: [
      { path: 'new/:kind', lazy: () => import('./EventsDrawerPage') },
      { path: ':ids', lazy: () => import('./EventsDrawerPage') },
    ],
  },
];

export type TimelineStrings = typeof import('./strings').timelineStrings;
