// Gradable content of events (spec 000 §3, 001 §3): gradings, best fits, development checkpoints
// and their notes, considerations, next steps and their links to framework items.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { children, people, staff } from './core.ts';
import { events } from './events.ts';
import {
  ageRanges,
  type CheckpointAgeRange,
  checkpointAgeRangeList,
  developmentCheckpoints,
  frameworkItems,
} from './frameworks.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

/**
 * A grading of one framework item for one child on one event. value: 0 working towards,
 * 1 achieved, 2 best fit; null = a grading kept as best fit (an age range and/or notes without a
 * value, spec 001 §9). It counts only with an age range, a value or notes.
 */
export const gradings = pgTable(
  'gradings',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    childId: integer('child_id').notNull(),
    /** Framework item path id ('/-29/1/3/'). */
    itemId: text('item_id').notNull(),
    ageRangeId: integer('age_range_id'),
    value: smallint('value'),
    notes: text('notes'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('gradings_event_fk', t.providerId, t.eventId, events),
    tenantFk('gradings_child_fk', t.providerId, t.childId, children),
    tenantFk('gradings_item_fk', t.providerId, t.itemId, frameworkItems),
    tenantFk('gradings_age_range_fk', t.providerId, t.ageRangeId, ageRanges),
    // Migration 0010 adds INCLUDE (age_range_id, value): the Big Picture reads them index-only.
    uniqueIndex('gradings_event_item_key').on(t.providerId, t.eventId, t.childId, t.itemId),
    // Big Picture, Gradings Overview, previous grading counts: by child and item.
    index('gradings_child_item_idx').on(t.providerId, t.childId, t.itemId),
    check('gradings_value', sql`${t.value} in (0,1,2)`),
    check(
      'gradings_counts',
      sql`${t.value} is not null or ${t.ageRangeId} is not null or coalesce(${t.notes}, '') <> ''`,
    ),
  ],
);

/**
 * Birth to 5 Matters best fits of a learning story: the range (age_range_id) that best fits the
 * child for an aspect (item). Reported in the Big Picture as value 2 (best fit).
 */
export const bestFits = pgTable(
  'best_fits',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    childId: integer('child_id').notNull(),
    itemId: text('item_id').notNull(),
    ageRangeId: integer('age_range_id').notNull(),
    notes: text('notes'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('best_fits_event_fk', t.providerId, t.eventId, events),
    tenantFk('best_fits_child_fk', t.providerId, t.childId, children),
    tenantFk('best_fits_item_fk', t.providerId, t.itemId, frameworkItems),
    tenantFk('best_fits_age_range_fk', t.providerId, t.ageRangeId, ageRanges),
    uniqueIndex('best_fits_event_item_key').on(t.providerId, t.eventId, t.childId, t.itemId),
    index('best_fits_child_item_idx').on(t.providerId, t.childId, t.itemId),
  ],
);

/** Development checkpoints attached to a learning story (checkpointIDs). */
export const eventCheckpoints = pgTable(
  'event_checkpoints',
  {
    providerId: integer('provider_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    checkpointId: integer('checkpoint_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.eventId, t.checkpointId] }),
    tenantFkCascade('event_checkpoints_event_fk', t.providerId, t.eventId, events),
    tenantFk('event_checkpoints_checkpoint_fk', t.providerId, t.checkpointId, developmentCheckpoints),
    index('event_checkpoints_checkpoint_idx').on(t.providerId, t.checkpointId),
  ],
);

