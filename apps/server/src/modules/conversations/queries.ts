// SQL of conversations (issue 31): threads, messages and read marks, and the two sets of people a thread
// concerns: who may see it (the thread's site and the child's, as policy.ts says for one user) and, of
// those, its participants (who started it, who wrote in it, the event's author, the child's key persons).
import type { MessageAuthorKind } from '@nursery/domain/home';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  children,
  conversationMessages,
  conversationReads,
  conversationThreads,
  rooms,
} from '../../db/schema/index.ts';
import type { Executor } from '../notifications/index.ts';

type Rows<T> = { rows: T[] };

export interface ThreadRow {
  id: number;
  siteId: number;
  childId: number;
  childSiteId: number;
  eventId: number;
  itemIds: string[];
  subject: string;
  createdByPersonId: number;
  createdBy: string;
  createdAt: Date;
}

export interface MessageRow {
  id: number;
  threadId: number;
  authorPersonId: number;
  author: string;
  authorKind: MessageAuthorKind;
  text: string;
  createdAt: Date;
}

export interface ChildRow {
  id: number;
  forename: string;
  surname: string;
  hasImage: boolean;
  dob: string;
  roomId: number | null;
  roomName: string | null;
  siteId: number;
}

/** A person's display name ('Forename Surname'), for a row's person id column. */
const nameOf = (personId: unknown) =>
  sql`(select p.forename || ' ' || p.surname from people p
       where p.provider_id = ${conversationThreads.providerId} and p.id = ${personId})`;

export async function childOfThread(db: Executor, providerId: number, childId: number) {
  const [row] = await db
    .select({
      id: children.id,
      forename: children.forename,
      surname: children.surname,
      hasImage: children.hasImage,
      dob: children.dob,
      roomId: children.roomId,
      roomName: rooms.name,
      siteId: children.siteId,
    })
    .from(children)
    .leftJoin(rooms, and(eq(rooms.providerId, children.providerId), eq(rooms.id, children.roomId)))
    .where(and(eq(children.providerId, providerId), eq(children.id, childId)));
  return row as ChildRow | undefined;
}

