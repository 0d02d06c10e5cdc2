/**
 * The register of a site day as a query (key and fetch), shared by the screen (useRegister.ts) and the
 * device's offline preparation (features/sync/prepareDevice.ts): what is prepared at login is what
 * `#/register` reads when it opens offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { registerApi } from './api';

export const registerKeys = {
  all: ['register'] as const,
  day: (siteID: number, date: string) => ['register', siteID, date] as const,
};

/** `background`: the screen's refetches (spec 002 §7), not logged as a view. */
export const registerDayQuery = (siteID: number, date: string, background = false) =>
  queryOptions({
    queryKey: registerKeys.day(siteID, date),
    queryFn: ({ signal }) => registerApi.get(siteID, date, background, signal),
  });
