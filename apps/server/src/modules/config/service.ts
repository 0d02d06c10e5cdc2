// The session's configuration (GET api/v1/config), also embedded in the web app's page for a signed-in
// device (modules/web-shell): one command for both.
import { type AppConfig, type AppLinks, NO_APP_LINKS } from '@nursery/domain/account';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventConfig } from './event-config.ts';
import { configAnswer } from './presenter.ts';
import { loadConfigParts } from './queries.ts';

/** Two statements at most: the user's own parts in one, and the event configuration unless it is kept. */
export async function loadConfig(
  db: Db,
  auth: AuthContext,
  links: AppLinks = NO_APP_LINKS,
): Promise<AppConfig> {
  const [parts, events] = await Promise.all([
    loadConfigParts(db, auth.providerId, auth.userId, auth.staffId, auth.siteIds),
    loadEventConfig(db, auth.providerId, auth.staffId),
  ]);
  return configAnswer(auth, { ...parts, events, flags: auth.providerFlags, links });
}
