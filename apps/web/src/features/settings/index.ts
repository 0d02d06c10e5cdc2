// Settings (issue 29): the hub (#/settings), a category (#/settings/categories/{id}), the Permissions page
// and "This device" (its strings are the offline shell's, lib/offline/strings.ts). Only this file is
// imported by the shell: each screen is a lazy route and its strings load with it.
import type { RouteObject } from 'react-router';

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: () => import('./SettingsHubPage') },
  { path: 'settings/categories/:id', lazy: () => import('./SettingsCategoryPage') },
  { path: 'settings/permissions', lazy: () => import('./PermissionsPage') },
  { path: 'settings/contacts', lazy: () => import('./contacts/ContactsPage') },
  { path: 'settings/contacts/:contactID', lazy: () => import('./contacts/ContactPage') },
  { path: 'settings/device', lazy: () => import('./DevicePage') },
  { path: 'settings/sites', lazy: () => import('./SitesPage') },
  { path: 'settings/sites/:siteID', lazy: () => import('./SitePage') },
  { path: 'gdpr', lazy: () => import('./GdprPage') },
  { path: 'settings/children', lazy: () => import('./ChildrenSettingsPage') },
  { path: 'settings/children/:childID', lazy: () => import('./ChildRecordPage') },
  { path: 'bookings', lazy: () => import('./BookingsPage') },
  // The read-only cards share one page (it reads its card from the path).
  ...['provider', 'payment', 'parentzone', 'document', 'activities', 'openapi'].map((card) => ({
    path: `settings/${card}`,
    lazy: () => import('./SettingsOverviewPage'),
  })),
  { path: 'settings/frameworks', lazy: () => import('./FrameworksPage') },
  { path: 'settings/meals', lazy: () => import('./MealsPage') },
  { path: 'settings/staff', lazy: () => import('./StaffListPage') },
  { path: 'settings/staff/:staffID', lazy: () => import('./StaffMemberPage') },
  { path: 'settings/import/:kind', lazy: () => import('./import/ImportPage') },
];

// The screens' own strings load with them; the types let app/i18n.ts type their keys.
export type SettingsStrings = typeof import('./strings').settingsStrings &
  typeof import('./permissionsStrings').permissionsStrings &
  typeof import('./gdprStrings').gdprStrings &
  typeof import('./sitesStrings').sitesStrings &
  typeof import('./contacts/contactsStrings').contactsStrings &
  typeof import('./childrenStrings').childrenStrings &
  typeof import('./catalogueStrings').catalogueStrings &
  typeof import('./staffAdminStrings').staffAdminStrings &
  typeof import('./import/importStrings').importStrings &
  typeof import('./backgroundJobsStrings').backgroundJobsStrings;
/** The user menu's entry: the shell needs it before the screens' code loads. */
export const settingsMenuStrings = { 'settings-menu': 'Settings' } as const;
