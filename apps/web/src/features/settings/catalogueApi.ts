// The catalogue pages' calls (issue 29): GET api/v1/settings/overview/:card (the read-only cards),
// GET api/v1/settings/frameworks and PUT api/v1/settings/frameworks/:frameworkID/sites/:siteID.
import { routes } from '@nursery/domain/common';
import type { FavouriteFrameworks, putFavouriteFrameworks } from '@nursery/domain/frameworks';
import type {
  createMealType,
  getSettingsOverview,
  listMealTypes,
  listSiteFrameworks,
  MealTypeChange,
  MealTypeInput,
  OverviewCard,
  switchSiteFramework,
  updateMealType,
} from '@nursery/domain/settings';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export const catalogueApi = {
  overview: (card: OverviewCard, signal?: AbortSignal) =>
    callRoute<typeof getSettingsOverview>(routes.getSettingsOverview, { params: { card }, signal }),
  frameworks: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof listSiteFrameworks>(routes.listSiteFrameworks, { query: { siteID }, signal }),
  switchFramework: (frameworkID: string, siteID: number, enabled: boolean) =>
    callRoute<typeof switchSiteFramework>(routes.switchSiteFramework, {
      params: { frameworkID, siteID },
      body: { enabled },
    }),
  mealTypes: (
    query: { search?: string; archived?: 'true' | 'false'; after?: string },
    signal?: AbortSignal,
  ) => callRoute<typeof listMealTypes>(routes.listMealTypes, { query, signal }),
  createMealType: (body: MealTypeInput) => callRoute<typeof createMealType>(routes.createMealType, { body }),
  updateMealType: (mealTypeID: number, body: MealTypeChange) =>
    callRoute<typeof updateMealType>(routes.updateMealType, { params: { mealTypeID }, body }),
  /** The user's favourites: the list Spotlight's gradings picker reads (its query is spotlight's). */
  putFavourites: (body: FavouriteFrameworks) =>
    callRoute<typeof putFavouriteFrameworks>(routes.putFavouriteFrameworks, { body }),
};

/** Not kept on the device: administrators' pages, read online. */
export const overviewQuery = (card: OverviewCard) =>
  queryOptions({
    queryKey: ['settings-overview', card] as const,
    queryFn: ({ signal }) => catalogueApi.overview(card, signal),
  });

export const siteFrameworksQuery = (siteID: number) =>
  queryOptions({
    queryKey: ['settings-frameworks', siteID] as const,
    queryFn: ({ signal }) => catalogueApi.frameworks(siteID, signal),
  });
