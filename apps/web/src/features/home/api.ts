// The home screen's calls: the server's health (its version) and the day's overview.
import type { getHealth, getHomeOverview } from '@nursery/domain';
import { callRoute } from '../../lib/api';

export const healthApi = {
  get: (signal?: AbortSignal) =>
    callRoute<typeof getHealth>({ method: 'GET', path: '/api/health' }, { signal }),
};

export const homeApi = {
  /** GET api/v1/home/overview?siteID=: the day's counts (children due in). */
  overview: (siteID: number, signal?: AbortSignal) =>
    callRoute<typeof getHomeOverview>(
      { method: 'GET', path: '/api/v1/home/overview' },
      { query: { siteID }, signal },
    ),
};
