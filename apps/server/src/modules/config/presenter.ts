// The one place that shapes the config answer (spec 002 §3 "Config items"): the session's parts, the
// user (their settings apart), the sites, the event configuration and the fixed lists of the domain.
import type { AppConfig, AppLinks, FlagValue } from '@nursery/domain/account';
import { APP_VERSION, EVENT_STATUSES, MIN_APP_VERSION, NOTIFICATION_METHODS } from '@nursery/domain/common';
import type { AuthContext } from '../../plugins/auth.ts';
import type { loadEventConfig } from './event-config.ts';
import type { ConfigSite, Me } from './queries.ts';

export interface ConfigParts {
  me: Me;
  sitesByID: Record<string, ConfigSite>;
  keyChildren: number[];
  events: Awaited<ReturnType<typeof loadEventConfig>>;
  flags: Record<string, FlagValue>;
  links: AppLinks;
}

export function configAnswer(auth: AuthContext, parts: ConfigParts): AppConfig {
  const { userSettings, ...me } = parts.me;
  return {
    version: APP_VERSION,
    minVersion: MIN_APP_VERSION,
    siteID: auth.siteId,
    sitesByID: parts.sitesByID,
    eventTypes: parts.events.eventTypes,
    eventStatuses: [...EVENT_STATUSES],
    eventRoles: parts.events.eventRoles,
    eventTransitions: parts.events.eventTransitions,
    permissions: auth.permissions,
    keyChildren: parts.keyChildren,
    me,
    userSettings,
    session: { timeoutMinutes: auth.timeoutMinutes, idleSeconds: auth.timeoutMs / 1000 },
    notificationMethods: [...NOTIFICATION_METHODS],
    flags: parts.flags,
    links: parts.links,
  };
}
