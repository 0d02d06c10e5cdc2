// Learning frameworks (spec 001 §3): frameworks, levels, age ranges, the item tree, grading
// schemes per event type, learning styles, favourites and development checkpoints.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { providers, userAccounts } from './core.ts';
import { eventTypes } from './eventConfig.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

export const LEVEL_NAMES = [
  'Area',
  'Aspect',
  'Strand',
  'Sub-aspect',
  'Outcome Group',
  'Outcome',
  'Statement',
  'Age range',
  'Type',
] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];
const levelList = sql.raw(LEVEL_NAMES.map((x) => `'${x}'`).join(','));

/** A framework; id is the path-string root id ('-29'), its root item is '/-29/'. */
export const frameworks = pgTable(
  'frameworks',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    template: text('template').$type<'mini' | 'generic'>().notNull().default('generic'),
    /** Level name of the gradable statements (e.g. 'Statement'). */
    statementLevel: text('statement_level').$type<LevelName>(),
    enabled: boolean('enabled').notNull().default(true),
    /** An item is usable if enabled and the site is not in this list (spec 002 §9). */
    disabledSiteIds: integer('disabled_site_ids').array().notNull().default(sql`'{}'::integer[]`),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    check('frameworks_id_format', sql`${t.id} ~ '^-?[0-9]+$'`),
    check('frameworks_template', sql`${t.template} in ('mini','generic')`),
    check('frameworks_statement_level', sql`${t.statementLevel} in (${levelList})`),
  ],
);

export const frameworkLevels = pgTable(
  'framework_levels',
  {
    providerId: integer('provider_id').notNull(),
    frameworkId: text('framework_id').notNull(),
    depth: smallint('depth').notNull(),
    name: text('name').$type<LevelName>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.frameworkId, t.depth] }),
    foreignKey({
      name: 'framework_levels_framework_fk',
      columns: [t.providerId, t.frameworkId],
      foreignColumns: [frameworks.providerId, frameworks.id],
    }).onDelete('cascade'),
    check('framework_levels_name', sql`${t.name} in (${levelList})`),
    check('framework_levels_depth', sql`${t.depth} between 1 and 20`),
  ],
);

/**
 * Age ranges. Special ids: -2500..-2506 (Birth to 5 Matters: Range1, Range1And2, Range2..Range6),
 * -2300..-2302 (Development Matters: Birth to 3, 3 to 4, Reception age). Ids are given explicitly
 * for those; other ranges take generated (positive) ids.
 */
export const ageRanges = pgTable(
  'age_ranges',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    frameworkId: text('framework_id'),
    name: text('name').notNull(),
    /** Wheel label (B-3, 1..6); the wheel hides ranges with no short label. */
    shortLabel: text('short_label'),
    enabled: boolean('enabled').notNull().default(true),
    backgroundColour: text('background_colour'),
    foregroundColour: text('foreground_colour'),
    /** Typical ages in months (inclusive lower bound, exclusive upper bound), when known. */
    minMonths: smallint('min_months'),
    maxMonths: smallint('max_months'),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    foreignKey({
      name: 'age_ranges_framework_fk',
      columns: [t.providerId, t.frameworkId],
      foreignColumns: [frameworks.providerId, frameworks.id],
    }).onDelete('cascade'),
    index('age_ranges_framework_idx').on(t.providerId, t.frameworkId),
    check(
      'age_ranges_colours',
      sql`${t.backgroundColour} ~ '^[0-9A-Fa-f]{6}$' and ${t.foregroundColour} ~ '^[0-9A-Fa-f]{6}$'`,
    ),
    check(
      'age_ranges_months',
      sql`${t.maxMonths} is null or ${t.minMonths} is null or ${t.maxMonths} > ${t.minMonths}`,
    ),
  ],
);

/**
 * The item tree. id is the path ('/-29/', '/-29/1/', '/-29/1/3/'), unique per provider, so a
 * subtree is `id like '/-29/1/%'`. unique_id is the integer id the spec calls uniqueID.
 */
