// The catalogue pages' reads and the framework switch (issue 29). Every query is filtered by provider_id
// first; frameworks are a handful per provider (the primary key's prefix), so no paging.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { frameworks, providers, sites } from '../../db/schema/index.ts';

export async function providerRow(db: Db, providerId: number) {
  const [row] = await db
    .select({ name: providers.name, flags: providers.flags })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row ?? null;
}

export async function siteCount(db: Db, providerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sites).where(eq(sites.providerId, providerId));
  return Number(row?.n ?? 0);
}

const frameworkColumns = {
  id: frameworks.id,
  name: frameworks.name,
  shortName: frameworks.shortName,
  enabled: frameworks.enabled,
  disabledSiteIds: frameworks.disabledSiteIds,
};

export type FrameworkRow = Awaited<ReturnType<typeof frameworkRows>>[number];

export function frameworkRows(db: Db, providerId: number) {
  return db
    .select(frameworkColumns)
    .from(frameworks)
    .where(eq(frameworks.providerId, providerId))
    .orderBy(asc(frameworks.sortOrder), asc(frameworks.id));
}

/** The framework's row, locked for the switch's transaction (two managers' switches do not lose one). */
export async function frameworkForUpdate(db: Db, providerId: number, frameworkId: string) {
  const [row] = await db
    .select(frameworkColumns)
    .from(frameworks)
    .where(and(eq(frameworks.providerId, providerId), eq(frameworks.id, frameworkId)))
    .for('update');
  return row ?? null;
}

export async function setDisabledSites(db: Db, providerId: number, frameworkId: string, siteIds: number[]) {
  await db
    .update(frameworks)
    .set({ disabledSiteIds: siteIds })
    .where(and(eq(frameworks.providerId, providerId), eq(frameworks.id, frameworkId)));
}
