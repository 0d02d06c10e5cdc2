import { Center, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { isApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import { LockedApp } from './LockedApp';
import { NoSitePage } from './NoSitePage';
import { buildSession, currentSite, SessionContext, sortedSites } from './SessionContext';
import { SitePicker } from './SitePicker';
import { getSessionState, loginPath, useConfigQuery } from './session';

/**
 * Every route inside the app passes here: no session → login (and back afterwards); no site → the
 * "no site" page; several sites and none chosen → the site picker; otherwise the screen, with the
 * session in context.
 */
export function SessionGate() {
  const location = useLocation();
  const configQuery = useConfigQuery();
  const config = configQuery.data;

  const session = useMemo(() => {
    if (!config) return null;
    const sites = sortedSites(config);
    const site = currentSite(config, sites);
    return { sites, site, value: site ? buildSession(config, sites, site) : null };
  }, [config]);

  if (configQuery.isError && isApiError(configQuery.error, 401)) {
    const here = `${location.pathname}${location.search}`;
    const reason = getSessionState() === 'expired' ? 'expired' : undefined;
    return <Navigate to={loginPath(here, reason)} replace />;
  }
  if (!session) {
    return configQuery.isError ? (
      <ConfigLoadError onRetry={() => void configQuery.refetch()} />
    ) : (
      <FullPageLoader />
    );
  }
  if (session.sites.length === 0) return <NoSitePage />;
  if (!session.value) return <SitePicker sites={session.sites} />;
  return (
    <SessionContext.Provider value={session.value}>
      <LockedApp>
        <Outlet />
      </LockedApp>
    </SessionContext.Provider>
  );
}

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" data-qa="app-loading">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

function ConfigLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  return (
    <ErrorPage
      qa="config-error"
      message={offline ? t('currently-working-offline') : t('config-load-failed')}
      action={{ label: t('retry'), onClick: onRetry, qa: 'config-retry' }}
    />
  );
}
