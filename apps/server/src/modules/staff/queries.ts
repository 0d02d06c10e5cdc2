import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { people, staff, userAccounts } from '../../db/schema/index.ts';

export async function findStaff(db: Db, providerId: number, staffId: number) {
  const rows = await db
    .select({
      id: staff.id,
      forename: people.forename,
      surname: people.surname,
      personID: people.id,
      hasImage: people.hasImage,
      keyChildren: sql<number[]>`array(select kc.child_id from key_children kc
        where kc.provider_id = ${staff.providerId} and kc.staff_id = ${staff.id} order by kc.child_id)`,
    })
    .from(staff)
    .innerJoin(people, and(eq(people.providerId, staff.providerId), eq(people.id, staff.personId)))
    .where(and(eq(staff.providerId, providerId), eq(staff.id, staffId)));
  return rows[0];
}

export async function setPin(
  db: Db,
  providerId: number,
  userId: number,
  change: { pinHash: string } | { declined: true },
) {
  await db
    .update(userAccounts)
    .set('pinHash' in change ? { pinHash: change.pinHash, pinDeclined: false } : { pinDeclined: true })
    .where(and(eq(userAccounts.providerId, providerId), eq(userAccounts.id, userId)));
}
