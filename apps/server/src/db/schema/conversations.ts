// Conversations (issue 31): a thread about a published event of one child, its messages (staff, and
// parents' replies stored by the same service with author kind 'parent') and each person's read mark.
import { CONVERSATION_ITEMS_MAX, MESSAGE_TEXT_MAX, type MessageAuthorKind } from '@nursery/domain/home';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { children, people, sites } from './core.ts';
import { events } from './events.ts';
import { tenantFk, tenantFkCascade } from './helpers.ts';

export const conversationThreads = pgTable(
  'conversation_threads',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    /** The event's site: who may see the thread is decided here and by the child. */
    siteId: integer('site_id').notNull(),
    childId: integer('child_id').notNull(),
    /** The published event it started from. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The framework items it is about (may be empty). */
    itemIds: text('item_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Made from the event's type and day ('Observation of 03/12/2026'), not typed by anyone. */
    subject: text('subject').notNull(),
    createdByPersonId: integer('created_by_person_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFk('conversation_threads_site_fk', t.providerId, t.siteId, sites),
    tenantFk('conversation_threads_child_fk', t.providerId, t.childId, children),
    tenantFkCascade('conversation_threads_event_fk', t.providerId, t.eventId, events),
    tenantFk('conversation_threads_creator_fk', t.providerId, t.createdByPersonId, people),
    index('conversation_threads_child_idx').on(t.providerId, t.childId),
    index('conversation_threads_site_idx').on(t.providerId, t.siteId),
    check(
      'conversation_threads_items',
      sql`cardinality(${t.itemIds}) <= ${sql.raw(String(CONVERSATION_ITEMS_MAX))}`,
    ),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    providerId: integer('provider_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    threadId: integer('thread_id').notNull(),
    authorPersonId: integer('author_person_id').notNull(),
    authorKind: text('author_kind').$type<MessageAuthorKind>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('conversation_messages_thread_fk', t.providerId, t.threadId, conversationThreads),
    tenantFk('conversation_messages_author_fk', t.providerId, t.authorPersonId, people),
    // A thread's messages in order (ids grow with time), and the list's latest message per thread.
    index('conversation_messages_thread_idx').on(t.providerId, t.threadId, t.id),
    check('conversation_messages_kind', sql`${t.authorKind} in ('staff','parent')`),
    check(
      'conversation_messages_text_len',
      sql`char_length(${t.text}) between 1 and ${sql.raw(String(MESSAGE_TEXT_MAX))}`,
    ),
  ],
);

/** A person's read mark in a thread: every message up to this one is read. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    providerId: integer('provider_id').notNull(),
    threadId: integer('thread_id').notNull(),
    personId: integer('person_id').notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.threadId, t.personId] }),
    tenantFkCascade('conversation_reads_thread_fk', t.providerId, t.threadId, conversationThreads),
    tenantFk('conversation_reads_person_fk', t.providerId, t.personId, people),
    tenantFkCascade('conversation_reads_message_fk', t.providerId, t.lastReadMessageId, conversationMessages),
  ],
);
