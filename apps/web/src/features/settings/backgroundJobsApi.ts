// The background jobs' dead letters on #/settings/device (issue 32): list, retry, delete.
import { routes } from '@nursery/domain/common';
import type { deleteDeadLetter, listDeadLetters, retryDeadLetter } from '@nursery/domain/settings';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api';

export const backgroundJobsApi = {
  list: (signal?: AbortSignal) => callRoute<typeof listDeadLetters>(routes.listDeadLetters, { signal }),
  retry: (id: string) => callRoute<typeof retryDeadLetter>(routes.retryDeadLetter, { params: { id } }),
  remove: (id: string) => callRoute<typeof deleteDeadLetter>(routes.deleteDeadLetter, { params: { id } }),
};

/** Not kept on the device: an administrator's section, read online. */
export const deadLettersQuery = () =>
  queryOptions({
    queryKey: ['settings-dead-letters'] as const,
    queryFn: ({ signal }) => backgroundJobsApi.list(signal),
  });
