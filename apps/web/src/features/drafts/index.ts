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

export { flattenPages, listStatus, mediaTiles } from './drafts';

// The events timeline (features/timeline, issue 31) lists events as this list does: its filter row
// (generic in the filter, with the timeline's room and "every status"), its paging and its card pieces.
export { CardAuthor, MediaStrip } from './EventCard';
export { DraftsFilters } from './filters/DraftsFilters';
export {
  type DraftsFilter,
  defaultDraftsFilter,
  MAX_FILTER_CHILDREN,
  withSite,
} from './filters/draftsFilter';
// The offline preparation (features/sync) fetches the list the user opens with, with the same key.
export { draftsKeys, draftsListQuery, storedDraftsSearchQuery, useInfiniteScroll } from './useDraftEvents';
