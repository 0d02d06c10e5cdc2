import { Stack } from '@mantine/core';
import type { HomeOverviewAnswer } from '@nursery/domain/home';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataFetchedNotice } from '../../../components/DataFetchedNotice';
import { AlertIcon, OfflineIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { NetworkError } from '../../../lib/api';
import { useIsOffline } from '../../../lib/connectivity';
import { useSession } from '../../auth';
import { useHomeOverview } from '../useHomeOverview';

export interface OverviewStateProps {
  /** data-qa prefix: `<qa>-loading`, `<qa>-error`, `<qa>-retry`, `<qa>-offline`. */
  qa: string;
  loading: string;
  error: string;
  /** The warning above the device's copy while offline (spec 002 §8). */
  offlineWarning: string;
  children: (overview: HomeOverviewAnswer) => ReactNode;
}

/**
 * The states of a widget that reads Home's overview: loading; offline without a copy on the device
 * ('home-offline-no-cache-data'); an error with Retry; or the data, with the widget's offline warning
 * and 'This data was fetched: {time ago}' when it is the device's copy after a failed refresh (offline,
 * Home's alerts say it once for the page).
 */
export function OverviewState({ qa, loading, error, offlineWarning, children }: OverviewStateProps) {
  const { t } = useTranslation();
  const { site } = useSession();
  const overview = useHomeOverview(site.id);
  const offline = useIsOffline();
  // A failed request decides offline, not navigator.onLine: a network error on this very call counts.
  const unreachable =
    offline ||
    overview.fetchStatus === 'paused' ||
    (overview.isError && overview.error instanceof NetworkError);
  if (overview.data === undefined) {
    if (unreachable) {
      return (
        <Notice color="red" icon={<OfflineIcon />} role="alert" qa={`${qa}-offline-no-cache`}>
          {t('home-offline-no-cache-data')}
        </Notice>
      );
    }
    if (!overview.isError) return <LoadingLine text={loading} qa={`${qa}-loading`} />;
    return (
      <RetryAlert
        message={error}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
        qa={`${qa}-error`}
        retryQa={`${qa}-retry`}
      />
    );
  }
  const fromDevice = unreachable || overview.isRefetchError;
  return (
    <Stack gap="sm">
      {fromDevice && (
        <Stack gap={6}>
          <Notice color="yellow" icon={<AlertIcon />} qa={`${qa}-offline`}>
            {offlineWarning}
          </Notice>
          {/* Offline, Home's alerts say once how old the device's copy is; a widget repeats it only
              when it alone fell back to the copy (a failed refresh while online). */}
          {!offline && <DataFetchedNotice updatedAt={overview.dataUpdatedAt} />}
        </Stack>
      )}
      {children(overview.data)}
    </Stack>
  );
}
