// Notifications (spec 002 §3, §9): types, per-user delivery settings, the in-app notifications
// themselves, and device sync reports (so managers see that other devices have unsynced items).

import { NOTIFICATION_NAMES } from '@nursery/domain/common';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { providers, sites, userAccounts } from './core.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

/** Delivery methods are fixed ids: 1 e-mail, 2 in-app, 4 push. */
export const NOTIFICATION_METHOD_IDS = [1, 2, 4] as const;
const methodsCheck = (col: AnyPgColumn) => sql`${col} <@ '{1,2,4}'::integer[]`;

export const notificationTypes = pgTable(
  'notification_types',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /** Stable key ('event-comment', 'booking-request', ...). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    allowedMethodIds: integer('allowed_method_ids').array().notNull().default(sql`'{1,2,4}'::integer[]`),
    /** Methods used for a user with no setting row. */
    defaultMethodIds: integer('default_method_ids').array().notNull().default(sql`'{2}'::integer[]`),
    /** 'event' types are the "eventNotifications" group (needs viewTimeline). */
    category: text('category').$type<'general' | 'event'>().notNull().default('general'),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    uniqueIndex('notification_types_code_key').on(t.providerId, t.code),
    check('notification_types_allowed', methodsCheck(t.allowedMethodIds)),
    check('notification_types_default', sql`${t.defaultMethodIds} <@ ${t.allowedMethodIds}`),
    check('notification_types_category', sql`${t.category} in ('general','event')`),
  ],
);

export const userNotificationSettings = pgTable(
  'user_notification_settings',
  {
    providerId: integer('provider_id').notNull(),
    userId: integer('user_id').notNull(),
    typeId: integer('type_id').notNull(),
    methodIds: integer('method_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.userId, t.typeId] }),
    tenantFkCascade('user_notification_settings_user_fk', t.providerId, t.userId, userAccounts),
    tenantFkCascade('user_notification_settings_type_fk', t.providerId, t.typeId, notificationTypes),
    check('user_notification_settings_methods', methodsCheck(t.methodIds)),
  ],
);

// The names are the domain's (one list: the API's enum and this table's check).
export type NotificationName = (typeof NOTIFICATION_NAMES)[number];

/** An in-app notification to one user. */
export const notifications = pgTable(
  'notifications',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    name: text('name').$type<NotificationName>().notNull(),
    jsonBlob: jsonb('json_blob').notNull().default({}),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('notifications_user_fk', t.providerId, t.userId, userAccounts),
    index('notifications_user_idx').on(t.providerId, t.userId, t.timestamp),
    index('notifications_unread_idx').on(t.providerId, t.userId).where(sql`${t.readAt} is null`),
    check(
      'notifications_name',
      sql`${t.name} in (${sql.raw(NOTIFICATION_NAMES.map((x) => `'${x}'`).join(','))})`,
    ),
  ],
);

/** The latest report of a device's outbox (one row per device). */
export const deviceSyncReports = pgTable(
  'device_sync_reports',
  {
    providerId: integer('provider_id').notNull(),
    /** Random id the device keeps in local storage. */
    deviceId: text('device_id').notNull(),
    userId: integer('user_id').notNull(),
    siteId: integer('site_id'),
    unsyncedEvents: integer('unsynced_events').notNull().default(0),
    unsyncedMedia: integer('unsynced_media').notNull().default(0),
    unsyncedRegister: integer('unsynced_register').notNull().default(0),
    unsyncedStaffRegister: integer('unsynced_staff_register').notNull().default(0),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.deviceId] }),
    tenantFkCascade('device_sync_reports_user_fk', t.providerId, t.userId, userAccounts),
    tenantFk('device_sync_reports_site_fk', t.providerId, t.siteId, sites),
    index('device_sync_reports_site_idx').on(t.providerId, t.siteId, t.reportedAt),
    check(
      'device_sync_reports_counts',
      sql`${t.unsyncedEvents} >= 0 and ${t.unsyncedMedia} >= 0 and ${t.unsyncedRegister} >= 0 and ${t.unsyncedStaffRegister} >= 0`,
    ),
  ],
);

/**
 * E-mails waiting for the background sender (modules/notifications/outbox-sender.ts). A request only
 * inserts a row; the sender delivers it through SMTP (SMTP_URL) or the log, and retries a failure
 * with backoff (next_attempt_at) up to a limit, keeping the last error.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('email_outbox_user_fk', t.providerId, t.userId, userAccounts),
    // The sender's scan: unsent rows by when they are due (across providers: it is the system's job).
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    // The provider's outbox view (issue 29, #/settings/device): newest first, keyset-paged.
    index('email_outbox_provider_created_idx').on(t.providerId, t.created, t.id),
    check('email_outbox_attempts', sql`${t.attempts} >= 0`),
  ],
);
