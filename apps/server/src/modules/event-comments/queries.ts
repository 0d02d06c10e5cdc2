// SQL of event comments (event_comments_event_idx; the person by its key).
import { and, eq } from 'drizzle-orm';
import { eventComments, people } from '../../db/schema/index.ts';
import type { Executor } from '../notifications/index.ts';

export async function insertComment(
  tx: Executor,
  row: { providerId: number; eventId: number; authorPersonId: number; text: string; createdAt: Date },
) {
  const [created] = await tx.insert(eventComments).values(row).returning();
  return created!;
}

/** A person's display name ('Forename Surname'). */
export async function personName(db: Executor, providerId: number, personId: number): Promise<string> {
  const [row] = await db
    .select({ forename: people.forename, surname: people.surname })
    .from(people)
    .where(and(eq(people.providerId, providerId), eq(people.id, personId)));
  return row ? `${row.forename} ${row.surname}` : '';
}
