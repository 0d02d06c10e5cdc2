import type { UserSettings } from '@nursery/domain/account';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userAccounts } from '../../db/schema/index.ts';

/** The user's stored settings, locked until the transaction ends (two saves at once queue). */
export async function lockUserSettings(db: Db, providerId: number, userId: number) {
  const rows = await db
    .select({ userSettings: userAccounts.userSettings })
    .from(userAccounts)
    .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId)))
    .for('update');
  // The column's JSON is typed loosely; it only ever holds what UserSettings accepted.
  return rows[0]?.userSettings as UserSettings | undefined;
}

export async function writeUserSettings(db: Db, providerId: number, userId: number, settings: UserSettings) {
  await db
    .update(userAccounts)
    .set({ userSettings: settings })
    .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId)));
}
