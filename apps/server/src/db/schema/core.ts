// Tenant, sites, people, accounts, staff, contacts, children and sessions.
// Every table carries provider_id; primary keys are (provider_id, id) and foreign keys include
// provider_id so a row can never point at another provider's row (and the schema can later be
// distributed by provider_id).

import { PHOTO_CONSENTS } from '@nursery/domain/children';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantFk } from './helpers.ts';

export const providers = pgTable('providers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  /** Feature flags and server flags (text limits, enableSpotlight, parentsCanAddNotes, ...). */
  flags: jsonb('flags').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sites = pgTable(
  'sites',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    registersEnabled: boolean('registers_enabled').notNull().default(true),
    staffRegistersEnabled: boolean('staff_registers_enabled').notNull().default(true),
    flags: jsonb('flags').$type<Record<string, unknown>>().notNull().default({}),
    // The settings hub's Sites page (issue 29): address, phone, opening days (ISO weekdays) and hours.
    addressLines: text('address_lines').array().notNull().default(sql`'{}'::text[]`),
    postcode: text('postcode').notNull().default(''),
    phone: text('phone').notNull().default(''),
    openingDays: smallint('opening_days').array().notNull().default(sql`'{1,2,3,4,5}'::smallint[]`),
    opensAt: time('opens_at').notNull().default('08:00'),
    closesAt: time('closes_at').notNull().default('18:00'),
    /** Set when archived: the site leaves the site switcher (config) and the lists by default. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('sites_id_key').on(t.id),
    // The Sites page's list: by name, keyset-paged on (name, id).
    index('sites_name_idx').on(t.providerId, t.name, t.id),
    check('sites_hours', sql`${t.opensAt} < ${t.closesAt}`),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    // Issue 29: null on rooms made before the Sites page existed (the page asks for them on the next save).
    capacity: smallint('capacity'),
    ageFromMonths: smallint('age_from_months'),
    ageToMonths: smallint('age_to_months'),
    /** Set when archived: the room leaves the floor's pickers and registers' room lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('rooms_site_fk', t.providerId, t.siteId, sites),
    index('rooms_site_idx').on(t.providerId, t.siteId),
    check('rooms_capacity', sql`${t.capacity} between 1 and 200`),
    check('rooms_ages', sql`${t.ageFromMonths} < ${t.ageToMonths}`),
  ],
);

/** Areas of a room (accident locations, e.g. "Garden", "Messy play"). */
export const areas = pgTable(
  'areas',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    roomId: integer('room_id').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('areas_room_fk', t.providerId, t.roomId, rooms),
    index('areas_room_idx').on(t.providerId, t.roomId),
  ],
);

/** A person: staff member, contact (parent/guardian) or both. */
export const people = pgTable(
  'people',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    title: text('title'),
    forename: text('forename').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    telhome: text('telhome'),
    telmob: text('telmob'),
    telwork: text('telwork'),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    address4: text('address4'),
    address5: text('address5'),
    postCode: text('post_code'),
    biography: text('biography'),
    hasImage: boolean('has_image').notNull().default(false),
    imageUpdatedAt: timestamp('image_updated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    index('people_name_idx').on(t.providerId, t.surname, t.forename),
    check('people_forename_len', sql`char_length(${t.forename}) between 1 and 50`),
    check('people_surname_len', sql`char_length(${t.surname}) between 1 and 50`),
  ],
);

/** A login. E-mail is unique across all providers because login is by e-mail alone. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    personId: integer('person_id').notNull(),
    email: text('email').notNull(),
    /** argon2id of the SHA-512 hex the client sends; null until activated. */
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    /** True once the user answered the home PIN prompt with "no" (do not ask again). */
    pinDeclined: boolean('pin_declined').notNull().default(false),
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    activationCode: text('activation_code'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** When the last invitation e-mail was queued (issue 29: the staff page's "Invitation sent"). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The activation code is refused after this instant (issue 29: an invitation lasts 7 days). */
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
    /** Issue 30: an e-mailed password reset link's code, only its SHA-256 hex; single-use, 1 hour. */
    resetCode: text('reset_code'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(60),
    userSettings: jsonb('user_settings')
      .$type<{ inputBoxColour: string; lineHeight: number }>()
      .notNull()
      .default({ inputBoxColour: 'FFFFFF', lineHeight: 2 }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('user_accounts_id_key').on(t.id),
    uniqueIndex('user_accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('user_accounts_person_key').on(t.providerId, t.personId),
    uniqueIndex('user_accounts_activation_key').on(t.activationCode),
    uniqueIndex('user_accounts_reset_key').on(t.resetCode),
    tenantFk('user_accounts_person_fk', t.providerId, t.personId, people),
    check('user_accounts_timeout', sql`${t.sessionTimeoutMinutes} between 1 and 43200`),
    check('user_accounts_question_len', sql`char_length(${t.securityQuestion}) <= 50`),
  ],
);

/** Permission roles (Manager, Practitioner, ...): permissions are data, a list of names. */
export const roles = pgTable(
  'roles',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('roles_name_key').on(t.providerId, t.name),
  ],
);

export const staff = pgTable(
  'staff',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    personId: integer('person_id').notNull(),
    /** Home site; access to other sites comes from staff_sites. */
    siteId: integer('site_id').notNull(),
    roomId: integer('room_id'),
    jobTitle: text('job_title'),
    notes: text('notes'),
    startDate: date('start_date'),
    endDate: date('end_date'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('staff_person_key').on(t.providerId, t.personId),
    tenantFk('staff_person_fk', t.providerId, t.personId, people),
    tenantFk('staff_site_fk', t.providerId, t.siteId, sites),
    tenantFk('staff_room_fk', t.providerId, t.roomId, rooms),
    index('staff_site_idx').on(t.providerId, t.siteId),
  ],
);

export const staffSites = pgTable(
  'staff_sites',
  {
    providerId: integer('provider_id').notNull(),
    staffId: integer('staff_id').notNull(),
    siteId: integer('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.staffId, t.siteId] }),
    tenantFk('staff_sites_staff_fk', t.providerId, t.staffId, staff),
    tenantFk('staff_sites_site_fk', t.providerId, t.siteId, sites),
    index('staff_sites_site_idx').on(t.providerId, t.siteId),
  ],
);

export const staffRoles = pgTable(
  'staff_roles',
  {
    providerId: integer('provider_id').notNull(),
    staffId: integer('staff_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.staffId, t.roleId] }),
    tenantFk('staff_roles_staff_fk', t.providerId, t.staffId, staff),
    tenantFk('staff_roles_role_fk', t.providerId, t.roleId, roles),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    personId: integer('person_id').notNull(),
    /** Relationship type shown in the contacts table (Mother, Father, Grandparent, ...). */
    type: text('type'),
    /** Set when details are managed by a third-party integration (change requests refused). */
    externallyManaged: boolean('externally_managed').notNull().default(false),
    /**
     * The password a collector gives at the door (issue 29). Stored as typed because staff must read it
     * to compare; answered only by its own audited call, never in lists, logs or audit details.
     */
    collectionPassword: text('collection_password'),
    /** Set when the contact is archived (settings: hidden by default, restorable). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('contacts_person_key').on(t.providerId, t.personId),
    tenantFk('contacts_person_fk', t.providerId, t.personId, people),
    check('contacts_collection_password_len', sql`char_length(${t.collectionPassword}) between 1 and 50`),
  ],
);

export const children = pgTable(
  'children',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    roomId: integer('room_id'),
    forename: text('forename').notNull(),
    surname: text('surname').notNull(),
    dob: date('dob').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    gender: text('gender'),
    ethnicityId: integer('ethnicity_id'),
    /** September school-year cohort (the year the child starts Reception). */
    cohort: smallint('cohort'),
    eal: boolean('eal').notNull().default(false),
    eypp: boolean('eypp').notNull().default(false),
    send: boolean('send').notNull().default(false),
    twoYearFunded: boolean('two_year_funded').notNull().default(false),
    hasImage: boolean('has_image').notNull().default(false),
    imageUpdatedAt: timestamp('image_updated_at', { withTimezone: true }),
    /** The parents' photo consent (issue 13): 'yes', 'no' or 'notAsked' (PHOTO_CONSENTS). */
    photoConsent: text('photo_consent', { enum: PHOTO_CONSENTS }).notNull().default('notAsked'),
    /**
     * Issue 29: plain columns, not the attributes tables, so the medication records (a later issue) read
     * them directly. At most 1000 characters each (CHILD_NOTES_MAX).
     */
    allergies: text('allergies'),
    dietaryNeeds: text('dietary_needs'),
    medicalNotes: text('medical_notes'),
    /** Set when the child was archived on the settings' Children page (hidden there unless asked). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('children_site_fk', t.providerId, t.siteId, sites),
    tenantFk('children_room_fk', t.providerId, t.roomId, rooms),
    index('children_site_name_idx').on(t.providerId, t.siteId, t.surname, t.forename),
    // The timeline's room filter (issue 31: events of the children of a room).
    index('children_room_idx').on(t.providerId, t.roomId),
    check('children_gender', sql`${t.gender} in ('M','F','O')`),
    check('children_photo_consent', sql`${t.photoConsent} in ('yes','no','notAsked')`),
    check('children_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('children_allergies_len', sql`char_length(${t.allergies}) <= 1000`),
    check('children_dietary_needs_len', sql`char_length(${t.dietaryNeeds}) <= 1000`),
    check('children_medical_notes_len', sql`char_length(${t.medicalNotes}) <= 1000`),
  ],
);

export const childContacts = pgTable(
  'child_contacts',
  {
    providerId: integer('provider_id').notNull(),
    childId: integer('child_id').notNull(),
    contactId: integer('contact_id').notNull(),
    relationship: text('relationship'),
    priority: smallint('priority').notNull().default(1),
    parentalResponsibility: boolean('parental_responsibility').notNull().default(false),
    emergency: boolean('emergency').notNull().default(true),
    canCollect: boolean('can_collect').notNull().default(true),
    /** Contact group may add parent notes (permissions.anyContactGroupCanAddNotes). */
    canAddNotes: boolean('can_add_notes').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.childId, t.contactId] }),
    tenantFk('child_contacts_child_fk', t.providerId, t.childId, children),
    tenantFk('child_contacts_contact_fk', t.providerId, t.contactId, contacts),
    index('child_contacts_contact_idx').on(t.providerId, t.contactId),
  ],
);

export const keyChildren = pgTable(
  'key_children',
  {
    providerId: integer('provider_id').notNull(),
    staffId: integer('staff_id').notNull(),
    childId: integer('child_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.staffId, t.childId] }),
    tenantFk('key_children_staff_fk', t.providerId, t.staffId, staff),
    tenantFk('key_children_child_fk', t.providerId, t.childId, children),
    index('key_children_child_idx').on(t.providerId, t.childId),
  ],
);

export const ethnicities = pgTable(
  'ethnicities',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.id] })],
);

