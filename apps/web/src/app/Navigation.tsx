import { Badge, NavLink as MantineNavLink } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { TouchList, TouchRow } from '../components/TouchList';
import { useSession } from '../features/auth';
import { usePendingCount } from '../lib/offline/pendingCount';
import { NAVIGATION } from './navigation';

/** The main navigation list; in the side bar on wide screens, in the burger panel on narrow ones. */
export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { can, config } = useSession();
  const location = useLocation();
  const pending = usePendingCount();
  const items = NAVIGATION.filter(
    (item) =>
      (!item.permission || can(item.permission)) &&
      (!item.anyPermission || item.anyPermission.some(can)) &&
      (!item.visible || item.visible(config)),
  );

  return (
    <TouchList gap={4}>
      {items.map((item) => {
        const active = item.end ? location.pathname === item.to : location.pathname.startsWith(item.to);
        return (
          <TouchRow key={item.to}>
            <MantineNavLink
              component={NavLink}
              to={item.to}
              end={item.end}
              label={t(item.labelKey)}
              leftSection={<item.icon size={22} />}
              rightSection={
                item.qa === 'nav-sync' && pending > 0 ? (
                  <Badge
                    color="orange"
                    variant="filled"
                    size="md"
                    circle={pending < 10}
                    aria-label={t('nav-sync-pending', { count: pending })}
                    data-qa="nav-sync-pending"
                  >
                    {pending > 99 ? '99+' : pending}
                  </Badge>
                ) : item.badge ? (
                  <Suspense fallback={null}>
                    <item.badge />
                  </Suspense>
                ) : undefined
              }
              active={active}
              variant="light"
              onClick={onNavigate}
              data-qa={item.qa}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)', minHeight: 48 } }}
              fw={600}
            />
          </TouchRow>
        );
      })}
    </TouchList>
  );
}
