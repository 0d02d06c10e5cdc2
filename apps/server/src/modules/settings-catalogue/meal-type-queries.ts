// The Meals page's SQL (issue 29): the provider's meal types by (sort_order, id), keyset-paged on
// meal_types_order_idx; every query is filtered by provider_id first.
import { and, asc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mealTypes } from '../../db/schema/index.ts';

export interface MealTypePosition {
  sortOrder: number;
  id: number;
}

const columns = {
  id: mealTypes.id,
  name: mealTypes.name,
  enabled: mealTypes.enabled,
  sortOrder: mealTypes.sortOrder,
  archived: mealTypes.archived,
  // Qualified by hand: Drizzle prints the outer columns unqualified, which inside the subquery would be
  // the meals' own provider_id and id.
  mealCount: sql<number>`(select count(*)::int from meals m
    where m.provider_id = "meal_types"."provider_id" and m.meal_type_id = "meal_types"."id")`,
};

export type MealTypeRow = Awaited<ReturnType<typeof findMealTypeRow>> & {};

/** A LIKE pattern matching the text literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function mealTypePage(
  db: Db,
  providerId: number,
  opts: { search: string; withArchived: boolean; after: MealTypePosition | null; limit: number },
) {
  const where: (SQL | undefined)[] = [eq(mealTypes.providerId, providerId)];
  if (!opts.withArchived) where.push(eq(mealTypes.archived, false));
  if (opts.search) where.push(ilike(mealTypes.name, containing(opts.search)));
  if (opts.after)
    where.push(
      or(
        gt(mealTypes.sortOrder, opts.after.sortOrder),
        and(eq(mealTypes.sortOrder, opts.after.sortOrder), gt(mealTypes.id, opts.after.id)),
      ),
    );
  return db
    .select(columns)
    .from(mealTypes)
    .where(and(...where))
    .orderBy(asc(mealTypes.sortOrder), asc(mealTypes.id))
    .limit(opts.limit + 1);
}

export async function findMealTypeRow(db: Db, providerId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(mealTypes)
    .where(and(eq(mealTypes.providerId, providerId), eq(mealTypes.id, id)));
  return row ?? null;
}

export function mealTypeNames(db: Db, providerId: number) {
  return db
    .select({ id: mealTypes.id, name: mealTypes.name })
    .from(mealTypes)
    .where(eq(mealTypes.providerId, providerId));
}
