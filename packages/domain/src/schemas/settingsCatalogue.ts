/**
 * The settings hub's catalogue pages (issue 29): the read-only cards (today's configuration, nothing
 * editable; each call needs its card's permission) and the Frameworks page (switch a framework on or
 * off at one of the user's sites; settingsFrameworks). The user's favourites are the existing
 * GET/PUT api/v1/favourite-frameworks (schemas/frameworks.ts).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import {
  MEAL_SORT_ORDER_MAX,
  MEAL_TYPE_NAME_MAX,
  OVERVIEW_CARDS,
  OVERVIEW_FACT_KEYS,
} from '../settingsCatalogue.ts';
import { Id, IdParam, SafeText } from './primitives.ts';

export const OverviewParams = z.object({ card: z.enum(OVERVIEW_CARDS) });

/** One line of a card: a fact's key (the page's words for it) and its value. */
export const OverviewFact = z.object({
  key: z.enum(OVERVIEW_FACT_KEYS),
  value: z.union([z.string(), z.number(), z.boolean()]),
});
export type OverviewFact = z.infer<typeof OverviewFact>;

export const SettingsOverview = z.object({
  card: z.enum(OVERVIEW_CARDS),
  /** False: nothing is set up for this card today (the page says "Not set up"). */
  configured: z.boolean(),
  facts: z.array(OverviewFact),
});
export type SettingsOverview = z.infer<typeof SettingsOverview>;

export const getSettingsOverview = defineRoute({
  ...routes.getSettingsOverview,
  summary: "A read-only settings card's current configuration (the card's permission, 403 without it)",
  tags: ['settings'],
  params: OverviewParams,
  response: { 200: SettingsOverview },
});

/** A framework id: the path-string root id ('-29'). */
export const FrameworkIdParam = z.string().regex(/^-?[0-9]{1,9}$/, 'a framework id');

export const SiteFrameworksQuery = z.object({
  /** Default: the session's site (400 when none is chosen); another site than the user's is 404. */
  siteID: IdParam.optional(),
});

export const SiteFramework = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  /** Switched on at this site: pickers at the site offer it; gradings already made show whatever the switch. */
  enabledAtSite: z.boolean(),
  /** Switched off for the whole provider (not changed here): no site offers it. */
  enabledForProvider: z.boolean(),
});
export type SiteFramework = z.infer<typeof SiteFramework>;

export const SiteFrameworkList = z.object({
  siteID: Id,
  frameworks: z.array(SiteFramework),
  permittedActions: z.object({ switch: z.boolean() }),
});
export type SiteFrameworkList = z.infer<typeof SiteFrameworkList>;

export const listSiteFrameworks = defineRoute({
  ...routes.listSiteFrameworks,
  summary: "The provider's frameworks and whether each is on at a site (settingsFrameworks)",
  tags: ['settings'],
  querystring: SiteFrameworksQuery,
  response: { 200: SiteFrameworkList },
});

export const SiteFrameworkParams = z.object({ frameworkID: FrameworkIdParam, siteID: IdParam });
export const SiteFrameworkSwitch = z.object({ enabled: z.boolean() });

export const switchSiteFramework = defineRoute({
  ...routes.switchSiteFramework,
  summary: 'Switch a framework on or off at one of the user’s sites (settingsFrameworks); audited',
  tags: ['settings'],
  params: SiteFrameworkParams,
  body: SiteFrameworkSwitch,
  response: { 200: SiteFramework },
});

/** The Meals page (issue 29): the provider's meal types; settingsMeals. */
export const MealTypeName = SafeText.transform((s) => s.trim()).pipe(
  z.string().min(1, 'this-field-is-required').max(MEAL_TYPE_NAME_MAX, 'this-field-has-max-length-of'),
);

export const MealTypeInput = z.object({
  name: MealTypeName,
  /** Off: gone from the floor's meal pickers; past records keep their meal. */
  enabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(MEAL_SORT_ORDER_MAX),
});
export type MealTypeInput = z.input<typeof MealTypeInput>;

export const MealTypeChange = MealTypeInput.extend({
  /** Archived: hidden from the floor and from the list unless archived ones are asked for; restorable. */
  archived: z.boolean(),
});
export type MealTypeChange = z.input<typeof MealTypeChange>;

export const MealTypeParams = z.object({ mealTypeID: IdParam });

export const MealTypesQuery = z.object({
  search: z.string().max(MEAL_TYPE_NAME_MAX).optional(),
  /** 'true': the archived ones too. */
  archived: z.enum(['true', 'false']).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const MealTypeSummary = z.object({
  id: Id,
  name: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  archived: z.boolean(),
  /** Meals offered under the type. */
  mealCount: z.number().int().min(0),
  permittedActions: z.object({ edit: z.boolean(), archive: z.boolean(), restore: z.boolean() }),
});
export type MealTypeSummary = z.infer<typeof MealTypeSummary>;

export const MealTypeList = z.object({
  mealTypes: z.array(MealTypeSummary),
  /** The next page's cursor (the `after` of the next call), null on the last page. */
  next: z.string().nullable(),
  permittedActions: z.object({ add: z.boolean() }),
});
export type MealTypeList = z.infer<typeof MealTypeList>;

export const listMealTypes = defineRoute({
  ...routes.listMealTypes,
  summary: "The provider's meal types by sort order, paged by cursor (settingsMeals)",
  tags: ['settings'],
  querystring: MealTypesQuery,
  response: { 200: MealTypeList },
});

export const createMealType = defineRoute({
  ...routes.createMealType,
  summary: 'Add a meal type (settingsMeals); 409 err-meal-type-name-taken',
  tags: ['settings'],
  body: MealTypeInput,
  response: { 201: MealTypeSummary },
});

export const updateMealType = defineRoute({
  ...routes.updateMealType,
  summary: 'Rename, enable or disable, reorder, archive or restore a meal type (settingsMeals)',
  tags: ['settings'],
  params: MealTypeParams,
  body: MealTypeChange,
  response: { 200: MealTypeSummary },
});
