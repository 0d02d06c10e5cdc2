// The Meals page's commands (issue 29): list (search, archived filter, cursor), add, and change a meal
// type (name, enabled, sort order, archived). A disabled or archived type leaves the floor's meal pickers
// (modules/meals reads enabled, unarchived types). Each write is one transaction with its audit row.
import {
  type MealTypeChange,
  type MealTypeInput,
  type MealTypeList,
  type MealTypeSummary,
  mealTypeNameKey,
} from '@nursery/domain/settings';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mealTypes } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { cursorCodec, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  findMealTypeRow,
  type MealTypePosition,
  type MealTypeRow,
  mealTypeNames,
  mealTypePage,
} from './meal-type-queries.ts';

const PAGE_SIZE = 25;

const cursor = cursorCodec(
  z.tuple([
    z.number().int().min(0).max(32767),
    z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
  ]),
  (p: MealTypePosition) => [p.sortOrder, p.id],
  ([sortOrder, id]) => ({ sortOrder, id }),
);

const present = (row: MealTypeRow): MealTypeSummary => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  sortOrder: row.sortOrder,
  archived: row.archived,
  mealCount: Number(row.mealCount),
  permittedActions: { edit: !row.archived, archive: !row.archived, restore: row.archived },
});

const mealTypeNotFound = () => notFound('Meal type not found.');

async function assertNameFree(db: Db, providerId: number, name: string, exceptId?: number) {
  const key = mealTypeNameKey(name);
  if ((await mealTypeNames(db, providerId)).some((r) => r.id !== exceptId && mealTypeNameKey(r.name) === key))
    throw new AppError(
      409,
      'err-meal-type-name-taken',
      'A meal type with this name already exists.',
      {},
      {
        field: 'name',
      },
    );
}

export async function listMealTypes(
  db: Db,
  auth: AuthContext,
  query: { search?: string; archived?: 'true' | 'false'; after?: string; limit?: number },
): Promise<MealTypeList> {
  const limit = query.limit ?? PAGE_SIZE;
  const rows = await mealTypePage(db, auth.providerId, {
    search: query.search?.trim() ?? '',
    withArchived: query.archived === 'true',
    after: query.after ? cursor.decode(query.after) : null,
    limit,
  });
  const { page, next } = keysetPage(rows, limit, cursor.encode);
  return {
    mealTypes: page.map(present),
    next,
    permittedActions: { add: auth.permissions.settingsMeals },
  };
}

export async function createMealType(
  deps: AppDeps,
  auth: AuthContext,
  input: { name: string; enabled: boolean; sortOrder: number } & MealTypeInput,
): Promise<MealTypeSummary> {
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, auth.providerId, input.name);
    const [row] = await tx
      .insert(mealTypes)
      .values({
        providerId: auth.providerId,
        name: input.name,
        enabled: input.enabled,
        sortOrder: input.sortOrder,
      })
      .returning({ id: mealTypes.id });
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'meal-type-created',
      entity: 'meal-type',
      entityId: row!.id,
      details: { name: input.name, enabled: input.enabled, sortOrder: input.sortOrder },
      at: deps.clock.now(),
    });
    return present((await findMealTypeRow(tx, auth.providerId, row!.id))!);
  });
}

export async function updateMealType(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  input: { name: string; enabled: boolean; sortOrder: number; archived: boolean } & MealTypeChange,
): Promise<MealTypeSummary> {
  return deps.db.transaction(async (tx) => {
    const before = await findMealTypeRow(tx, auth.providerId, id);
    if (!before) throw mealTypeNotFound();
    await assertNameFree(tx, auth.providerId, input.name, id);
    await tx
      .update(mealTypes)
      .set({ name: input.name, enabled: input.enabled, sortOrder: input.sortOrder, archived: input.archived })
      .where(and(eq(mealTypes.providerId, auth.providerId), eq(mealTypes.id, id)));
    const changed = Object.fromEntries(
      (['name', 'enabled', 'sortOrder', 'archived'] as const)
        .filter((k) => before[k] !== input[k])
        .map((k) => [k, { old: before[k], new: input[k] }]),
    );
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'meal-type-changed',
      entity: 'meal-type',
      entityId: id,
      details: changed,
      at: deps.clock.now(),
    });
    return present((await findMealTypeRow(tx, auth.providerId, id))!);
  });
}
