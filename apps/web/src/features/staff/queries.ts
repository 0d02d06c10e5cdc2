/**
 * The site's staff (GET /api/v1/staff?siteID=), by surname: the drafts filter's author choices. One
 * `queryOptions` object for the screen's hook and the device's offline preparation (same key).
 */
import { queryOptions } from '@tanstack/react-query';
import { staffApi } from './api';

export const staffKeys = {
  site: (siteID: number) => ['site-staff', siteID] as const,
};

export const siteStaffQuery = (siteID: number) =>
  queryOptions({
    queryKey: staffKeys.site(siteID),
    queryFn: async ({ signal }) => (await staffApi.list(siteID, signal)).staff,
    staleTime: 10 * 60_000,
  });
