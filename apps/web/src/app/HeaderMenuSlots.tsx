import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildingIcon } from '../components/icons';
import { useSession } from '../features/auth';
import { whenFirstScreenUp } from '../lib/firstScreen';
import { SiteSwitcherButton, UserMenuButton } from './headerTriggers';

type HeaderMenus = typeof import('./HeaderMenus');
const loadHeaderMenus = () => import('./HeaderMenus');

/**
 * The menus' code once it is here: fetched when the first screen is up (lib/firstScreen.ts), or at once
 * when a button is pressed before that; `pressed` then opens the menu as soon as it arrives.
 */
function useHeaderMenus(): { menus: HeaderMenus | null; pressed: boolean; press: () => void } {
  const [menus, setMenus] = useState<HeaderMenus | null>(null);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    let live = true;
    void whenFirstScreenUp()
      .then(loadHeaderMenus)
      .then((m) => live && setMenus(m))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const press = () => {
    setPressed(true);
    void loadHeaderMenus()
      .then(setMenus)
      .catch(() => undefined);
  };
  return { menus, pressed, press };
}

/** The signed-in user's name with a menu (app/HeaderMenus.tsx). */
export function UserMenu() {
  const { menus, pressed, press } = useHeaderMenus();
  if (menus) return <menus.UserMenu defaultOpened={pressed} />;
  return <UserMenuButton aria-haspopup="menu" aria-expanded={false} onClick={press} />;
}

/** The current site, always visible in the header; a menu to switch when the user has several. */
export function SiteSwitcher() {
  const { t } = useTranslation();
  const { site, sites } = useSession();
  const { menus, pressed, press } = useHeaderMenus();
  if (sites.length < 2) {
    return (
      <Group gap={6} wrap="nowrap" miw={0} data-qa="current-site">
        <BuildingIcon size={18} />
        <VisuallyHidden>{t('current-site')}: </VisuallyHidden>
        <Text fw={600} truncate="end" data-qa="current-site-name">
          {site.name}
        </Text>
      </Group>
    );
  }
  if (menus) return <menus.SiteMenu defaultOpened={pressed} />;
  return <SiteSwitcherButton aria-haspopup="menu" aria-expanded={false} onClick={press} />;
}
