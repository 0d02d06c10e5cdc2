// Settings (issue 29): the hub (#/settings), a category (#/settings/categories/{id}), the Permissions page
// and "This device" (its strings are the offline shell's, lib/offline/strings.ts). Only this file is
// imported by the shell: each screen is a lazy route and its strings load with it.
import type { RouteObject } from 'react-router';

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: () => import('./SettingsHubPage') },
  { path: 'settings/categories/:id', lazy: () => import('./SettingsCategoryPage') },
  { path: 'settings/permissions', lazy: () => import('./PermissionsPage') },
  { path: 'settings/device', lazy: () => import('./DevicePage') },
  { path: 'gdpr', lazy: () => import('./GdprPage') },
  { path: 'settings/staff', lazy: () => import('./StaffListPage') },
  { path: 'settings/staff/:staffID', lazy: () => import('./StaffMemberPage') },
];

// The screens' own strings load with them; the types let app/i18n.ts type their keys.
export type SettingsStrings = typeof import('./strings').settingsStrings &
  typeof import('./permissionsStrings').permissionsStrings &
  typeof import('./gdprStrings').gdprStrings &
  typeof import('./staffAdminStrings').staffAdminStrings;
/** The user menu's entry: the shell needs it before the screens' code loads. */
export const settingsMenuStrings = { 'settings-menu': 'Settings' } as const;
