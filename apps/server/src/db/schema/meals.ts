// Meal configuration (spec 000 §3 "Meal type", "Portion").
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { providers } from './core.ts';
import { tenantFkCascade } from './helpers.ts';

export const mealTypes = pgTable(
  'meal_types',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Local wall-clock window at the site; outside it the add screen shows a warning. */
    approximateTime: time('approximate_time'),
    approximateEndTime: time('approximate_end_time'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
    /** Archived (issue 29): gone from the settings list by default and from the floor; restorable. */
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('meal_types_name_key').on(t.providerId, t.name),
    // The settings list's order and keyset (issue 29).
    index('meal_types_order_idx').on(t.providerId, t.sortOrder, t.id),
    check(
      'meal_types_window',
      sql`${t.approximateEndTime} is null or ${t.approximateTime} is null or ${t.approximateEndTime} >= ${t.approximateTime}`,
    ),
  ],
);

export const portions = pgTable(
  'portions',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('portions_name_key').on(t.providerId, t.name),
  ],
);

/** A meal offered at a meal type. site_ids empty = every site; portion_ids = the portions offered. */
export const meals = pgTable(
  'meals',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    mealTypeId: integer('meal_type_id').notNull(),
    name: text('name').notNull(),
    siteIds: integer('site_ids').array().notNull().default(sql`'{}'::integer[]`),
    portionIds: integer('portion_ids').array().notNull().default(sql`'{}'::integer[]`),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('meals_meal_type_fk', t.providerId, t.mealTypeId, mealTypes),
    index('meals_meal_type_idx').on(t.providerId, t.mealTypeId),
  ],
);
