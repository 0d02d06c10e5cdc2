// Spotlight (spec 001): #/spotlight/{eventID or add} (the snapshot and learning-story editor) and its
// Event Checker and Big Picture tabs. Only this file is imported by the shell: the screens are lazy
// routes and their strings load with them.
import type { AppConfig } from '@nursery/domain/account';
import { allowedTargetStatuses, rolesFor } from '@nursery/domain/events';
import type { RouteObject } from 'react-router';
import { ReportIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

/** The editor's setup, the development checkpoints and the user's favourite frameworks, prepared at
 * login (features/sync/prepareDevice.ts). */
export { checkpointsQuery, spotlightSetupQuery } from './api';
export { favouriteFrameworksQuery } from './pickers/favourites';
// #/events/{ids} (features/timeline) opens a snapshot or learning story in its editor.
export { eventsRedirect } from './routeParams';

export const spotlightRoutes: RouteObject[] = [
  { path: 'spotlight/:eventID', lazy: () => import('./SpotlightPage') },
  { path: 'spotlight/:eventID/event-checker', lazy: () => import('./EventCheckerPage') },
  { path: 'spotlight/:eventID/big-picture', lazy: () => import('./BigPicturePage') },
];

/**
 * Shown to users who may add snapshots or learning stories (docs/decisions.md "Issue 16"): an enabled
 * Spotlight type the account has switched on, which one of the user's roles may create.
 */
export function maySeeSpotlight(
  config: Pick<AppConfig, 'eventTypes' | 'flags' | 'eventRoles' | 'eventTransitions'>,
): boolean {
  if (config.flags.enableSpotlight === false) return false;
  return config.eventTypes.some(
    (t) =>
      t.enabled &&
      ((t.tag === 'snapshot' && config.flags.enableSnapshots !== false) ||
        (t.tag === 'learningStory' && config.flags.enableLearningStories !== false)) &&
      allowedTargetStatuses(rolesFor(t, true, config.eventRoles), config.eventTransitions, null).length > 0,
  );
}

export const spotlightNavigation: NavigationEntry = {
  to: '/spotlight/add',
  labelKey: 'nav-spotlight',
  icon: ReportIcon,
  qa: 'nav-spotlight',
  visible: maySeeSpotlight,
};

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type SpotlightStrings = typeof import('./strings').spotlightStrings &
  typeof import('./eventChecker/strings').eventCheckerStrings &
  typeof import('./bigPicture/strings').bigPictureStrings;
/** The navigation entry's label: the shell needs it before the screen's code loads. */
export const spotlightNavStrings = { 'nav-spotlight': 'Spotlight' } as const;

/** The shell sends the Spotlight saves kept on this device from any screen (issue 16). */
export { useSpotlightOfflineSync } from './offline/useSpotlightOfflineSync';
