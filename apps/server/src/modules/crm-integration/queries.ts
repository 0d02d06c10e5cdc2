// SQL of the CRM page (issue 30): the provider's HubSpot setting, read by the built-in stub.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providers } from '../../db/schema/index.ts';

/** providers.flags.enableHubSpot: true, 'readonly', or anything else (not enabled). */
export async function providerHubSpotSetting(db: Db, providerId: number): Promise<unknown> {
  const rows = await db
    .select({ flags: providers.flags })
    .from(providers)
    .where(eq(providers.id, providerId))
    .limit(1);
  return rows[0]?.flags.enableHubSpot;
}
