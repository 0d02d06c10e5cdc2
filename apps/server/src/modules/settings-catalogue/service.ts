// The catalogue pages' commands (issue 29): the read-only cards' facts, the provider's frameworks at a
// site, and the switch of one framework at one site (one transaction with its audit row).
import { APP_VERSION } from '@nursery/domain/common';
import {
  disabledSitesAfter,
  flagFacts,
  OVERVIEW_FLAGS,
  type OverviewCard,
  type OverviewFact,
  type SettingsOverview,
  type SiteFramework,
  type SiteFrameworkList,
} from '@nursery/domain/settings';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { assertMayReadCard } from './policy.ts';
import { presentSiteFramework } from './presenter.ts';
import { frameworkForUpdate, frameworkRows, providerRow, setDisabledSites, siteCount } from './queries.ts';

/** Where the API describes itself (app.ts registers the viewer there). */
const API_DOCS_PATH = '/api/docs';

export async function settingsOverview(
  db: Db,
  auth: AuthContext,
  card: OverviewCard,
): Promise<SettingsOverview> {
  assertMayReadCard(auth, card);
  const provider = await providerRow(db, auth.providerId);
  const flags = flagFacts(provider?.flags ?? {}, OVERVIEW_FLAGS[card]);
  let facts: OverviewFact[] = flags;
  if (card === 'provider')
    facts = [
      { key: 'name', value: provider?.name ?? '' },
      { key: 'sites', value: await siteCount(db, auth.providerId) },
      ...flags,
    ];
  if (card === 'openapi')
    facts = [
      { key: 'apiDescription', value: API_DOCS_PATH },
      { key: 'apiVersion', value: APP_VERSION },
    ];
  // Payment, documents and activities have no configuration in this product yet: "Not set up".
  return { card, configured: facts.length > 0, facts };
}

const siteOf = (auth: AuthContext, siteId: number | undefined): number => {
  const id = siteId ?? auth.siteId;
  if (id === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
  return assertSite(auth, id);
};

export async function listSiteFrameworks(
  db: Db,
  auth: AuthContext,
  siteIdAsked: number | undefined,
): Promise<SiteFrameworkList> {
  const siteId = siteOf(auth, siteIdAsked);
  const rows = await frameworkRows(db, auth.providerId);
  return {
    siteID: siteId,
    frameworks: rows.map((r) => presentSiteFramework(r, siteId)),
    permittedActions: { switch: auth.permissions.settingsFrameworks },
  };
}

export async function switchSiteFramework(
  deps: AppDeps,
  auth: AuthContext,
  frameworkId: string,
  siteIdAsked: number,
  enabled: boolean,
): Promise<SiteFramework> {
  const siteId = assertSite(auth, siteIdAsked);
  return deps.db.transaction(async (tx) => {
    const row = await frameworkForUpdate(tx, auth.providerId, frameworkId);
    if (!row) throw notFound('Framework not found.');
    const disabledSiteIds = disabledSitesAfter(row.disabledSiteIds.map(Number), siteId, enabled);
    await setDisabledSites(tx, auth.providerId, frameworkId, disabledSiteIds);
    await audit(tx, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: enabled ? 'framework-enabled-at-site' : 'framework-disabled-at-site',
      entity: 'framework',
      entityId: frameworkId,
      details: { siteId, name: row.name },
      at: deps.clock.now(),
    });
    return presentSiteFramework({ ...row, disabledSiteIds }, siteId);
  });
}
