// The events timeline (issue 31): #/events, the site's events grouped by day with filters and cursor
// paging; #/events/{ids} opens events in the drawer (snapshots and learning stories in their Spotlight
// view, a medication record in features/medication's form, others in their form), with media, the
// comment thread and signatures (events v3); #/events/new/medication records a medication.
import type { AppConfig } from '@nursery/domain/account';
import type { RouteObject } from 'react-router';
import { lineIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

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

/** A vertical line of days: the timeline's entry. */
const TimelineIcon = lineIcon('M8 3v18', 'M12 6h8M12 12h8M12 18h8', 'M6 6h4M6 12h4M6 18h4');

/** Shown to users who may view some event type (the timeline lists only those types). */
export function maySeeTimeline(config: Pick<AppConfig, 'eventTypes'>): boolean {
  return config.eventTypes.some((t) => t.enabled && t.canView);
}

export const timelineNavigation: NavigationEntry = {
  to: '/events',
  labelKey: 'nav-events',
  icon: TimelineIcon,
  qa: 'nav-events',
  visible: maySeeTimeline,
};

/** The navigation entry's label: the shell needs it before the screen's code loads. */
export const timelineNavStrings = { 'nav-events': 'Events' } as const;

export type TimelineStrings = typeof import('./strings').timelineStrings;
