// SQL of one's own details (issue 30). Every query takes the provider first; a person's pending
// change request is found through change_requests_person_idx (provider_id, person_id).
import type { ProfileDetails } from '@nursery/domain/account';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changeRequests, people } from '../../db/schema/index.ts';
import { PERSON_DETAILS } from '../../lib/person-address.ts';

/** A transaction or the database: the queries run in either. */
export type Runner = Pick<Db, 'select' | 'update' | 'insert'>;

/** The person's details as a change request names them, locking the row: one raise per person at a time. */
export async function lockPersonDetails(
  db: Runner,
  providerId: number,
  personId: number,
): Promise<ProfileDetails | undefined> {
  const [row] = await db
    .select(PERSON_DETAILS)
    .from(people)
    .where(and(eq(people.providerId, providerId), eq(people.id, personId)))
    .for('update');
  return row;
}

/** The person's own staff change request awaiting approval (the newest, should several exist). */
export async function pendingStaffRequestOf(db: Runner, providerId: number, personId: number) {
  const cr = changeRequests;
  const [row] = await db
    .select({ id: cr.id, fields: cr.fields, createdAt: cr.createdAt })
    .from(cr)
    .where(
      and(
        eq(cr.providerId, providerId),
        eq(cr.personId, personId),
        eq(cr.tableName, 'StaffMember'),
        eq(cr.status, 'pending'),
      ),
    )
    .orderBy(desc(cr.id))
    .limit(1);
  return row;
}
export type PendingStaffRequest = NonNullable<Awaited<ReturnType<typeof pendingStaffRequestOf>>>;

export async function insertStaffRequest(
  db: Runner,
  providerId: number,
  entry: { personId: number; userId: number; fields: Record<string, string | null>; now: Date },
): Promise<PendingStaffRequest> {
  const [row] = await db
    .insert(changeRequests)
    .values({
      providerId,
      personId: entry.personId,
      tableName: 'StaffMember',
      fields: entry.fields,
      requestedByUserId: entry.userId,
      createdAt: entry.now,
    })
    .returning({ id: changeRequests.id, fields: changeRequests.fields, createdAt: changeRequests.createdAt });
  return row!;
}

export async function updateRequestFields(
  db: Runner,
  providerId: number,
  id: number,
  entry: { userId: number; fields: Record<string, string | null> },
): Promise<PendingStaffRequest> {
  const [row] = await db
    .update(changeRequests)
    .set({ fields: entry.fields, requestedByUserId: entry.userId })
    .where(and(eq(changeRequests.providerId, providerId), eq(changeRequests.id, id)))
    .returning({ id: changeRequests.id, fields: changeRequests.fields, createdAt: changeRequests.createdAt });
  return row!;
}
