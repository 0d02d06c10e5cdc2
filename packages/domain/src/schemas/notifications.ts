/**
 * Notifications (spec 002 §2 "Notifications page", §3 Notification and Notification type, §6
 * receiveEmails and viewTimeline, §7 GraphQL Notifications / readNotification, GET notifications
 * config, PUT notifications and eventNotifications, §9 the eight types). The list and the read mark
 * are GraphQL (schemas here, fields in apps/server/src/modules/notifications/graphql.ts); the
 * settings are REST.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { NOTIFICATION_NAMES } from '../limits.ts';
import { routes } from '../routes.ts';
import { EventV3Comment } from './eventsV3.ts';
import { Id, IdParam, Instant, SafeText } from './primitives.ts';

/** Delivery method ids (spec 002 §3): 1 e-mail, 2 in-app, 4 push. */
export const NOTIFICATION_METHOD_IDS = [1, 2, 4] as const;
export const NotificationMethodId = z.union([z.literal(1), z.literal(2), z.literal(4)]);
export type NotificationMethodId = z.infer<typeof NotificationMethodId>;
export const EMAIL_METHOD = 1;
export const IN_APP_METHOD = 2;

export const NotificationName = z.enum(NOTIFICATION_NAMES);
export type NotificationName = z.infer<typeof NotificationName>;

/** One notification of the user (spec 002 §3: id, name, jsonBlob, timestamp). */
export const Notification = z.object({
  id: Id,
  /** The record's name (its notification type's code; a string: GraphQL enum values cannot hold '-'). */
  name: z.string(),
  /** The notification type's name ('Comments on my events'), for the list. */
  typeName: z.string(),
  /** The record's data as JSON text (GraphQL has no JSON type): childID, eventID, message, author. */
  jsonBlob: z.string(),
  timestamp: Instant,
  read: z.boolean(),
  /** The event it is about, when it is about one (the list links to it). */
  eventID: Id.nullable(),
  /** Its short text, when it has one. */
  message: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** GraphQL `notifications`: a page of the user's own notifications, newest first. */
export const NotificationPage = z.object({
  items: z.array(Notification),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The user's unread notifications (all of them, whatever the filter). */
  unreadCount: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NOTIFICATIONS_PAGE_MAX = 100;
export const NOTIFICATIONS_PAGE_DEFAULT = 50;

/** GraphQL `notifications(type, since, cursor, limit)` arguments (checked again by the resolver). */
export const NotificationsArgs = z.object({
  /** Only this notification name (one of NOTIFICATION_NAMES; another is refused). */
  type: z.string().max(60).nullish(),
  /** Only notifications after this instant. */
  since: Instant.nullish(),
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).nullish(),
});
export type NotificationsArgs = z.infer<typeof NotificationsArgs>;

/**
 * Why a method cannot be chosen for a type (the settings screen shows it):
 * - `type-disabled`: the provider switched the type off;
 * - `not-offered`: the type does not offer this method (allowedMethodIDs);
 * - `no-receive-emails`: e-mail needs the receiveEmails permission (§6);
 * - `no-event-access`: event notifications need viewTimeline, key children and one viewable event type (§6).
 */
export const NotificationRefusal = z.enum([
  'type-disabled',
  'not-offered',
  'no-receive-emails',
  'no-event-access',
]);
export type NotificationRefusal = z.infer<typeof NotificationRefusal>;

export const NotificationMethodChoice = z.object({
  id: NotificationMethodId,
  /** The user may turn this method on or off for this type. */
  choosable: z.boolean(),
  /** Why not, when not choosable. */
  reason: NotificationRefusal.nullable(),
});
export type NotificationMethodChoice = z.infer<typeof NotificationMethodChoice>;

/** A notification type as the user's settings see it (spec 002 §3 Notification type). */
export const NotificationTypeSetting = z.object({
  id: Id,
  /** Stable key ('event-comment', 'booking-request', ...). */
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** 'event' types are saved with PUT eventNotifications, the others with PUT notifications. */
  group: z.enum(['general', 'event']),
  allowedMethodIDs: z.array(NotificationMethodId),
  /** The user's methods (their saved choice, or the type's defaults before they chose). */
  methodIDs: z.array(NotificationMethodId),
  /** Every method, choosable or not, with the reason. */
  methods: z.array(NotificationMethodChoice),
});
export type NotificationTypeSetting = z.infer<typeof NotificationTypeSetting>;

/** GET api/v1/notifications/config (spec 002 §7; answer not shown there: docs/decisions.md). */
export const NotificationConfigAnswer = z.object({
  /** The methods: 1 e-mail, 2 in-app, 4 push (config's notificationMethods). */
  notificationMethods: z.array(z.object({ id: NotificationMethodId, name: z.string() })),
  types: z.array(NotificationTypeSetting),
});
export type NotificationConfigAnswer = z.infer<typeof NotificationConfigAnswer>;

/** PUT notifications / eventNotifications body (spec 002 §7: types, a list of id and methodIDs). */
export const NotificationSettingsBody = z.object({
  types: z
    .array(
      z.object({
        id: Id,
        methodIDs: z.array(NotificationMethodId).max(3),
      }),
    )
    .min(1)
    .max(50)
    .refine((types) => new Set(types.map((t) => t.id)).size === types.length, 'each type at most once'),
});
export type NotificationSettingsBody = z.infer<typeof NotificationSettingsBody>;

export const getNotificationConfig = defineRoute({
  ...routes.getNotificationConfig,
  summary: "The notification types with the user's methods and which methods the user may choose",
  tags: ['notifications'],
  response: { 200: NotificationConfigAnswer },
});

export const putNotificationSettings = defineRoute({
  ...routes.putNotificationSettings,
  summary: "Save the user's methods for general notification types",
  tags: ['notifications'],
  body: NotificationSettingsBody,
  response: { 200: NotificationConfigAnswer },
});

export const putEventNotificationSettings = defineRoute({
  ...routes.putEventNotificationSettings,
  summary: "Save the user's methods for event notification types",
  tags: ['notifications'],
  body: NotificationSettingsBody,
  response: { 200: NotificationConfigAnswer },
});

/* ------------------------------------------------------------------ event comments */

export const EVENT_COMMENT_MAX = 1500;
export const EventCommentParams = z.object({ id: IdParam });
export const EventCommentBody = z.object({
  text: SafeText.trim().min(1).max(EVENT_COMMENT_MAX),
});
export type EventCommentBody = z.infer<typeof EventCommentBody>;
/**
 * The stored comment as the events v3 thread shows it (id, text, created, author; issue 31), so the
 * drawer appends it without reading the thread again, plus its event and author person ids.
 */
export const EventComment = EventV3Comment.extend({
  eventID: Id,
  authorPersonID: Id,
});
export type EventComment = z.infer<typeof EventComment>;

export const postEventComment = defineRoute({
  ...routes.postEventComment,
  summary: "Comment on an event the user can see (notifies the event's author)",
  tags: ['events'],
  params: EventCommentParams,
  body: EventCommentBody,
  response: { 201: EventComment },
});
