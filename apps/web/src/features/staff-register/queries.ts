/**
 * The staff register of a site day as a query (key and fetch), shared by the screen and the device's
 * offline preparation at login (features/sync/prepareDevice.ts): what is prepared is what the screen
 * reads when it opens offline. `['staff-register', siteID, date]` is kept on the device
 * (lib/offline/persistRules.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { staffRegisterApi } from './api';

export const staffRegisterKeys = {
  all: ['staff-register'] as const,
  day: (siteID: number, date: string) => ['staff-register', siteID, date] as const,
};

export const staffRegisterDayQuery = (siteID: number, date: string) =>
  queryOptions({
    queryKey: staffRegisterKeys.day(siteID, date),
    queryFn: ({ signal }) => staffRegisterApi.get(siteID, date, signal),
  });
