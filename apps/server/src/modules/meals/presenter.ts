import type { MealsAnswer } from '@nursery/domain';
import type { MealRow, MealTypeRow, PortionRow } from './queries.ts';

/** The meal types, each with its meals, and the portions. */
export function mealsAnswer(rows: {
  types: MealTypeRow[];
  meals: MealRow[];
  portions: PortionRow[];
}): MealsAnswer {
  return {
    mealTypes: rows.types.map((t) => ({
      mealTypeID: t.id,
      name: t.name,
      approximateTime: t.t1,
      approximateEndTime: t.t2,
      meals: rows.meals
        .filter((m) => m.meal_type_id === t.id)
        .map((m) => ({
          mealID: m.id,
          mealName: m.name,
          siteIDs: (m.site_ids ?? []).map(Number),
          portionIDs: (m.portion_ids ?? []).map(Number),
        })),
    })),
    portions: rows.portions.map((p) => ({ portionID: p.id, name: p.name })),
  };
}
