/** GET api/v1/meals (spec 000 §7): the meal types, meals and portions a meal event picks from. */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { IdParam } from './primitives.ts';

/** The site whose meals to list; the user's current site when none is given. */
export const MealsQuery = z.object({ siteID: IdParam.optional() });

export const MealsAnswer = z.object({
  mealTypes: z.array(
    z.object({
      mealTypeID: z.int(),
      name: z.string(),
      /** 'HH:MM' (site-local), or null. */
      approximateTime: z.string().nullable(),
      approximateEndTime: z.string().nullable(),
      meals: z.array(
        z.object({
          mealID: z.int(),
          mealName: z.string(),
          /** The sites that serve the meal; empty = every site. */
          siteIDs: z.array(z.int()),
          portionIDs: z.array(z.int()),
        }),
      ),
    }),
  ),
  portions: z.array(z.object({ portionID: z.int(), name: z.string() })),
});
export type MealsAnswer = z.infer<typeof MealsAnswer>;

export const getMeals = defineRoute({
  ...routes.getMeals,
  summary: 'Meal types, meals and portions at a site',
  tags: ['meals'],
  querystring: MealsQuery,
  response: { 200: MealsAnswer },
});
