import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openConfirmDialog } from '../components/confirmDialog';
import { ChevronDownIcon, DeviceIcon, LogoutIcon } from '../components/icons';
import { useLogout, useSession } from '../features/auth';
import { pendingCount } from '../lib/offline/pendingCount';
import classes from './AppLayout.module.css';

/** The signed-in user's name with a menu. Only actions that exist are offered (This device, Log out). */
export function UserMenu() {
  const { t } = useTranslation();
  const { me } = useSession();
  const logout = useLogout();
  const fullName = `${me.forename} ${me.surname}`.trim();
  const initials = `${me.forename.charAt(0)}${me.surname.charAt(0)}`.toUpperCase();

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={t('user-menu', { name: fullName })}
          data-qa="user-menu"
        >
          <Avatar color="nursery" radius="xl" size={36} variant="filled">
            {initials}
          </Avatar>
          <Text component="span" fw={600} visibleFrom="sm" truncate="end" data-qa="user-name">
            {fullName}
          </Text>
          <Box visibleFrom="sm" display="flex">
            <ChevronDownIcon size={16} />
          </Box>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label hiddenFrom="sm">{fullName}</Menu.Label>
        <Menu.Item
          component={Link}
          to="/settings/device"
          leftSection={<DeviceIcon size={18} />}
          fz="md"
          py="sm"
          data-qa="device-settings"
        >
          {t('device-menu')}
        </Menu.Item>
        <Menu.Item
          leftSection={<LogoutIcon size={18} />}
          onClick={() => {
            const waiting = pendingCount();
            if (waiting === 0) return logout.mutate();
            // A shared tablet: the work stays on it for this user, not for whoever logs in next.
            openConfirmDialog({
              title: t('logout-unsynced-title'),
              body: t('logout-unsynced-body', { count: waiting }),
              confirmLabel: t('log-out'),
              cancelLabel: t('cancel'),
              confirmQa: 'logout-unsynced-confirm',
              danger: false,
              onConfirm: () => logout.mutate(),
            });
          }}
          disabled={logout.isPending}
          fz="md"
          py="sm"
          data-qa="logout"
        >
          {t('log-out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
