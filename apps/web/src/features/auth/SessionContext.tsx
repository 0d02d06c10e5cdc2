import type { AppConfig, Me, SiteConfig } from '@nursery/domain/account';
import type { Permission } from '@nursery/domain/common';
import { createContext, useContext } from 'react';

/** What every screen inside the shell may rely on: a loaded config and a chosen site. */
export interface Session {
  config: AppConfig;
  me: Me;
  site: SiteConfig;
  /** The user's sites, sorted by name. */
  sites: SiteConfig[];
  can: (permission: Permission) => boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the session gate');
  return session;
}

export function sortedSites(config: AppConfig): SiteConfig[] {
  return Object.values(config.sitesByID).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

/** The session's site; with a single site it is that one even before the server records a choice. */
export function currentSite(config: AppConfig, sites: SiteConfig[]): SiteConfig | null {
  if (config.siteID !== null) {
    const chosen = config.sitesByID[String(config.siteID)];
    if (chosen) return chosen;
  }
  return sites.length === 1 ? sites[0] : null;
}

export function buildSession(config: AppConfig, sites: SiteConfig[], site: SiteConfig): Session {
  return {
    config,
    me: config.me,
    site,
    sites,
    can: (permission) => config.permissions[permission] === true,
  };
}
