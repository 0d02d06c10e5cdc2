// Sync (spec 000 §2 "Sync screen"): the outbox on screen, and the loop that uploads it (useAppSync).
import type { RouteObject } from 'react-router';
import { SyncIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

export const syncRoutes: RouteObject[] = [{ path: 'sync', lazy: () => import('./SyncPage') }];

export const syncNavigation: NavigationEntry = {
  to: '/sync',
  labelKey: 'nav-sync',
  icon: SyncIcon,
  qa: 'nav-sync',
};

export { syncApi } from './api';
export { OfflineFirstSecond, OfflineReadiness } from './OfflineReadiness';
export { syncStrings } from './strings';
export { useAppSync } from './useAppSync';
