import { AppShell, Burger, Indicator, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { ProductMark } from '../components/ProductMark';
import { SkipLink } from '../components/SkipLink';
import { useMedicationOfflineSync } from '../features/medication';
import { useRegisterOfflineSync } from '../features/register';
import { useSpotlightOfflineSync } from '../features/spotlight';
import { useStaffShiftOfflineSync } from '../features/staff-register';
import { useAppSync } from '../features/sync';
import { usePendingCount } from '../lib/offline/pendingCount';
import classes from './AppLayout.module.css';
import { SiteSwitcher, UserMenu } from './HeaderMenuSlots';
import { Navigation } from './Navigation';
import { useFocusMainOnNavigate } from './useFocusMainOnNavigate';

/**
 * The app shell. Landscape tablets and desktops keep the navigation open at the side; portrait tablets
 * and phones (below Mantine's md breakpoint, 992 px) get a burger so the screen stays for the work.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  const pending = usePendingCount();
  const navigation = useNavigation();
  useFocusMainOnNavigate();
  useAppSync();
  useSpotlightOfflineSync();
  useStaffShiftOfflineSync();
  useRegisterOfflineSync();
  useMedicationOfflineSync();
  // The folded navigation covers the screen: Escape closes it and gives focus back to the burger.
  const burger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!navigationOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigationOpen, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: !navigationOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header className={classes.header} data-qa="app-header">
        <div className={classes.headerStart}>
          {/* Folded navigation: a dot tells that the Sync entry inside counts work not uploaded. */}
          <Indicator
            disabled={pending === 0 || navigationOpen}
            color="orange"
            size={10}
            offset={6}
            hiddenFrom="md"
            data-qa="nav-burger-pending"
          >
            <Burger
              ref={burger}
              opened={navigationOpen}
              onClick={toggle}
              size="md"
              aria-label={
                navigationOpen
                  ? t('close-navigation')
                  : pending > 0
                    ? `${t('open-navigation')} (${t('nav-sync-pending', { count: pending })})`
                    : t('open-navigation')
              }
              aria-expanded={navigationOpen}
              aria-controls="main-navigation"
              data-qa="nav-burger"
            />
          </Indicator>
          <ProductMark compact />
        </div>
        <div className={classes.headerSite}>
          <SiteSwitcher />
        </div>
        <UserMenu />
        {navigation.state === 'loading' && (
          // A plain striped bar (CSS only): Mantine's Progress would add 1 KB to the first screens.
          <div className={classes.progress} role="progressbar" aria-label={t('loading')} aria-busy="true" />
        )}
      </AppShell.Header>

      <AppShell.Navbar
        id="main-navigation"
        p="sm"
        aria-label={t('main-navigation')}
        data-qa="main-navigation"
      >
        <AppShell.Section grow component={ScrollArea}>
          <Navigation onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
