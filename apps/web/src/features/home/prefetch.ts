import type { AppConfig } from '@nursery/domain/account';
import type { QueryClient } from '@tanstack/react-query';
import { homeOverviewQuery } from './useHomeOverview';

/**
 * Starts Home's overview as soon as the session is known (app/router.tsx, with the signed-in shell's
 * chunk), instead of after the shell and Home have loaded and rendered: on a cold cache the answer then
 * arrives alongside the code that shows it (bench "home cold"). The site is the session's, or the only
 * one; with several sites and none chosen the site picker comes first and nothing is fetched here.
 */
export function prefetchHomeOverview(queryClient: QueryClient, config: AppConfig): void {
  const sites = Object.values(config.sitesByID);
  const siteID =
    config.siteID !== null && config.sitesByID[String(config.siteID)]
      ? config.siteID
      : sites.length === 1
        ? sites[0]!.id
        : null;
  if (siteID === null) return;
  // Fresh for as long as Home's own query holds it (useHomeOverview): fetched once, not again on mount.
  void queryClient.prefetchQuery({ ...homeOverviewQuery(siteID), staleTime: 10_000 });
}
