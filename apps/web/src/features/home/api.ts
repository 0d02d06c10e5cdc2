// The home screen's calls: the server's health (its version) and the day's overview.
import type { getHealth } from '@nursery/domain';
import { callRoute } from '../../lib/api';

export const healthApi = {
  get: (signal?: AbortSignal) =>
    callRoute<typeof getHealth>({ method: 'GET', path: '/api/health' }, { signal }),
};
