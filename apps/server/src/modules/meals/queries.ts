import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface MealTypeRow {
  id: number;
  name: string;
  /** approximate_time and approximate_end_time as 'HH:MM'. */
  t1: string | null;
  t2: string | null;
}
export interface MealRow {
  id: number;
  meal_type_id: number;
  name: string;
  site_ids: number[];
  portion_ids: number[];
}
export interface PortionRow {
  id: number;
  name: string;
}

/** Whether the site is the provider's. */
export async function siteExists(db: Db, providerId: number, siteId: number): Promise<boolean> {
  const r = await db.execute<{ id: number }>(sql`
    select id from sites where provider_id = ${providerId} and id = ${siteId}`);
  return r.rows.length > 0;
}

/** The enabled meal types, the enabled meals offered at the site, and the enabled portions. */
export async function mealRows(db: Db, providerId: number, siteId: number) {
  const [types, meals, portions] = await Promise.all([
    db.execute<MealTypeRow & Record<string, unknown>>(sql`
      select id, name, to_char(approximate_time, 'HH24:MI') as t1, to_char(approximate_end_time, 'HH24:MI') as t2
      from meal_types where provider_id = ${providerId} and enabled
      order by sort_order, id`),
    db.execute<MealRow & Record<string, unknown>>(sql`
      select id, meal_type_id, name, site_ids, portion_ids from meals
      where provider_id = ${providerId} and enabled
        and (cardinality(site_ids) = 0 or ${siteId}::int = any(site_ids))
      order by sort_order, id`),
    db.execute<PortionRow & Record<string, unknown>>(sql`
      select id, name from portions where provider_id = ${providerId} and enabled order by sort_order, id`),
  ]);
  return { types: types.rows, meals: meals.rows, portions: portions.rows };
}
