// SQL of event comments (event_comments_event_idx; the person by its key, the staff member by
// staff_person_key).
import { and, eq, type SQL, sql } from 'drizzle-orm';
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

/** A comment with its author, as the thread shows it (raw: bigint ids may come back as text). */
export type CommentRow = {
  id: number | string;
  eventId: number | string;
  text: string;
  created: Date | string;
  personId: number;
  forename: string;
  surname: string;
  hasImage: boolean;
  staffId: number | null;
};

/** Comments with their authors: the rows of `where` (a condition on `event_comments c`), in `order`. */
function commentsWhere(providerId: number, where: SQL, order: SQL): SQL {
  return sql`
    select c.id, c.event_id as "eventId", c.text, c.created_at as created,
           p.id as "personId", p.forename, p.surname, p.has_image as "hasImage", s.id as "staffId"
    from event_comments c
    join people p on p.provider_id = c.provider_id and p.id = c.author_person_id
    left join staff s on s.provider_id = c.provider_id and s.person_id = c.author_person_id
    where c.provider_id = ${providerId} and ${where}
    order by ${order}`;
}

/**
 * The comments of the events (of those given), oldest first per event, with their authors: one
 * statement whatever the number of events, read by event_comments_event_idx. The caller has checked
 * that the user may see every one of the events.
 */
export async function commentRows(
  db: Executor,
  providerId: number,
  eventIds: number[],
): Promise<CommentRow[]> {
  if (eventIds.length === 0) return [];
  return (await db.execute<CommentRow>(commentRowsSql(providerId, eventIds))).rows;
}

/** The statement of commentRows (the bench times it). */
export function commentRowsSql(providerId: number, eventIds: number[]): SQL {
  const where = sql`c.event_id = any(${sql.param(eventIds)}::bigint[])`;
  return commentsWhere(providerId, where, sql`c.event_id, c.created_at, c.id`);
}

/** One comment by id with its author (the POST's answer, in the thread's shape). */
export async function commentRowById(
  db: Executor,
  providerId: number,
  id: number,
): Promise<CommentRow | undefined> {
  return (await db.execute<CommentRow>(commentsWhere(providerId, sql`c.id = ${id}`, sql`c.id`))).rows[0];
}
