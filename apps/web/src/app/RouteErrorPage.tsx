import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { now } from '../lib/clock';
import { isChunkLoadFailure, reloadForChunk } from './chunkReload';

/**
 * Last resort for a render error or a lazy chunk that failed to load (often a new deployment replaced
 * the chunk files, or the network went before the service worker held the code): offer a full reload
 * rather than a blank screen. A chunk that failed is fetched again by one automatic reload when the
 * device is online, or as soon as it comes back (chunkReload.ts).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = isChunkLoadFailure(error);
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
    return () => window.removeEventListener('online', reload);
  }, [error, chunkFailed]);
  return (
    <ErrorPage
      qa="route-error"
      message={t('err-unknown')}
      action={{ label: t('error-reload'), onClick: () => window.location.reload(), qa: 'route-error-reload' }}
    />
  );
}
