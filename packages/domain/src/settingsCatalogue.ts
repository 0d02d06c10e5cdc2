/**
 * The settings hub's catalogue pages (issue 29): the read-only cards (provider, payment, parentzone,
 * documents, activities, openapi) and the Frameworks page's per-site switch. Pure rules: which
 * permission opens a read-only card, which provider flags each card shows, and the list a site switch
 * leaves behind.
 */
import type { Permission } from './permissions.ts';
import { SETTINGS_CARDS } from './settingsHub.ts';

/** The cards that show today's configuration and change nothing. */
export const OVERVIEW_CARDS = [
  'provider',
  'payment',
  'parentzone',
  'documents',
  'activities',
  'openapi',
] as const;
export type OverviewCard = (typeof OVERVIEW_CARDS)[number];

/** The permission a read-only card needs: the hub's own (one table, so the card and the call agree). */
export function overviewPermission(card: OverviewCard): Permission {
  const entry = SETTINGS_CARDS.find((c) => c.id === card);
  if (!entry?.permission) throw new Error(`settings card without a permission: ${card}`);
  return entry.permission;
}

const PROVIDER_FLAGS = [
  'enableSpotlight',
  'enableEvents',
  'enableBirthToFive',
  'enableSnapshots',
  'enableLearningStories',
  'enableRestrictStaffRegisterAmendments',
  'canEditReminders',
] as const;
const PARENTZONE_FLAGS = ['parentsCanAddNotes', 'anyContactGroupCanAddNotes'] as const;
export type OverviewFlag = (typeof PROVIDER_FLAGS)[number] | (typeof PARENTZONE_FLAGS)[number];

/** Every line a read-only card may show (the page has words for each). */
export const OVERVIEW_FACT_KEYS = [
  'name',
  'sites',
  ...PROVIDER_FLAGS,
  ...PARENTZONE_FLAGS,
  'apiDescription',
  'apiVersion',
] as const;
export type OverviewFactKey = (typeof OVERVIEW_FACT_KEYS)[number];

/** The provider flags each card shows, in order (the ones a manager decides about; limits are not). */
export const OVERVIEW_FLAGS: Readonly<Record<OverviewCard, readonly OverviewFlag[]>> = {
  provider: PROVIDER_FLAGS,
  parentzone: PARENTZONE_FLAGS,
  payment: [],
  documents: [],
  activities: [],
  openapi: [],
};

/** A flag is on only when it is stored as true: an absent or odd value is off (what the app does with it). */
export function flagFacts<K extends string>(
  flags: Readonly<Record<string, unknown>>,
  names: readonly K[],
): { key: K; value: boolean }[] {
  return names.map((key) => ({ key, value: flags[key] === true }));
}

/** A framework's switched-off sites after switching it on or off at one site (sorted, no duplicates). */
export function disabledSitesAfter(disabled: readonly number[], siteId: number, enabled: boolean): number[] {
  const rest = disabled.filter((id) => id !== siteId);
  return [...new Set(enabled ? rest : [...rest, siteId])].sort((a, b) => a - b);
}

/** A meal type's name: required, at most 50 characters (the spec's limit for names, §9). */
export const MEAL_TYPE_NAME_MAX = 50;
/** Sort orders are small whole numbers (the column is a smallint; the pickers order by it). */
export const MEAL_SORT_ORDER_MAX = 999;

/** Two meal type names are the same when they differ only in case and spacing. */
export const mealTypeNameKey = (name: string): string =>
  name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');
