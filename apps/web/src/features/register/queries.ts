/**
 * The register of a site day as a query (key and fetch), shared by the screen (useRegister.ts) and the
 * device's offline preparation (features/sync/prepareDevice.ts): what is prepared at login is what
 * `#/register` reads when it opens offline.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query';
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

/**
 * The screen's own read of a site day. Opening the register always asks the server, even when the
 * device holds a copy younger than the usual 30 s (the login's preparation): children added or booked
 * since (on the settings pages, on another device) are on the register the moment it opens, not after
 * the first auto-refresh (found by the empty-install walk, issue 29). The copy is shown meanwhile.
 * Every fetch after the first of this day is a background one (not logged as a view).
 */
export const registerScreenQuery = (queryClient: QueryClient, siteID: number, date: string) =>
  queryOptions({
    ...registerDayQuery(siteID, date),
    queryFn: ({ signal }) =>
      registerApi.get(
        siteID,
        date,
        queryClient.getQueryData(registerKeys.day(siteID, date)) !== undefined,
        signal,
      ),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    retry: 1,
  });
