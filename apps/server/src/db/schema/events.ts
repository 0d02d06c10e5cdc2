// Events (spec 000 §3, 001 §3, 002 §3): one row per child, with subjects for reminders/tasks,
// status history, medication details and signatures, media links and meals.
import {
  MEDICATION_FORMS,
  MEDICATION_TYPES,
  type MedicationForm,
  type MedicationType,
} from '@nursery/domain/events';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { areas, children, contacts, people, sites, staff } from './core.ts';
import { eventCodes, eventStatuses, eventTypes, priorities } from './eventConfig.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';
import { meals, portions } from './meals.ts';
import { media } from './media.ts';

/**
 * An event about one child. A save for several children makes one event per child sharing the
 * client-generated save_uuid; (provider_id, save_uuid, child_id) is unique, so an offline replay
 * of the same save finds the stored rows instead of making new ones. Reminders/tasks may have no
 * child (child_id null) and list their subjects in event_subjects.
 */
export const events = pgTable(
  'events',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    /** This event's own stable UUID (client-generated when known, else generated here). */
    uuid: uuid('uuid').notNull().defaultRandom(),
    /** The client-generated id of the save that made this event (shared by its sibling events). */
    saveUuid: uuid('save_uuid').notNull(),
    version: integer('version').notNull().default(1),
    typeId: integer('type_id').notNull(),
    codeId: integer('code_id').notNull(),
    childId: integer('child_id'),
    statusId: smallint('status_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** The author (a person: staff member, or a contact for parent contributions). */
    authorPersonId: integer('author_person_id').notNull(),
    /** Set when the author is staff (the drafts author link /staff/{staffID}). */
    authorStaffId: integer('author_staff_id'),
    notes: text('notes'),
    childsVoice: text('childs_voice'),
    /** Parent notes, sent as ref2. */
    parentNotes: text('parent_notes'),
    /** Sum of the selected learning_styles ids (powers of two). */
    learningStyles: integer('learning_styles').notNull().default(0),
    tagged: boolean('tagged').notNull().default(false),
    raised: timestamp('raised', { withTimezone: true }).notNull(),
    date1: timestamp('date1', { withTimezone: true }),
    /** Sleep end time (endTime), and the close time of other timed events. */
    date2: timestamp('date2', { withTimezone: true }),
    due: timestamp('due', { withTimezone: true }),
    priorityId: integer('priority_id'),
    /** Accident location. */
    areaId: integer('area_id'),
    existingInjury: boolean('existing_injury'),
    nappyCream: boolean('nappy_cream'),
    twoyear: boolean('twoyear').notNull().default(false),
    baseline: boolean('baseline').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('events_uuid_key').on(t.providerId, t.uuid),
    unique('events_save_child_key').on(t.providerId, t.saveUuid, t.childId).nullsNotDistinct(),
    tenantFk('events_type_fk', t.providerId, t.typeId, eventTypes),
    // The code must belong to the event's type.
    foreignKey({
      name: 'events_code_fk',
      columns: [t.providerId, t.typeId, t.codeId],
      foreignColumns: [eventCodes.providerId, eventCodes.typeId, eventCodes.id],
    }),
    foreignKey({ name: 'events_status_fk', columns: [t.statusId], foreignColumns: [eventStatuses.id] }),
    tenantFk('events_child_fk', t.providerId, t.childId, children),
    tenantFk('events_site_fk', t.providerId, t.siteId, sites),
    tenantFk('events_author_person_fk', t.providerId, t.authorPersonId, people),
    tenantFk('events_author_staff_fk', t.providerId, t.authorStaffId, staff),
    tenantFk('events_priority_fk', t.providerId, t.priorityId, priorities),
    tenantFk('events_area_fk', t.providerId, t.areaId, areas),
    // A child's journal, newest first (observation lists, previous spotlights, lastEvent).
    index('events_child_raised_idx').on(t.providerId, t.childId, t.raised, t.id),
    index('events_child_type_raised_idx').on(t.providerId, t.childId, t.typeId, t.raised, t.id),
    // Drafts list and event search by site and status, newest first.
    index('events_site_status_raised_idx').on(t.providerId, t.siteId, t.statusId, t.raised, t.id),
    // Event search without a status filter.
    index('events_site_raised_idx').on(t.providerId, t.siteId, t.raised, t.id),
    index('events_author_status_raised_idx').on(t.providerId, t.authorPersonId, t.statusId, t.raised),
    // Reminders and tasks by due date (agenda).
    index('events_site_due_idx').on(t.providerId, t.siteId, t.due).where(sql`${t.due} is not null`),
    // Open sleeps (date2 not set) for the bulk sleep close.
    index('events_open_idx').on(t.providerId, t.siteId, t.typeId).where(sql`${t.date2} is null`),
    // One two-year check per child (spec 000 §5), deleted ones aside.
    uniqueIndex('events_twoyear_child_key')
      .on(t.providerId, t.childId)
      .where(sql`${t.twoyear} and ${t.statusId} <> 6`),
    index('events_updated_idx').on(t.providerId, t.updatedAt),
    check('events_date2_after_raised', sql`${t.date2} is null or ${t.date2} >= ${t.raised}`),
    check('events_learning_styles', sql`${t.learningStyles} >= 0`),
    check('events_version', sql`${t.version} >= 1`),
    check('events_twoyear_baseline', sql`not (${t.twoyear} and ${t.baseline})`),
  ],
);