/** Custom child attributes (Big Picture "Attributes" filter). */
export const attributes = pgTable(
  'attributes',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.id] })],
);

export const attributeListItems = pgTable(
  'attribute_list_items',
  {
    providerId: integer('provider_id').notNull(),
    attributeId: integer('attribute_id').notNull(),
    value: text('value').notNull(),
    item: text('item').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.attributeId, t.value] }),
    tenantFk('attribute_list_items_attr_fk', t.providerId, t.attributeId, attributes),
  ],
);

export const childAttributeValues = pgTable(
  'child_attribute_values',
  {
    providerId: integer('provider_id').notNull(),
    childId: integer('child_id').notNull(),
    attributeId: integer('attribute_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.childId, t.attributeId] }),
    tenantFk('child_attribute_values_child_fk', t.providerId, t.childId, children),
    tenantFk('child_attribute_values_attr_fk', t.providerId, t.attributeId, attributes),
    index('child_attribute_values_attr_idx').on(t.providerId, t.attributeId, t.value),
  ],
);

/** Server-side sessions; id is the SHA-256 of the cookie token, so a leaked table reveals no token. */
export const serverSessions = pgTable(
  'server_sessions',
  {
    id: text('id').primaryKey(),
    providerId: integer('provider_id').notNull(),
    userId: integer('user_id').notNull(),
    siteId: integer('site_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    timeoutMinutes: integer('timeout_minutes').notNull(),
    userAgent: text('user_agent'),
    /** Issue 30: wrong PINs in this session (unlock and change of PIN together); the fifth ends it. */
    pinFailures: integer('pin_failures').notNull().default(0),
  },
  (t) => [
    tenantFk('server_sessions_user_fk', t.providerId, t.userId, userAccounts),
    index('server_sessions_user_idx').on(t.providerId, t.userId),
    index('server_sessions_expiry_idx').on(t.expiresAt),
  ],
);

/** Failed logins per account, for the per-account rate limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client address the attempt came from (the lock is per account and address). */
    address: text('address').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('login_failures_user_fk', t.providerId, t.userId, userAccounts),
    index('login_failures_user_idx').on(t.providerId, t.userId, t.failedAt),
    index('login_failures_address_idx').on(t.providerId, t.userId, t.address, t.failedAt),
  ],
);

/** Stored answers of idempotent writes (offline replays). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    providerId: integer('provider_id').notNull(),
    key: text('key').notNull(),
    userId: integer('user_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: smallint('status_code').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    index('audit_log_entity_idx').on(t.providerId, t.entity, t.entityId),
    index('audit_log_at_idx').on(t.providerId, t.at),
  ],
);
