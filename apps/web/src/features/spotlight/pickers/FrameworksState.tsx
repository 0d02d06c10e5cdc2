import type { ReactNode } from 'react';
import { OfflineIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { useIsOffline } from '../../../lib/connectivity';
import { usePickerT } from './usePickerT';

interface FrameworksQueryView {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  refetch: () => unknown;
}

/**
 * The frameworks' loading, offline-and-not-yet-loaded and error (with Retry) states of a picker; the
 * children once the frameworks are there (a stored copy is used offline and after a failed refetch).
 */
export function FrameworksState({
  query,
  qa,
  children,
}: {
  query: FrameworksQueryView;
  qa: string;
  children: ReactNode;
}) {
  const t = usePickerT();
  const offline = useIsOffline();
  if (query.data !== undefined) return <>{children}</>;
  if (offline) {
    return (
      <Notice color="gray" icon={<OfflineIcon />} qa={`${qa}-offline`}>
        {t('picker-offline-not-loaded')}
      </Notice>
    );
  }
  if (query.isPending && !query.isError)
    return <LoadingLine text={t('picker-frameworks-loading')} qa={`${qa}-loading`} />;
  return (
    <RetryAlert
      message={t('picker-frameworks-failed')}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      qa={`${qa}-error`}
      retryQa={`${qa}-retry`}
    />
  );
}