/** A note written against a checkpoint section/subsection for a child (on an event). */
export const checkpointNotes = pgTable(
  'checkpoint_notes',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }),
    childId: integer('child_id').notNull(),
    /** The checkpoint the note was written on in the checkpoints modal (an event's note); null otherwise. */
    checkpointId: integer('checkpoint_id'),
    section: text('section').notNull(),
    subsection: text('subsection'),
    ageRange: text('age_range').$type<CheckpointAgeRange>().notNull(),
    note: text('note').notNull(),
    authorPersonId: integer('author_person_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('checkpoint_notes_event_fk', t.providerId, t.eventId, events),
    tenantFk('checkpoint_notes_child_fk', t.providerId, t.childId, children),
    tenantFk('checkpoint_notes_checkpoint_fk', t.providerId, t.checkpointId, developmentCheckpoints),
    tenantFk('checkpoint_notes_author_fk', t.providerId, t.authorPersonId, people),
    index('checkpoint_notes_child_idx').on(t.providerId, t.childId, t.ageRange),
    // An event's notes: read with the event, replaced on its save, removed with it (the cascade).
    index('checkpoint_notes_event_idx').on(t.providerId, t.eventId),
    check('checkpoint_notes_age_range', sql`${t.ageRange} in (${checkpointAgeRangeList})`),
  ],
);

/**
 * Consideration statuses: Monitor (keep an eye), Intervention (may be shared with parents),
 * StaffSupport (needs a manager's support), Resolved.
 */
export const CONSIDERATION_STATUSES = ['Monitor', 'Intervention', 'StaffSupport', 'Resolved'] as const;
export type ConsiderationStatus = (typeof CONSIDERATION_STATUSES)[number];

/** At most one consideration per event (spec 001 §4). */
export const considerations = pgTable(
  'considerations',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    childId: integer('child_id').notNull(),
    status: text('status').$type<ConsiderationStatus>().notNull(),
    notes: text('notes'),
    visibleToParents: boolean('visible_to_parents').notNull().default(false),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a parent acknowledged it (notification parent-consideration-acknowledge). */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('considerations_event_key').on(t.providerId, t.eventId),
    tenantFkCascade('considerations_event_fk', t.providerId, t.eventId, events),
    tenantFk('considerations_child_fk', t.providerId, t.childId, children),
    tenantFk('considerations_staff_fk', t.providerId, t.staffId, staff),
    index('considerations_child_idx').on(t.providerId, t.childId, t.createdAt),
    index('considerations_status_idx').on(t.providerId, t.status, t.createdAt),
    check(
      'considerations_status',
      sql`${t.status} in (${sql.raw(CONSIDERATION_STATUSES.map((x) => `'${x}'`).join(','))})`,
    ),
    check(
      'considerations_visible_intervention',
      sql`not ${t.visibleToParents} or ${t.status} = 'Intervention'`,
    ),
  ],
);

export const nextSteps = pgTable(
  'next_steps',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    childId: integer('child_id').notNull(),
    notes: text('notes'),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The event on which the step was marked completed (completedNextStepIDs). */
    completedEventId: bigint('completed_event_id', { mode: 'number' }),
    authorPersonId: integer('author_person_id').notNull(),
    authorStaffId: integer('author_staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('next_steps_event_fk', t.providerId, t.eventId, events),
    tenantFk('next_steps_completed_event_fk', t.providerId, t.completedEventId, events),
    tenantFk('next_steps_child_fk', t.providerId, t.childId, children),
    tenantFk('next_steps_author_person_fk', t.providerId, t.authorPersonId, people),
    tenantFk('next_steps_author_staff_fk', t.providerId, t.authorStaffId, staff),
    index('next_steps_event_idx').on(t.providerId, t.eventId),
    // Outstanding next steps per child, newest first.
    index('next_steps_child_idx').on(t.providerId, t.childId, t.completed, t.createdAt),
    check('next_steps_completed_at', sql`${t.completed} or ${t.completedAt} is null`),
  ],
);

export const nextStepLinks = pgTable(
  'next_step_links',
  {
    providerId: integer('provider_id').notNull(),
    nextStepId: integer('next_step_id').notNull(),
    itemId: text('item_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.nextStepId, t.itemId] }),
    tenantFkCascade('next_step_links_step_fk', t.providerId, t.nextStepId, nextSteps),
    tenantFk('next_step_links_item_fk', t.providerId, t.itemId, frameworkItems),
    index('next_step_links_item_idx').on(t.providerId, t.itemId),
  ],
);
