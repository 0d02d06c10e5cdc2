import type { Permission } from '@nursery/domain';
import type { ComponentType } from 'react';
import { DraftsIcon, HomeIcon, PlusIcon } from '../components/icons';
import { SyncIcon } from '../features/sync/SyncIcon';
import type { syncStrings } from '../features/sync/strings';
import type { UiStringKey } from '../lib/locales/en-GB';

/**
 * The areas in the main navigation. Only areas that exist are listed; each new area adds its entry here
 * (with the permission that unlocks it) next to its lazy route in router.tsx.
 */
export interface NavigationItem {
  to: string;
  labelKey: UiStringKey | keyof typeof syncStrings;
  icon: ComponentType<{ size?: number }>;
  qa: string;
  /** Shown only with this permission; omitted = every staff user. */
  permission?: Permission;
  /** Active only on an exact match (the Home route "/" would otherwise match everything). */
  end?: boolean;
}

export const NAVIGATION: readonly NavigationItem[] = [
  { to: '/', labelKey: 'nav-home', icon: HomeIcon, qa: 'nav-home', end: true },
  { to: '/add', labelKey: 'nav-add', icon: PlusIcon, qa: 'nav-add' },
  { to: '/draft', labelKey: 'nav-drafts', icon: DraftsIcon, qa: 'nav-drafts' },
  { to: '/sync', labelKey: 'nav-sync', icon: SyncIcon, qa: 'nav-sync' },
];
