// The unread count beside the navigation entry (spec 002 §2 Notifications page; issue 15).
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unreadCountQuery } from './api';

export function NotificationsNavBadge() {
  const { t } = useTranslation();
  const { data: count } = useQuery(unreadCountQuery());
  if (!count) return null;
  return (
    <Badge
      color="blue"
      variant="filled"
      size="md"
      circle={count < 10}
      aria-label={t('nav-notifications-unread', { count })}
      data-qa="nav-notifications-unread"
      data-count={count}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
