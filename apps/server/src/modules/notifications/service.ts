// The user's notifications (GraphQL notifications / readNotification) and notification settings
// (GET notifications config, PUT notifications and eventNotifications), spec 002 §2, §3, §6, §7.
import { NOTIFICATION_NAMES } from '@nursery/domain/common';
import {
  NOTIFICATIONS_PAGE_DEFAULT,
  type Notification,
  type NotificationConfigAnswer,
  type NotificationPage,
  type NotificationSettingsBody,
  NotificationsArgs,
} from '@nursery/domain/home';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { cursorCodec, cursorId, keysetPage, pgTimestampText } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventConfig } from '../config/index.ts';
import { checkSettings, type SettingsContext, settingsContext } from './policy.ts';
import { configAnswer, notificationOf } from './presenter.ts';
import {
  type Executor,
  factsOfUsers,
  markRead,
  type NotificationPosition,
  notificationOfUser,
  notificationsOfUser,
  type RecipientFacts,
  saveSettings,
  settingsOfUsers,
  typesOfProvider,
  unreadCount,
} from './queries.ts';

/** The settings rules' facts of a user: permissions, key children and viewable event types. */
export async function contextOf(
  db: Executor,
  providerId: number,
  facts: RecipientFacts,
): Promise<SettingsContext> {
  // Event types matter only with viewTimeline and key children (the other two conditions).
  const needsEventConfig = facts.permissions.includes('viewTimeline') && facts.hasKeyChildren;
  const canViewSomeEventType =
    needsEventConfig && facts.staffId !== null
      ? (await loadEventConfig(db as AppDeps['db'], providerId, facts.staffId)).eventTypes.some(
          (t) => t.canView,
        )
      : false;
  return settingsContext({ ...facts, canViewSomeEventType });
}

/** The notifications' position: lib/cursor.ts, the tuple [timestamp, id]. */
const cursor = cursorCodec(
  z.tuple([pgTimestampText, cursorId]),
  (p: NotificationPosition) => [p.timestamp, p.id],
  ([timestamp, id]) => ({ timestamp, id }),
);
export const encodeCursor = (p: NotificationPosition): string => cursor.encode(p);
export const decodeCursor = (text: string): NotificationPosition => cursor.decode(text);

const isName = (name: string): name is (typeof NOTIFICATION_NAMES)[number] =>
  (NOTIFICATION_NAMES as readonly string[]).includes(name);

/** GraphQL notifications(type, since, cursor, limit): the user's own, newest first, a page at a time. */
export async function listNotifications(
  deps: AppDeps,
  auth: AuthContext,
  given: NotificationsArgs,
): Promise<NotificationPage> {
  // GraphQL checks the arguments' types only: the ranges and formats are checked here.
  const parsed = NotificationsArgs.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, 'err-invalid-request', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  const args = parsed.data;
  if (args.type && !isName(args.type)) {
    throw new AppError(400, 'err-invalid-request', `type: one of ${NOTIFICATION_NAMES.join(', ')}.`);
  }
  const since = args.since ? new Date(args.since) : undefined;
  if (since && Number.isNaN(since.getTime())) {
    throw new AppError(400, 'err-invalid-request', 'since: an ISO 8601 instant.');
  }
  const limit = args.limit ?? NOTIFICATIONS_PAGE_DEFAULT;
  const [rows, unread] = await Promise.all([
    notificationsOfUser(deps.db, auth.providerId, auth.userId, {
      name: args.type && isName(args.type) ? args.type : undefined,
      since,
      after: args.cursor ? decodeCursor(args.cursor) : undefined,
      // One more than asked tells whether there is a next page.
      limit: limit + 1,
    }),
    unreadCount(deps.db, auth.providerId, auth.userId),
  ]);
  const { page, next } = keysetPage(rows, limit, (last) =>
    encodeCursor({ timestamp: last.position, id: last.id }),
  );
  return {
    items: page.map(notificationOf),
    nextCursor: next,
    unreadCount: unread,
  };
}

/** GraphQL readNotification(id): the user's own only (another user's or provider's id: not found). */
export async function readNotification(deps: AppDeps, auth: AuthContext, id: number): Promise<Notification> {
  const marked = await markRead(deps.db, auth.providerId, auth.userId, id, deps.clock.now());
  if (!marked) throw notFound('Notification not found.');
  const row = await notificationOfUser(deps.db, auth.providerId, auth.userId, id);
  if (!row) throw notFound('Notification not found.');
  return notificationOf(row);
}

async function userSettingsParts(deps: AppDeps, auth: AuthContext) {
  const [types, [facts], saved] = await Promise.all([
    typesOfProvider(deps.db, auth.providerId),
    factsOfUsers(deps.db, auth.providerId, [auth.userId]),
    settingsOfUsers(deps.db, auth.providerId, [auth.userId]),
  ]);
  if (!facts) throw notFound('User not found.');
  const ctx = await contextOf(deps.db, auth.providerId, facts);
  return { types, ctx, saved: new Map(saved.map((s) => [s.typeId, s.methodIds])) };
}

/** GET notifications config: the types, the user's methods and what the user may choose. */
export async function getNotificationConfig(
  deps: AppDeps,
  auth: AuthContext,
): Promise<NotificationConfigAnswer> {
  const { types, ctx, saved } = await userSettingsParts(deps, auth);
  return configAnswer(types, saved, ctx);
}

/** PUT notifications (general types) / PUT eventNotifications (event types): the user's methods. */
export async function saveNotificationSettings(
  deps: AppDeps,
  auth: AuthContext,
  group: 'general' | 'event',
  body: NotificationSettingsBody,
): Promise<NotificationConfigAnswer> {
  const { types, ctx, saved } = await userSettingsParts(deps, auth);
  checkSettings(group, body.types, new Map(types.map((t) => [t.id, t])), ctx);
  // One statement for every type of the body.
  await saveSettings(deps.db, auth.providerId, auth.userId, body.types);
  for (const t of body.types) saved.set(t.id, [...new Set(t.methodIDs)].sort());
  return configAnswer(types, saved, ctx);
}