export async function threadById(
  db: Executor,
  providerId: number,
  id: number,
): Promise<ThreadRow | undefined> {
  const t = conversationThreads;
  const [row] = await db
    .select({
      id: t.id,
      siteId: t.siteId,
      childId: t.childId,
      childSiteId: children.siteId,
      eventId: t.eventId,
      itemIds: t.itemIds,
      subject: t.subject,
      createdByPersonId: t.createdByPersonId,
      createdBy: sql<string>`${nameOf(t.createdByPersonId)}`,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(children, and(eq(children.providerId, t.providerId), eq(children.id, t.childId)))
    .where(and(eq(t.providerId, providerId), eq(t.id, id)));
  return row;
}

export async function insertThread(
  tx: Executor,
  row: {
    providerId: number;
    siteId: number;
    childId: number;
    eventId: number;
    itemIds: string[];
    subject: string;
    createdByPersonId: number;
    createdAt: Date;
  },
) {
  const [created] = await tx
    .insert(conversationThreads)
    .values(row)
    .returning({ id: conversationThreads.id });
  return created!.id;
}

export async function insertMessage(
  tx: Executor,
  row: {
    providerId: number;
    threadId: number;
    authorPersonId: number;
    authorKind: MessageAuthorKind;
    text: string;
    createdAt: Date;
  },
): Promise<number> {
  const [created] = await tx
    .insert(conversationMessages)
    .values(row)
    .returning({ id: conversationMessages.id });
  return created!.id;
}

const messageColumns = {
  id: conversationMessages.id,
  threadId: conversationMessages.threadId,
  authorPersonId: conversationMessages.authorPersonId,
  author: sql<string>`(select p.forename || ' ' || p.surname from people p
    where p.provider_id = ${conversationMessages.providerId} and p.id = ${conversationMessages.authorPersonId})`,
  authorKind: conversationMessages.authorKind,
  text: conversationMessages.text,
  createdAt: conversationMessages.createdAt,
};

/** Messages of a thread after `afterId` (oldest first), one more than `limit` to learn if more follow. */
export async function messagesAfter(
  db: Executor,
  providerId: number,
  threadId: number,
  afterId: number,
  limit: number,
): Promise<MessageRow[]> {
  const m = conversationMessages;
  return db
    .select(messageColumns)
    .from(m)
    .where(and(eq(m.providerId, providerId), eq(m.threadId, threadId), sql`${m.id} > ${afterId}`))
    .orderBy(m.id)
    .limit(limit + 1);
}

export async function messagesByIds(db: Executor, providerId: number, ids: number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  const m = conversationMessages;
  return db
    .select(messageColumns)
    .from(m)
    .where(and(eq(m.providerId, providerId), inArray(m.id, ids)));
}

export async function lastReadOf(db: Executor, providerId: number, threadId: number, personId: number) {
  const r = conversationReads;
  const [row] = await db
    .select({ id: r.lastReadMessageId })
    .from(r)
    .where(and(eq(r.providerId, providerId), eq(r.threadId, threadId), eq(r.personId, personId)));
  return row?.id ?? null;
}

/** Moves the person's read mark forward to `messageId` (never back); answers the mark. */
export async function markRead(
  db: Executor,
  providerId: number,
  threadId: number,
  personId: number,
  messageId: number,
): Promise<number> {
  const r = conversationReads;
  const [row] = await db
    .insert(r)
    .values({ providerId, threadId, personId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [r.providerId, r.threadId, r.personId],
      set: { lastReadMessageId: sql`greatest(${r.lastReadMessageId}, excluded.last_read_message_id)` },
    })
    .returning({ id: r.lastReadMessageId });
  return row!.id;
}

/**
 * SQL: the staff member `st` (joined by the caller) may see thread `t`: they work at the thread's site
 * and at the child's (the policy's rule, for many people at once).
 */
const staffMaySee = sql`exists (select 1 from children ch where ch.provider_id = t.provider_id and ch.id = t.child_id
    and ch.site_id in (select st.site_id union select ss.site_id from staff_sites ss
                       where ss.provider_id = st.provider_id and ss.staff_id = st.id)
    and t.site_id in (select st.site_id union select ss.site_id from staff_sites ss
                      where ss.provider_id = st.provider_id and ss.staff_id = st.id))`;

/** SQL: person `pid` takes part in thread `t` (started it, wrote in it, wrote its event, a key person). */
const participates = (pid: unknown) => sql`(t.created_by_person_id = ${pid}
    or exists (select 1 from conversation_messages m where m.provider_id = t.provider_id
               and m.thread_id = t.id and m.author_person_id = ${pid})
    or exists (select 1 from events e where e.provider_id = t.provider_id and e.id = t.event_id
               and e.author_person_id = ${pid})
    or exists (select 1 from key_children kc join staff k on k.provider_id = kc.provider_id and k.id = kc.staff_id
               where kc.provider_id = t.provider_id and kc.child_id = t.child_id and k.person_id = ${pid}))`;

/** The users (staff, enabled) who take part in the thread and may see it: a new message's recipients. */
export async function participantUsers(
  db: Executor,
  providerId: number,
  threadId: number,
): Promise<number[]> {
  const res = (await db.execute(sql`
    select u.id::int as "userId" from conversation_threads t
      join staff st on st.provider_id = t.provider_id
      join user_accounts u on u.provider_id = st.provider_id and u.person_id = st.person_id and not u.disabled
    where t.provider_id = ${providerId} and t.id = ${threadId}
      and ${participates(sql`st.person_id`)} and ${staffMaySee}
    order by u.id`)) as unknown as Rows<{ userId: number }>;
  return res.rows.map((r) => r.userId);
}

export interface ThreadListRow {
  id: number;
  subject: string;
  childId: number;
  forename: string;
  surname: string;
  eventId: number;
  lastMessageId: number;
  unread: number;
}

/**
 * The threads the person takes part in at the user's sites (the thread's and the child's), latest
 * message first, from before `beforeMessageId` (keyset: a message id is one thread's only).
 */
export async function threadsOf(
  db: Executor,
  providerId: number,
  personId: number,
  siteIds: readonly number[],
  beforeMessageId: number | null,
  limit: number,
): Promise<ThreadListRow[]> {
  if (siteIds.length === 0) return [];
  const sites = sql.join(
    siteIds.map((s) => sql`${s}`),
    sql`, `,
  );
  const res = (await db.execute(sql`
    select * from (
      select t.id, t.subject, t.child_id as "childId", ch.forename, ch.surname, t.event_id::int as "eventId",
        (select max(m.id) from conversation_messages m
          where m.provider_id = t.provider_id and m.thread_id = t.id)::int as "lastMessageId",
        (select count(*) from conversation_messages m
          where m.provider_id = t.provider_id and m.thread_id = t.id and m.author_person_id <> ${personId}
            and m.id > coalesce((select r.last_read_message_id from conversation_reads r
                                 where r.provider_id = t.provider_id and r.thread_id = t.id
                                   and r.person_id = ${personId}), 0))::int as unread
      from conversation_threads t
        join children ch on ch.provider_id = t.provider_id and ch.id = t.child_id
      where t.provider_id = ${providerId} and t.site_id in (${sites}) and ch.site_id in (${sites})
        and ${participates(personId)}
    ) x
    where x."lastMessageId" is not null
      ${beforeMessageId === null ? sql`` : sql`and x."lastMessageId" < ${beforeMessageId}`}
    order by x."lastMessageId" desc
    limit ${limit + 1}`)) as unknown as Rows<ThreadListRow>;
  return res.rows;
}

export interface EventSummaryRow {
  id: number;
  typeId: number;
  typeName: string;
  raised: Date;
  notes: string | null;
}

/** The event a thread is about, as the thread shows it (read by id: the thread's rule decides who sees it). */
export async function eventSummary(db: Executor, providerId: number, eventId: number) {
  const res = (await db.execute(sql`
    select e.id::int as id, e.type_id as "typeId", et.value as "typeName", e.raised, e.notes
    from events e join event_types et on et.provider_id = e.provider_id and et.id = e.type_id
    where e.provider_id = ${providerId} and e.id = ${eventId}`)) as unknown as Rows<EventSummaryRow>;
  const row = res.rows[0];
  return row ? { ...row, raised: new Date(row.raised) } : undefined;
}

/** Whether the person is a contact (a parent or carer) of the child. */
export async function isContactOfChild(db: Executor, providerId: number, childId: number, personId: number) {
  const res = (await db.execute(sql`
    select 1 from child_contacts cc join contacts c on c.provider_id = cc.provider_id and c.id = cc.contact_id
    where cc.provider_id = ${providerId} and cc.child_id = ${childId} and c.person_id = ${personId}`)) as unknown as Rows<unknown>;
  return res.rows.length > 0;
}
