import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CenteredPage } from '../components/CenteredPage';
import { ErrorPage } from '../components/ErrorPage';
import { AlertIcon } from '../components/icons';
import { now } from '../lib/clock';
import { isChunkLoadFailure, reloadForChunk } from './chunkReload';

/**
 * Last resort for a render error or a lazy chunk that failed to load (often a new deployment replaced
 * the chunk files, or the network went before the service worker held the code): offer a full reload
 * rather than a blank screen. A chunk that failed is fetched again by one automatic reload when the
 * device is online, or as soon as it comes back (chunkReload.ts). Offline, a screen whose code is not on
 * the device says so with a retry (issue 27), never "Something went wrong", and opens by itself once the
 * service worker has it (it takes control when its precache is complete).
 *
 * `inShell`: shown in the signed-in shell's content area (app/router.tsx), so the navigation stays and
 * the user can go to a screen that is on the device; otherwise a whole page.
 */
export function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = isChunkLoadFailure(error);
  const [stillOffline, setStillOffline] = useState(false);
  useEffect(() => {
    console.error('route error', error instanceof Error ? error.message : error);
    if (!chunkFailed) return;
    const reload = () =>
      reloadForChunk(window.sessionStorage, now().getTime(), () => window.location.reload());
    if (navigator.onLine) {
      reload();
      return;
    }
    window.addEventListener('online', reload, { once: true });
    // The service worker took control (its precache complete): the screen's code is on the device now.
    const controlled = () => window.location.reload();
    navigator.serviceWorker?.addEventListener('controllerchange', controlled, { once: true });
    return () => {
      window.removeEventListener('online', reload);
      navigator.serviceWorker?.removeEventListener('controllerchange', controlled);
    };
  }, [error, chunkFailed]);

  if (chunkFailed && !navigator.onLine) {
    const retry = () => {
      // A page load offline with no service worker would be the browser's own "no internet" page.
      if (navigator.onLine || navigator.serviceWorker?.controller) window.location.reload();
      else setStillOffline(true);
    };
    const body = (
      <Stack gap="md" maw={640} data-qa="route-not-on-device">
        <Title order={1} fz={26}>
          {t('offline-screen-missing-title')}
        </Title>
        <Alert color="orange" variant="light" icon={<AlertIcon />} role="status">
          {t('offline-screen-missing')}
        </Alert>
        {stillOffline && (
          <Text size="sm" role="status" data-qa="route-not-on-device-offline">
            {t('offline-screen-still-offline')}
          </Text>
        )}
        <Button
          size="md"
          onClick={retry}
          data-qa="route-not-on-device-retry"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('offline-screen-retry')}
        </Button>
      </Stack>
    );
    return inShell ? body : <CenteredPage qa="route-not-on-device-page">{body}</CenteredPage>;
  }
  if (inShell)
    return (
      <Stack gap="md" maw={640} data-qa="route-error">
        <Title order={1} fz={26}>
          {t('error-title')}
        </Title>
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {t('err-unknown')}
        </Alert>
        <Button
          size="md"
          onClick={() => window.location.reload()}
          data-qa="route-error-reload"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('error-reload')}
        </Button>
      </Stack>
    );
  return (
    <ErrorPage
      qa="route-error"
      message={t('err-unknown')}
      action={{ label: t('error-reload'), onClick: () => window.location.reload(), qa: 'route-error-reload' }}
    />
  );
}
