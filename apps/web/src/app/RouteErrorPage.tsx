import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';

/**
 * Last resort for a render error or a lazy chunk that failed to load (often a new deployment replaced
 * the chunk files): offer a full reload rather than a blank screen.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <ErrorPage
      qa="route-error"
      message={t('err-unknown')}
      action={{ label: t('error-reload'), onClick: () => window.location.reload(), qa: 'route-error-reload' }}
    />
  );
}