/** Subjects of a reminder or task: each row names one child or one staff member. */
export const eventSubjects = pgTable(
  'event_subjects',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    childId: integer('child_id'),
    staffId: integer('staff_id'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('event_subjects_event_fk', t.providerId, t.eventId, events),
    tenantFkCascade('event_subjects_child_fk', t.providerId, t.childId, children),
    tenantFkCascade('event_subjects_staff_fk', t.providerId, t.staffId, staff),
    unique('event_subjects_key').on(t.providerId, t.eventId, t.childId, t.staffId).nullsNotDistinct(),
    index('event_subjects_child_idx').on(t.providerId, t.childId).where(sql`${t.childId} is not null`),
    index('event_subjects_staff_idx').on(t.providerId, t.staffId).where(sql`${t.staffId} is not null`),
    check('event_subjects_one', sql`(${t.childId} is null) <> (${t.staffId} is null)`),
  ],
);

/** Event history: creation, edits and status changes (viewEventHistory). */
export const eventHistory = pgTable(
  'event_history',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    action: text('action').$type<'create' | 'update' | 'transition'>().notNull(),
    /** Null when the event was created. */
    fromStatusId: smallint('from_status_id').references(() => eventStatuses.id),
    toStatusId: smallint('to_status_id')
      .notNull()
      .references(() => eventStatuses.id),
    personId: integer('person_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Changed field names, for edits. */
    details: jsonb('details'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('event_history_event_fk', t.providerId, t.eventId, events),
    tenantFk('event_history_person_fk', t.providerId, t.personId, people),
    index('event_history_event_idx').on(t.providerId, t.eventId, t.at),
    check('event_history_action', sql`${t.action} in ('create','update','transition')`),
  ],
);

const inList = (xs: readonly string[]) => sql.raw(xs.map((x) => `'${x}'`).join(','));

/** medicationInfo of a medication event (spec 002 §3, limits §5). */
export const eventMedication = pgTable(
  'event_medication',
  {
    providerId: integer('provider_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    type: text('type').$type<MedicationType>().notNull(),
    form: text('form').$type<MedicationForm>(),
    dosage: text('dosage').notNull(),
    strength: text('strength'),
    frequency: text('frequency'),
    storageAndDisposalInstructions: text('storage_and_disposal_instructions'),
    expiryDate: date('expiry_date'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.eventId] }),
    tenantFkCascade('event_medication_event_fk', t.providerId, t.eventId, events),
    check('event_medication_type', sql`${t.type} in (${inList(MEDICATION_TYPES)})`),
    check('event_medication_form', sql`${t.form} in (${inList(MEDICATION_FORMS)})`),
    check('event_medication_name_len', sql`char_length(${t.name}) between 1 and 50`),
    check('event_medication_dosage_len', sql`char_length(${t.dosage}) between 1 and 50`),
    check('event_medication_strength_len', sql`char_length(${t.strength}) <= 50`),
    check('event_medication_frequency_len', sql`char_length(${t.frequency}) <= 50`),
    check('event_medication_storage_len', sql`char_length(${t.storageAndDisposalInstructions}) <= 1500`),
  ],
);

