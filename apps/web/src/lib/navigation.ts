import type { AppConfig } from '@nursery/domain/account';
import type { Permission } from '@nursery/domain/common';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';

/**
 * One entry of the main navigation, as a feature declares it in its index.ts; app/navigation.ts lists
 * them in order. Only areas that exist are listed.
 */
export interface NavigationEntry {
  to: string;
  labelKey: ParseKeys;
  icon: ComponentType<{ size?: number }>;
  qa: string;
  /** Shown only with this permission; omitted = every staff user. */
  permission?: Permission;
  /** Shown only with at least one of these permissions (an area several permissions open). */
  anyPermission?: readonly Permission[];
  /** Shown only when this says so of the config (e.g. an area enabled for the account). */
  visible?: (config: AppConfig) => boolean;
  /** Active only on an exact match (the Home route "/" would otherwise match everything). */
  end?: boolean;
  /** Shown at the entry's end (a count the feature keeps, e.g. unread notifications). */
  badge?: ComponentType;
}
