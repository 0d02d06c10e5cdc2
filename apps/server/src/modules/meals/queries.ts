import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { meals, mealTypes, portions } from '../../db/schema/index.ts';

/** Whether the site is the provider's. */
export async function siteExists(db: Db, providerId: number, siteId: number): Promise<boolean> {
  const r = await db.execute<{ id: number }>(sql`
    select id from sites where provider_id = ${providerId} and id = ${siteId}`);
  return r.rows.length > 0;
}

/** The enabled meal types (not archived), the enabled meals offered at the site, and the enabled portions. */
export async function mealRows(db: Db, providerId: number, siteId: number) {
  const [types, mealList, portionList] = await Promise.all([
    db
      .select({
        id: mealTypes.id,
        name: mealTypes.name,
        // approximate_time and approximate_end_time as 'HH:MM'.
        t1: sql<string | null>`to_char(${mealTypes.approximateTime}, 'HH24:MI')`,
        t2: sql<string | null>`to_char(${mealTypes.approximateEndTime}, 'HH24:MI')`,
      })
      .from(mealTypes)
      .where(
        and(eq(mealTypes.providerId, providerId), eq(mealTypes.enabled, true), eq(mealTypes.archived, false)),
      )
      .orderBy(asc(mealTypes.sortOrder), asc(mealTypes.id)),
    db
      .select({
        id: meals.id,
        mealTypeId: meals.mealTypeId,
        name: meals.name,
        siteIds: meals.siteIds,
        portionIds: meals.portionIds,
      })
      .from(meals)
      .where(
        and(
          eq(meals.providerId, providerId),
          eq(meals.enabled, true),
          sql`(cardinality(${meals.siteIds}) = 0 or ${siteId}::int = any(${meals.siteIds}))`,
        ),
      )
      .orderBy(asc(meals.sortOrder), asc(meals.id)),
    db
      .select({ id: portions.id, name: portions.name })
      .from(portions)
      .where(and(eq(portions.providerId, providerId), eq(portions.enabled, true)))
      .orderBy(asc(portions.sortOrder), asc(portions.id)),
  ]);
  return { types, meals: mealList, portions: portionList };
}

/** The rows of mealRows, as Drizzle infers them from the select. */
export type MealRows = Awaited<ReturnType<typeof mealRows>>;
