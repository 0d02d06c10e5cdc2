// Which of the hub's cards this build has a screen for: a card is shown only when its screen exists, so
// no card leads to "Page not found" (docs/decisions.md "Issue 29: the settings hub").
import type { PermissionMap } from '@nursery/domain/common';
import { type SettingsCard, type SettingsCategory, settingsHub } from '@nursery/domain/settings';

const SCREENS: ReadonlySet<string> = new Set([
  'device',
  'permissions',
  'gdpr',
  'sites',
  'contacts',
  'add-contact',
  'children',
  'provider',
  'payment',
  'parentzone',
  'documents',
  'activities',
  'openapi',
  'frameworks',
  'meals',
  'staff',
]);

export const hasScreen = (card: SettingsCard) => SCREENS.has(card.id);

/** The hub for the session's permissions, with the cards this build can open. */
export const visibleHub = (permissions: Partial<PermissionMap>): SettingsCategory[] =>
  settingsHub(permissions, hasScreen);
