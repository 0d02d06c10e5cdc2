import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/icons';

/** Spec 002 §2: the notification settings, "openable directly" (#/notifications/settings). */
export function NotificationSettingsSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{t('profile-notifications-intro')}</Text>
      <Button
        component={Link}
        to="/notifications/settings"
        variant="light"
        mih={44}
        leftSection={<BellIcon size={18} />}
        data-qa="profile-open-notification-settings"
      >
        {t('profile-notifications-open')}
      </Button>
    </Stack>
  );
}
