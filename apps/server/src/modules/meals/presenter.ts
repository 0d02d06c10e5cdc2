import type { MealsAnswer } from '@nursery/domain/children';
import type { MealRows } from './queries.ts';

/** The meal types, each with its meals, and the portions. */
export function mealsAnswer(rows: MealRows): MealsAnswer {
  return {
    mealTypes: rows.types.map((t) => ({
      mealTypeID: t.id,
      name: t.name,
      approximateTime: t.t1,
      approximateEndTime: t.t2,
      meals: rows.meals
        .filter((m) => m.mealTypeId === t.id)
        .map((m) => ({
          mealID: m.id,
          mealName: m.name,
          siteIDs: m.siteIds.map(Number),
          portionIDs: m.portionIds.map(Number),
        })),
    })),
    portions: rows.portions.map((p) => ({ portionID: p.id, name: p.name })),
  };
}
