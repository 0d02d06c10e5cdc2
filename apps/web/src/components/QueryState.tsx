import { Button, Group, Loader, type MantineSize, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from './icons';
import { Notice, type NoticeProps } from './Notice';

/** A spinner with what is loading. */
export function LoadingLine({ text, qa, size = 'sm' }: { text: string; qa?: string; size?: MantineSize }) {
  return (
    <Group gap="xs" data-qa={qa}>
      <Loader size={size} />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

export interface RetryAlertProps extends Omit<NoticeProps, 'children' | 'role' | 'color'> {
  message: string;
  onRetry: () => void;
  /** The retry is on its way (the button spins). */
  retrying?: boolean;
  retryQa?: string;
}

/** A load that failed: the message and a Retry button (the rest of the screen stays usable). */
export function RetryAlert({ message, onRetry, retrying, retryQa, ...notice }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Notice color="red" icon={<AlertIcon />} role="alert" {...notice}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying} data-qa={retryQa}>
          {t('retry')}
        </Button>
      </Group>
    </Notice>
  );
}

/** What QueryState reads of a TanStack query result. */
export interface QueryView<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryWaitingProps {
  query: Pick<QueryView<unknown>, 'isError' | 'isFetching' | 'error' | 'refetch'>;
  /** Shows the failure; by default when the query has failed. */
  failed?: boolean;
  /** data-qa prefix: `<qa>-loading`, `<qa>-error`, `<qa>-retry`. */
  qa: string;
  loading: string;
  error: (error: Error) => string;
  loaderSize?: MantineSize;
}

/**
 * A screen part with nothing to show yet: the spinner while its query loads, or the failure with Retry
 * (for screens whose data may come from elsewhere too, such as the device's copy).
 */
export function QueryWaiting({
  query,
  failed = query.isError,
  qa,
  loading,
  error,
  loaderSize,
}: QueryWaitingProps) {
  if (!failed) return <LoadingLine text={loading} qa={`${qa}-loading`} size={loaderSize} />;
  return (
    <RetryAlert
      message={error(query.error ?? new Error())}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      qa={`${qa}-error`}
      retryQa={`${qa}-retry`}
    />
  );
}

export interface QueryStateProps<T> {
  query: QueryView<T>;
  /** data-qa prefix: `<qa>-loading`, `<qa>-error`, `<qa>-retry`. */
  qa: string;
  loading: string;
  error: (error: Error) => string;
  loaderSize?: MantineSize;
  /** Shown instead of `children` when the answer is empty. */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
}

/**
 * The four states of a screen part that loads one query: loading, error with Retry, empty, data. Order as
 * the screens always had it: a failed refetch shows the error, not the older data.
 */
export function QueryState<T>({
  query,
  qa,
  loading,
  error,
  loaderSize,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending || query.isError || query.data === undefined) {
    // Settled without data counts as failed, as the screens always had it.
    return (
      <QueryWaiting
        query={query}
        failed={!query.isPending}
        qa={qa}
        loading={loading}
        error={error}
        loaderSize={loaderSize}
      />
    );
  }
  if (empty?.when(query.data)) return empty.show;
  return children(query.data);
}