/**
 * Signatures on an event. Medication: AdministeredBy and Witness (staff), Consent (a parent or
 * guardian, keyed by contact). Accident: Parent (a contact acknowledging the accident; an
 * accident without one is "unsigned", spec 002 §8 register-unsigned-accidents).
 */
export const EVENT_SIGNATURE_TYPES = ['AdministeredBy', 'Witness', 'Consent', 'Parent'] as const;
export type EventSignatureType = (typeof EVENT_SIGNATURE_TYPES)[number];

export const eventSignatures = pgTable(
  'event_signatures',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    signatureType: text('signature_type').$type<EventSignatureType>().notNull(),
    /** The signer. */
    personId: integer('person_id').notNull(),
    staffId: integer('staff_id'),
    contactId: integer('contact_id'),
    /** Image file under DATA_DIR (PNG/SVG); null only for rows made without an image. */
    dataPath: text('data_path'),
    mimeType: text('mime_type'),
    /** Random key required in the signature URL (api/v1/providers/{id}/signature/{id}/{key}). */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('event_signatures_event_fk', t.providerId, t.eventId, events),
    tenantFk('event_signatures_person_fk', t.providerId, t.personId, people),
    tenantFk('event_signatures_staff_fk', t.providerId, t.staffId, staff),
    tenantFk('event_signatures_contact_fk', t.providerId, t.contactId, contacts),
    uniqueIndex('event_signatures_type_key').on(t.providerId, t.eventId, t.signatureType),
    // A person signs an event once, in one role.
    uniqueIndex('event_signatures_person_key').on(t.providerId, t.eventId, t.personId),
    check('event_signatures_type', sql`${t.signatureType} in (${inList(EVENT_SIGNATURE_TYPES)})`),
    check(
      'event_signatures_signer',
      sql`case when ${t.signatureType} in ('Consent','Parent') then ${t.contactId} is not null and ${t.staffId} is null
        else ${t.staffId} is not null and ${t.contactId} is null end`,
    ),
  ],
);

export const eventMedia = pgTable(
  'event_media',
  {
    providerId: integer('provider_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    mediaId: uuid('media_id').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.eventId, t.mediaId] }),
    tenantFkCascade('event_media_event_fk', t.providerId, t.eventId, events),
    tenantFk('event_media_media_fk', t.providerId, t.mediaId, media),
    index('event_media_media_idx').on(t.providerId, t.mediaId),
  ],
);

/** Meals entry of a meal event: mealID, portionID, portionAmount (≤ 100 characters). */
export const eventMeals = pgTable(
  'event_meals',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    mealId: integer('meal_id').notNull(),
    portionId: integer('portion_id'),
    portionAmount: text('portion_amount'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('event_meals_event_fk', t.providerId, t.eventId, events),
    tenantFk('event_meals_meal_fk', t.providerId, t.mealId, meals),
    tenantFk('event_meals_portion_fk', t.providerId, t.portionId, portions),
    uniqueIndex('event_meals_key').on(t.providerId, t.eventId, t.mealId),
    check('event_meals_amount_len', sql`char_length(${t.portionAmount}) <= 100`),
  ],
);

/**
 * Comments on an event (spec 002 §7 "Events v3 GET include comments"; the cause of the
 * 'event-comment' notification). Written by staff (author_person_id is the staff member's person).
 */
export const eventComments = pgTable(
  'event_comments',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    authorPersonId: integer('author_person_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('event_comments_event_fk', t.providerId, t.eventId, events),
    tenantFk('event_comments_author_fk', t.providerId, t.authorPersonId, people),
    index('event_comments_event_idx').on(t.providerId, t.eventId, t.createdAt),
    check('event_comments_text_len', sql`char_length(${t.text}) between 1 and 1500`),
  ],
);
