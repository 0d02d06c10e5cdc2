import type { FlagValue } from '@nursery/domain/account';
import type { ProviderID } from '@nursery/domain/common';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providers } from '../../db/schema/index.ts';

/** Provider feature flags and server flags (text limits per kind, enableSpotlight, ...). */
export async function loadProviderFlags(db: Db, providerId: ProviderID): Promise<Record<string, FlagValue>> {
  const rows = await db
    .select({ flags: providers.flags })
    .from(providers)
    .where(eq(providers.id, providerId));
  // Typed loosely by the column; the answer schema (Flags) checks the values when serialising.
  return (rows[0]?.flags ?? {}) as Record<string, FlagValue>;
}
