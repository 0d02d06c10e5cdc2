// #/notifications (spec 002 §2 "Notifications page", §3 Notification, §7 GraphQL Notifications and
// readNotification): the user's notifications newest first with their type's name, how long ago, a
// link to the event, read or unread with 'Mark as read'; a filter by type; empty, loading, error and
// offline states (the last fetched list is kept on the device).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, formatTime, NOTIFICATION_NAMES } from '@nursery/domain/common';
import {
  conversationThreadPath,
  type Notification,
  type NotificationPage,
  threadOfNotification,
} from '@nursery/domain/home';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, InfoIcon, OfflineIcon } from '../../components/icons';
import listPage from '../../components/ListPage.module.css';
import { Notice } from '../../components/Notice';
import { QueryState } from '../../components/QueryState';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { timeAgo } from '../../lib/offline/timeAgo';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { notificationConfigQuery, notificationKeys, notificationsApi, notificationsListQuery } from './api';
import classes from './Notifications.module.css';
import { typeFilterOptions } from './notificationView';
import { notificationsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', notificationsStrings);

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notifications-title')} – ${t('app-name')}`);
  const offline = useIsOffline();
  const [type, setType] = useState<string | null>(null);
  const query = useQuery({ ...notificationsListQuery(type), retry: 1 });
  // The types' names for the filter (the settings' call; the record names stand in until it answers).
  const config = useQuery({ ...notificationConfigQuery(), retry: 1 });
  const options = typeFilterOptions(
    config.data?.types ?? NOTIFICATION_NAMES.map((n) => ({ code: n, name: n })),
    NOTIFICATION_NAMES,
  );
  const unread = query.data?.unreadCount;

  return (
    <Stack gap="md" maw={900} data-qa="notifications-page" data-status={query.status}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {t('notifications-title')}
          </Title>
          {unread !== undefined && (
            <Text c="dimmed" fw={600} data-qa="notifications-unread-count" data-count={unread}>
              {t('notifications-unread-count', { count: unread })}
            </Text>
          )}
        </div>
        <Button
          component={Link}
          to="/notifications/settings"
          variant="default"
          className={listPage.touch}
          data-qa="notifications-settings-link"
        >
          {t('notifications-settings-link')}
        </Button>
      </Group>

      {offline && (
        <Notice color="orange" icon={<OfflineIcon />} qa="notifications-offline">
          {t('notifications-offline')}
        </Notice>
      )}

      <div className={`${listPage.controls} ${classes.controls}`}>
        <div className={listPage.field}>
          <label htmlFor="notifications-type" className={listPage.label}>
            {t('notifications-filter')}
          </label>
          {/* A native select: the tablet's own picker. */}
          <select
            id="notifications-type"
            className={`${listPage.select} ${classes.select}`}
            value={type ?? ''}
            onChange={(e) => setType(e.currentTarget.value || null)}
            data-qa="notifications-type"
          >
            <option value="">{t('notifications-filter-all')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <QueryState
        query={query}
        qa="notifications"
        loading={t('notifications-loading')}
        error={() => t('notifications-load-failed')}
        empty={{
          when: (page) => page.items.length === 0,
          show: (
            <Notice color="blue" icon={<InfoIcon />} qa="notifications-empty">
              {t(type ? 'notifications-empty-type' : 'notifications-empty')}
            </Notice>
          ),
        }}
      >
        {(page) => <NotificationList page={page} offline={offline} />}
      </QueryState>
    </Stack>
  );
}

function NotificationList({ page, offline }: { page: NotificationPage; offline: boolean }) {
  return (
    <ul className={classes.list} data-qa="notifications-list">
      {page.items.map((n) => (
        <NotificationRow key={n.id} notification={n} offline={offline} />
      ))}
    </ul>
  );
}

function NotificationRow({ notification: n, offline }: { notification: Notification; offline: boolean }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const now = useNow(60_000);
  const queryClient = useQueryClient();
  const at = new Date(n.timestamp);
  const ago = timeAgo(at, now);
  // A conversation's message (issue 31) opens its thread at the message rather than the event.
  const thread = n.name === 'in-app-message' ? threadOfNotification(n.jsonBlob) : null;
  const read = useMutation({
    mutationFn: () => notificationsApi.read(n.id),
    onSuccess: (updated) => {
      // Every cached list shows it read, the counts drop by one; then the server's own figures.
      queryClient.setQueriesData<NotificationPage>({ queryKey: ['notifications', 'list'] }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((x) => (x.id === updated.id ? updated : x)),
              unreadCount: Math.max(0, page.unreadCount - (n.read ? 0 : 1)),
            }
          : page,
      );
      queryClient.setQueryData<number>(notificationKeys.unread, (count) =>
        count === undefined ? count : Math.max(0, count - 1),
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });

  return (
    <li className={classes.item} data-qa="notification" data-id={n.id} data-name={n.name} data-read={n.read}>
      <div className={classes.itemText}>
        <Text fw={700}>{n.typeName}</Text>
        {n.message && <Text size="sm">{n.message}</Text>}
        <Text size="sm" c="dimmed">
          <time
            dateTime={n.timestamp}
            title={`${formatDate(at, site.timeZone)} ${formatTime(at, site.timeZone)}`}
          >
            {ago}
          </time>
          {' · '}
          <span data-qa="notification-state">
            {t(n.read ? 'notifications-read' : 'notifications-unread')}
          </span>
        </Text>
        {read.isError && (
          <Text size="sm" c="red.8" role="alert">
            {t('notifications-mark-read-failed')}
          </Text>
        )}
      </div>
      <div className={classes.actions}>
        {thread && (
          <Button
            component={Link}
            to={conversationThreadPath(thread.threadID, thread.messageID)}
            variant="default"
            className={listPage.touch}
            data-qa="notification-thread-link"
          >
            {t('notifications-open-conversation')}
          </Button>
        )}
        {n.eventID !== null && !thread && (
          <Button
            component={Link}
            to={`/view/${n.eventID}`}
            variant="default"
            className={listPage.touch}
            data-qa="notification-event-link"
          >
            {t('notifications-open-event')}
          </Button>
        )}
        {!n.read && (
          <Button
            className={listPage.touch}
            leftSection={<CheckIcon size={18} />}
            onClick={() => read.mutate()}
            loading={read.isPending}
            disabled={offline}
            aria-label={t('notifications-mark-read-of', { name: n.typeName, time: ago })}
            data-qa="notification-mark-read"
          >
            {t('notifications-mark-read')}
          </Button>
        )}
      </div>
    </li>
  );
}
