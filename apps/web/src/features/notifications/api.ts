// The notifications calls (spec 002 §7): GraphQL Notifications (type, since) and readNotification;
// GET notifications config; PUT notifications and eventNotifications (body: types, id + methodIDs).
import type { RouteBody } from '@nursery/domain/common';
import { routes } from '@nursery/domain/common';
import type {
  getNotificationConfig,
  putEventNotificationSettings,
  putNotificationSettings,
} from '@nursery/domain/home';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';
import { graphql, sendGraphQL } from '../../lib/graphql';

const LIST = graphql(`query Notifications($type: String, $since: String, $limit: Int) {
  notifications(type: $type, since: $since, limit: $limit) {
    items { id name typeName jsonBlob timestamp read eventID message } nextCursor unreadCount } }`);
const UNREAD = graphql('query UnreadNotifications { notifications(limit: 1) { unreadCount } }');
const READ = graphql(
  `mutation readNotification($id: Int!) { readNotification(id: $id) { id name typeName jsonBlob timestamp read eventID message } }`,
);

/** The newest notifications the page shows (the server's page limit). */
export const NOTIFICATIONS_SHOWN = 100;

export const notificationsApi = {
  list: (type: string | null) =>
    sendGraphQL(LIST, { type, limit: NOTIFICATIONS_SHOWN }).then((d) => d.notifications),
  unread: () => sendGraphQL(UNREAD).then((d) => d.notifications.unreadCount),
  read: (id: number) => sendGraphQL(READ, { id }).then((d) => d.readNotification),
  config: (signal?: AbortSignal) =>
    callRoute<typeof getNotificationConfig>(routes.getNotificationConfig, { signal }),
  saveGeneral: (body: RouteBody<typeof putNotificationSettings>) =>
    callRoute<typeof putNotificationSettings>(routes.putNotificationSettings, { body }),
  saveEvent: (body: RouteBody<typeof putEventNotificationSettings>) =>
    callRoute<typeof putEventNotificationSettings>(routes.putEventNotificationSettings, { body }),
};

/** Query keys: `['notifications', …]` is kept on the device (lib/offline/persistRules.ts). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (type: string | null) => ['notifications', 'list', type ?? 'all'] as const,
  unread: ['notifications', 'unread'] as const,
  config: ['notifications', 'config'] as const,
};

export const notificationsListQuery = (type: string | null) =>
  queryOptions({ queryKey: notificationKeys.list(type), queryFn: () => notificationsApi.list(type) });

/** The unread count of the navigation entry: refreshed every minute while the app is open. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: () => notificationsApi.unread(),
    refetchInterval: 60_000,
  });

export const notificationConfigQuery = () =>
  queryOptions({
    queryKey: notificationKeys.config,
    queryFn: ({ signal }) => notificationsApi.config(signal),
  });