export const frameworkItems = pgTable(
  'framework_items',
  {
    providerId: integer('provider_id').notNull(),
    id: text('id').notNull(),
    uniqueId: integer('unique_id').notNull().generatedByDefaultAsIdentity(),
    frameworkId: text('framework_id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    /** Null for the root item. */
    levelName: text('level_name').$type<LevelName>(),
    depth: smallint('depth').notNull(),
    ageRangeId: integer('age_range_id'),
    helpText: text('help_text'),
    enabled: boolean('enabled').notNull().default(true),
    tag: text('tag'),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('framework_items_unique_id_key').on(t.providerId, t.uniqueId),
    foreignKey({
      name: 'framework_items_framework_fk',
      columns: [t.providerId, t.frameworkId],
      foreignColumns: [frameworks.providerId, frameworks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'framework_items_parent_fk',
      columns: [t.providerId, t.parentId],
      foreignColumns: [t.providerId, t.id],
    }).onDelete('cascade'),
    tenantFk('framework_items_age_range_fk', t.providerId, t.ageRangeId, ageRanges),
    index('framework_items_children_idx').on(t.providerId, t.frameworkId, t.parentId, t.sortOrder),
    check('framework_items_path', sql`${t.id} like '/' || ${t.frameworkId} || '/%'`),
    check('framework_items_root', sql`(${t.parentId} is null) = (${t.depth} = 0)`),
    check('framework_items_level', sql`${t.levelName} in (${levelList})`),
  ],
);

/** How a framework is graded on one event type (spec 001 §3 "schemes by eventTypeID"). */
export const frameworkSchemes = pgTable(
  'framework_schemes',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    frameworkId: text('framework_id').notNull(),
    eventTypeId: integer('event_type_id').notNull(),
    allowAgeRange: boolean('allow_age_range').notNull().default(true),
    allowNotes: boolean('allow_notes').notNull().default(true),
    allowNextSteps: boolean('allow_next_steps').notNull().default(true),
    template: text('template').$type<'checkbox' | 'tristate' | 'other'>().notNull().default('tristate'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('framework_schemes_key').on(t.providerId, t.frameworkId, t.eventTypeId),
    foreignKey({
      name: 'framework_schemes_framework_fk',
      columns: [t.providerId, t.frameworkId],
      foreignColumns: [frameworks.providerId, frameworks.id],
    }).onDelete('cascade'),
    tenantFkCascade('framework_schemes_type_fk', t.providerId, t.eventTypeId, eventTypes),
    check('framework_schemes_template', sql`${t.template} in ('checkbox','tristate','other')`),
  ],
);

export const schemeGrades = pgTable(
  'scheme_grades',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    schemeId: integer('scheme_id').notNull(),
    name: text('name').notNull(),
    /** The grading value this grade writes: 0 working towards, 1 achieved, 2 best fit. */
    value: smallint('value').notNull(),
    colour: text('colour'),
    style: text('style'),
    visible: boolean('visible').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('scheme_grades_value_key').on(t.providerId, t.schemeId, t.value),
    tenantFkCascade('scheme_grades_scheme_fk', t.providerId, t.schemeId, frameworkSchemes),
    check('scheme_grades_value', sql`${t.value} in (0,1,2)`),
  ],
);

/**
 * Learning styles (Characteristics of Effective Learning). Ids are powers of two so that
 * events.learning_styles (the sum of the selected ids) encodes the set; at most 31 styles.
 */
export const learningStyles = pgTable(
  'learning_styles',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('learning_styles_parent_fk', t.providerId, t.parentId, t),
    check('learning_styles_power_of_two', sql`${t.id} > 0 and (${t.id} & (${t.id} - 1)) = 0`),
  ],
);

/** The 'favouriteFrameworks' store of spec 001 §7, per user. */
export const userFavouriteFrameworks = pgTable(
  'user_favourite_frameworks',
  {
    providerId: integer('provider_id').notNull(),
    userId: integer('user_id').notNull(),
    frameworkId: text('framework_id').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.userId, t.frameworkId] }),
    tenantFkCascade('user_favourite_frameworks_user_fk', t.providerId, t.userId, userAccounts),
    foreignKey({
      name: 'user_favourite_frameworks_framework_fk',
      columns: [t.providerId, t.frameworkId],
      foreignColumns: [frameworks.providerId, frameworks.id],
    }).onDelete('cascade'),
  ],
);

/** The four age-range tabs of the development checkpoints modal (spec 001 §2). */
export const CHECKPOINT_AGE_RANGES = [
  'Birth-3 Years',
  '3-4 Years',
  'Reception Age',
  'Early Learning Goals',
] as const;
export type CheckpointAgeRange = (typeof CHECKPOINT_AGE_RANGES)[number];
export const checkpointAgeRangeList = sql.raw(CHECKPOINT_AGE_RANGES.map((x) => `'${x}'`).join(','));

export const developmentCheckpoints = pgTable(
  'development_checkpoints',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /** Area of learning, e.g. 'Communication and Language'. */
    section: text('section').notNull(),
    /** Aspect, e.g. 'Listening, Attention and Understanding'. */
    subsection: text('subsection'),
    ageRange: text('age_range').$type<CheckpointAgeRange>().notNull(),
    description: text('description').notNull(),
    /** Added by the provider rather than taken from the published guidance. */
    bespoke: boolean('bespoke').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    index('development_checkpoints_tab_idx').on(t.providerId, t.ageRange, t.section, t.sortOrder),
    check('development_checkpoints_age_range', sql`${t.ageRange} in (${checkpointAgeRangeList})`),
  ],
);
