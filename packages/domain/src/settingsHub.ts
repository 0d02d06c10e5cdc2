/**
 * The settings hub (spec 002 "Other screens", §6 "Settings cards appear only with the matching
 * permission ... The Device card is always shown. Empty categories are hidden"). The spec names the
 * cards and the category page's two tabs ('settings' and 'user-management'), not the categories: ours
 * are in docs/decisions.md "Issue 29: the settings hub".
 */
import type { Permission, PermissionMap } from './permissions.ts';

export const SETTINGS_CATEGORY_IDS = ['organisation', 'people', 'learning-and-care', 'this-device'] as const;
export type SettingsCategoryId = (typeof SETTINGS_CATEGORY_IDS)[number];

export const SETTINGS_TABS = ['settings', 'user-management'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export interface SettingsCard {
  readonly id: string;
  readonly category: SettingsCategoryId;
  readonly tab: SettingsTab;
  /** The web route the card opens (without the leading `#`). */
  readonly path: string;
  /** The permission that shows the card; null: every member of staff (the Device card). */
  readonly permission: Permission | null;
}

/** Every card of the spec's list, in the order the hub shows them. */
export const SETTINGS_CARDS = [
  {
    id: 'provider',
    category: 'organisation',
    tab: 'settings',
    path: '/settings/provider',
    permission: 'settingsProvider',
  },
  {
    id: 'sites',
    category: 'organisation',
    tab: 'settings',
    path: '/settings/sites',
    permission: 'settingsSites',
  },
  {
    id: 'payment',
    category: 'organisation',
    tab: 'settings',
    path: '/settings/payment',
    permission: 'settingsPayment',
  },
  {
    id: 'parentzone',
    category: 'organisation',
    tab: 'settings',
    path: '/settings/parentzone',
    permission: 'settingsParentzone',
  },
  {
    id: 'openapi',
    category: 'organisation',
    tab: 'settings',
    path: '/settings/openapi',
    permission: 'settingsOpenapi',
  },
  {
    id: 'staff',
    category: 'people',
    tab: 'user-management',
    path: '/settings/staff',
    permission: 'addStaff',
  },
  {
    id: 'children',
    category: 'people',
    tab: 'user-management',
    path: '/settings/children',
    permission: 'settingsChildren',
  },
  {
    id: 'contacts',
    category: 'people',
    tab: 'user-management',
    path: '/settings/contacts',
    permission: 'settingsContacts',
  },
  {
    id: 'add-contact',
    category: 'people',
    tab: 'user-management',
    path: '/settings/contacts/new',
    permission: 'addContact',
  },
  {
    id: 'permissions',
    category: 'people',
    tab: 'settings',
    path: '/settings/permissions',
    permission: 'settingsPermissions',
  },
  { id: 'gdpr', category: 'people', tab: 'settings', path: '/gdpr', permission: 'approveGDPR' },
  {
    id: 'meals',
    category: 'learning-and-care',
    tab: 'settings',
    path: '/settings/meals',
    permission: 'settingsMeals',
  },
  {
    id: 'frameworks',
    category: 'learning-and-care',
    tab: 'settings',
    path: '/settings/frameworks',
    permission: 'settingsFrameworks',
  },
  {
    id: 'documents',
    category: 'learning-and-care',
    tab: 'settings',
    path: '/settings/document',
    permission: 'settingsDocuments',
  },
  {
    id: 'activities',
    category: 'learning-and-care',
    tab: 'settings',
    path: '/settings/activities',
    permission: 'settingsActivities',
  },
  { id: 'device', category: 'this-device', tab: 'settings', path: '/settings/device', permission: null },
] as const satisfies readonly SettingsCard[];

export type SettingsCardId = (typeof SETTINGS_CARDS)[number]['id'];

export interface SettingsCategory {
  readonly id: SettingsCategoryId;
  /** The category's cards by tab; a tab without cards is absent. */
  readonly tabs: ReadonlyArray<{ readonly tab: SettingsTab; readonly cards: readonly SettingsCard[] }>;
}

/**
 * The hub a user sees: the cards their permissions show (and, on a device, whose screen it has:
 * `available`), grouped by category and tab in the table's order; empty tabs and categories hidden.
 */
export function settingsHub(
  permissions: Partial<PermissionMap>,
  available: (card: SettingsCard) => boolean = () => true,
): SettingsCategory[] {
  const shown = SETTINGS_CARDS.filter(
    (card: SettingsCard) =>
      (card.permission === null || permissions[card.permission] === true) && available(card),
  );
  return SETTINGS_CATEGORY_IDS.map((id) => ({
    id,
    tabs: SETTINGS_TABS.map((tab) => ({
      tab,
      cards: shown.filter((card) => card.category === id && card.tab === tab),
    })).filter((t) => t.cards.length > 0),
  })).filter((category) => category.tabs.length > 0);
}

export function isSettingsCategoryId(value: string): value is SettingsCategoryId {
  return (SETTINGS_CATEGORY_IDS as readonly string[]).includes(value);
}
