// Event configuration: statuses, types and codes, event roles and transitions, the mapping of
// permission roles to event roles per event type, and priorities (spec 000 §3, §4, §6).
import { EVENT_TAGS, type EventTag } from '@nursery/domain/events';
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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { providers, roles } from './core.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

/**
 * Event statuses are global reference data: the ids are fixed by the spec (Draft=1, Pending=3,
 * Archived=4, Published=5, Deleted=6) and the same for every provider. The rows are inserted by
 * the migration (see migrations/*_reference_data.sql), so events.status_id is always FK-guarded.
 */
export const eventStatuses = pgTable(
  'event_statuses',
  {
    id: smallint('id').primaryKey(),
    value: text('value').notNull(),
    incomplete: boolean('incomplete').notNull(),
    awaitingApproval: boolean('awaiting_approval').notNull(),
    deleted: boolean('deleted').notNull(),
    published: boolean('published').notNull(),
  },
  (t) => [uniqueIndex('event_statuses_value_key').on(t.value)],
);

export const eventTypes = pgTable(
  'event_types',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    tag: text('tag').$type<EventTag>().notNull(),
    /** Display name ("Observation", "Learning story", ...). */
    value: text('value').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    addMedia: boolean('add_media').notNull().default(false),
    addPhoto: boolean('add_photo').notNull().default(false),
    addVideo: boolean('add_video').notNull().default(false),
    canTag: boolean('can_tag').notNull().default(false),
    autoTag: boolean('auto_tag').notNull().default(false),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('event_types_value_key').on(t.providerId, t.value),
    index('event_types_tag_idx').on(t.providerId, t.tag),
    check('event_types_tag', sql`${t.tag} in (${sql.raw(EVENT_TAGS.map((x) => `'${x}'`).join(','))})`),
  ],
);

export const eventCodes = pgTable(
  'event_codes',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    typeId: integer('type_id').notNull(),
    value: text('value').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Stable key for codes with behaviour: 'two-year-check', 'baseline-assessment', 'reminder'. */
    codeKey: text('code_key'),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    // Target of events' (provider_id, type_id, code_id) key: a code always belongs to the event's type.
    unique('event_codes_type_id_key').on(t.providerId, t.typeId, t.id),
    uniqueIndex('event_codes_key_key')
      .on(t.providerId, t.typeId, t.codeKey)
      .where(sql`${t.codeKey} is not null`),
    tenantFkCascade('event_codes_type_fk', t.providerId, t.typeId, eventTypes),
  ],
);

/**
 * A permitted status change; from_status_id null means "a new event". Ids are fixed per dataset
 * (DEFAULT_TRANSITIONS) so event_roles.transition_ids mean the same for every provider.
 */
export const eventTransitions = pgTable(
  'event_transitions',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull(),
    fromStatusId: smallint('from_status_id').references(() => eventStatuses.id),
    toStatusId: smallint('to_status_id')
      .notNull()
      .references(() => eventStatuses.id),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    unique('event_transitions_from_to_key').on(t.providerId, t.fromStatusId, t.toStatusId).nullsNotDistinct(),
    check('event_transitions_change', sql`${t.fromStatusId} is distinct from ${t.toStatusId}`),
  ],
);

/**
 * Event roles (ViewPublished=1, CreateDrafts=2, Publish=3, EditPublished=4, Unpublish=5,
 * Undelete=6, InstantPublish=7: EventRoleID of @nursery/domain). Ids are fixed, not generated.
 */
export const eventRoles = pgTable(
  'event_roles',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    viewStatusIds: integer('view_status_ids').array().notNull().default(sql`'{}'::integer[]`),
    editStatusIds: integer('edit_status_ids').array().notNull().default(sql`'{}'::integer[]`),
    transitionIds: integer('transition_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('event_roles_name_key').on(t.providerId, t.name),
    check('event_roles_view_statuses', sql`${t.viewStatusIds} <@ '{1,3,4,5,6}'::integer[]`),
    check('event_roles_edit_statuses', sql`${t.editStatusIds} <@ '{1,3,4,5,6}'::integer[]`),
  ],
);

/**
 * Which event roles a permission role holds for an event type: scope 'own' for events the user
 * authored (ownRoleIDs), 'others' for everybody else's (othersRoleIDs). A user's role ids for a
 * type are the union over the user's permission roles (staff_roles).
 */
export const roleEventRoles = pgTable(
  'role_event_roles',
  {
    providerId: integer('provider_id').notNull(),
    roleId: integer('role_id').notNull(),
    eventTypeId: integer('event_type_id').notNull(),
    scope: text('scope').$type<'own' | 'others'>().notNull(),
    eventRoleId: integer('event_role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.roleId, t.eventTypeId, t.scope, t.eventRoleId] }),
    tenantFkCascade('role_event_roles_role_fk', t.providerId, t.roleId, roles),
    tenantFkCascade('role_event_roles_type_fk', t.providerId, t.eventTypeId, eventTypes),
    tenantFk('role_event_roles_event_role_fk', t.providerId, t.eventRoleId, eventRoles),
    check('role_event_roles_scope', sql`${t.scope} in ('own','others')`),
  ],
);

/** Task/reminder priorities; the default is the first by sort order (spec 000 §9). */
export const priorities = pgTable(
  'priorities',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('priorities_name_key').on(t.providerId, t.name),
  ],
);
