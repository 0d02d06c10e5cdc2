import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, DeviceIcon, InfoIcon, LogoutIcon, PersonIcon, SettingsIcon } from '../components/icons';
import { logOutConfirmingWaitingWork, useLogout, useSession, useSwitchSite } from '../features/auth';
import { SiteSwitcherButton, UserMenuButton } from './headerTriggers';

/**
 * The header's menus (a chunk of their own, app/HeaderMenuSlots.tsx): the user's menu with only the
 * actions that exist (My profile, Settings, This device, About, Log out), and the site switcher for users with several sites.
 * `defaultOpened`: the button was pressed before this code had arrived.
 */
export function UserMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const logout = useLogout();
  const fullName = `${me.forename} ${me.surname}`.trim();

  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={220}
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <UserMenuButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label hiddenFrom="sm">{fullName}</Menu.Label>
        <Menu.Item
          component={Link}
          to="/profile"
          leftSection={<PersonIcon size={18} />}
          fz="md"
          py="sm"
          data-qa="profile-menu"
        >
          {t('profile-menu')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/settings"
          leftSection={<SettingsIcon size={18} />}
          fz="md"
          py="sm"
          data-qa="settings-menu"
        >
          {t('settings-menu')}
        </Menu.Item>
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
          component={Link}
          to="/about"
          leftSection={<InfoIcon size={18} />}
          fz="md"
          py="sm"
          data-qa="about-menu"
        >
          {t('about-menu')}
        </Menu.Item>
        <Menu.Item
          leftSection={<LogoutIcon size={18} />}
          onClick={() => logOutConfirmingWaitingWork(() => logout.mutate(), t)}
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

export function SiteMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const { site, sites } = useSession();
  const switchSite = useSwitchSite();
  return (
    <Menu
      position="bottom-start"
      withinPortal
      shadow="md"
      width={260}
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <SiteSwitcherButton busy={switchSite.isPending} />
      </Menu.Target>
      <Menu.Dropdown data-qa="site-switcher-menu">
        <Menu.Label>{t('switch-site')}</Menu.Label>
        {sites.map((option) => {
          const isCurrent = option.id === site.id;
          return (
            <Menu.Item
              key={option.id}
              leftSection={isCurrent ? <CheckIcon size={16} /> : <span style={{ width: 16 }} />}
              aria-current={isCurrent ? 'true' : undefined}
              fz="md"
              py="sm"
              fw={isCurrent ? 700 : 400}
              onClick={() => {
                if (isCurrent) return;
                switchSite.mutate(option.id, {
                  onError: () => notifications.show({ color: 'red', message: t('site-switch-failed') }),
                });
              }}
              data-qa={`site-switch-${option.id}`}
            >
              {option.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
