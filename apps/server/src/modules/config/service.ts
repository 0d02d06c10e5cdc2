// The session's configuration (GET api/v1/config), also embedded in the web app's page for a signed-in
// device (modules/web-shell): one command for both.
import { type AppConfig, type AppLinks, NO_APP_LINKS } from '@nursery/domain/account';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventConfig } from './event-config.ts';
import { loadProviderFlags } from './flags.ts';
import { configAnswer } from './presenter.ts';
import { loadKeyChildren, loadMe, loadSitesByID } from './queries.ts';

export async function loadConfig(
  db: Db,
  auth: AuthContext,
  links: AppLinks = NO_APP_LINKS,
): Promise<AppConfig> {
  const [me, sitesByID, keyChildren, events, flags] = await Promise.all([
    loadMe(db, auth.providerId, auth.userId),
    loadSitesByID(db, auth.providerId, auth.siteIds),
    loadKeyChildren(db, auth.providerId, auth.staffId),
    loadEventConfig(db, auth.providerId, auth.staffId),
    loadProviderFlags(db, auth.providerId),
  ]);
  return configAnswer(auth, { me, sitesByID, keyChildren, events, flags, links });
}
