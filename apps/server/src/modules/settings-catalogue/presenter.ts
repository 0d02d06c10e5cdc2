import type { SiteFramework } from '@nursery/domain/settings';
import type { FrameworkRow } from './queries.ts';

export function presentSiteFramework(row: FrameworkRow, siteId: number): SiteFramework {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    enabledAtSite: !row.disabledSiteIds.map(Number).includes(siteId),
    enabledForProvider: row.enabled,
  };
}
