// Drafts (spec 000 §2 "Drafts list"): the list of events not yet published, filters and bulk actions.
import type { RouteObject } from 'react-router';
import { DraftsIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';
import { draftsFilterStrings } from './filters/strings';
import { draftsStrings as listStrings } from './strings';

export const draftsRoutes: RouteObject[] = [{ path: 'draft/:eventID?', lazy: () => import('./DraftsPage') }];

export const draftsNavigation: NavigationEntry = {
  to: '/draft',
  labelKey: 'nav-drafts',
  icon: DraftsIcon,
  qa: 'nav-drafts',
};

export const draftsStrings = { ...listStrings, ...draftsFilterStrings } as const;

// The offline preparation (features/sync) fetches the list the user opens with, with the same key.
export { draftsKeys, draftsListQuery, storedDraftsSearchQuery } from './useDraftEvents';
