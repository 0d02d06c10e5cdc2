// Conversations (issue 31): start a thread from a published event of a child, read it, reply, mark it
// read, list the user's threads; and a parent's reply, stored by the same service for the parents' side
// (out of this product's scope, tested). Every new message notifies the thread's other participants
// ('in-app-message', by their settings) in the message's transaction.
import {
  type ConversationMessage,
  conversationSubject,
  isConversationEvent,
  type MessageAuthorKind,
  messageText,
  type ReadBody,
  ReplyBody,
  type StartConversationBody,
  THREAD_MESSAGES_PAGE_DEFAULT,
  THREADS_PAGE_DEFAULT,
  type ThreadAnswer,
  type ThreadListAnswer,
} from '@nursery/domain/home';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { cursorCodec, cursorId, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventPolicy, visibleEvent } from '../events/index.ts';
import { conversationMessage, type Executor, userOfPerson } from '../notifications/index.ts';
import { mayViewThread, mayWriteInThread } from './policy.ts';
import { messageView, summaryView, threadView } from './presenter.ts';
import {
  childOfThread,
  eventSummary,
  insertMessage,
  insertThread,
  isContactOfChild,
  lastReadOf,
  markRead,
  messagesAfter,
  messagesByIds,
  participantUsers,
  type ThreadRow,
  threadById,
  threadsOf,
} from './queries.ts';

const idCursor = cursorCodec(
  z.tuple([cursorId]),
  (id: number) => [id],
  ([id]) => id,
);

const threadNotFound = () => notFound('Conversation not found.');

/** The thread when the user may see it; 404 otherwise (another site's, another provider's, unknown). */
async function visibleThread(db: Executor, auth: AuthContext, threadId: number): Promise<ThreadRow> {
  const thread = await threadById(db, auth.providerId, threadId);
  if (!thread || !mayViewThread(auth, thread)) throw threadNotFound();
  return thread;
}

/** Stores a message and notifies the thread's other participants, in the caller's transaction. */
async function postMessage(
  tx: Executor,
  providerId: number,
  now: Date,
  thread: { id: number; childId: number; eventId: number },
  author: { personId: number; kind: MessageAuthorKind; userId: number | undefined },
  text: string,
): Promise<number> {
  const id = await insertMessage(tx, {
    providerId,
    threadId: thread.id,
    authorPersonId: author.personId,
    authorKind: author.kind,
    text,
    createdAt: now,
  });
  const [written] = await messagesByIds(tx, providerId, [id]);
  await conversationMessage(
    tx,
    providerId,
    now,
    author.userId,
    await participantUsers(tx, providerId, thread.id),
    {
      threadID: thread.id,
      messageID: id,
      childID: thread.childId,
      eventID: thread.eventId,
      text,
      author: written?.author ?? '',
    },
  );
  return id;
}

/** POST api/v1/conversations: a thread from a published event of the child, with its first message. */
export async function startConversation(
  deps: AppDeps,
  auth: AuthContext,
  body: z.output<typeof StartConversationBody>,
): Promise<ThreadAnswer> {
  const policy = await loadEventPolicy(deps.db, auth.providerId, auth.staffId);
  // THE event visibility rule: an event the user may not see is not found, nor one of another child.
  const event = await visibleEvent(deps.db, auth, policy, body.eventID);
  if (event.childId !== body.childID) throw notFound('Event not found.');
  const child = await childOfThread(deps.db, auth.providerId, body.childID);
  if (!child || !mayViewThread(auth, { siteId: event.siteId, childSiteId: child.siteId }))
    throw notFound('Child not found.');
  if (!isConversationEvent(event))
    throw new AppError(
      409,
      'err-event-not-published',
      'A conversation can only start from a published event.',
    );
  const now = deps.clock.now();
  const zone = (await siteTimeZone(deps.db, auth.providerId, event.siteId)) ?? 'Europe/London';
  const typeName = policy.type(event.typeId)?.value ?? 'Event';
  const threadId = await deps.db.transaction(async (tx) => {
    const id = await insertThread(tx, {
      providerId: auth.providerId,
      siteId: event.siteId,
      childId: child.id,
      eventId: event.id,
      itemIds: body.itemIDs,
      subject: conversationSubject(typeName, event.raised, zone),
      createdByPersonId: auth.personId,
      createdAt: now,
    });
    await postMessage(
      tx,
      auth.providerId,
      now,
      { id, childId: child.id, eventId: event.id },
      { personId: auth.personId, kind: 'staff', userId: auth.userId },
      messageText(body.text),
    );
    return id;
  });
  return threadAnswer(deps.db, auth, threadId, {});
}

/** GET api/v1/conversations/{threadID}: the thread and a page of its messages, oldest first. */
export async function threadAnswer(
  db: Db,
  auth: AuthContext,
  threadId: number,
  query: { cursor?: string; limit?: number },
): Promise<ThreadAnswer> {
  const thread = await visibleThread(db, auth, threadId);
  const limit = query.limit ?? THREAD_MESSAGES_PAGE_DEFAULT;
  const after = query.cursor === undefined ? 0 : idCursor.decode(query.cursor);
  const [child, event, rows, lastRead] = await Promise.all([
    childOfThread(db, auth.providerId, thread.childId),
    eventSummary(db, auth.providerId, thread.eventId),
    messagesAfter(db, auth.providerId, thread.id, after, limit),
    lastReadOf(db, auth.providerId, thread.id, auth.personId),
  ]);
  if (!child || !event) throw threadNotFound();
  const { page, next } = keysetPage(rows, limit, (last) => idCursor.encode(Number(last.id)));
  return {
    thread: threadView(thread, child, event, { reply: mayWriteInThread(auth) }),
    messages: page.map(messageView),
    nextCursor: next,
    lastReadMessageID: lastRead === null ? null : Number(lastRead),
  };
}

/** POST api/v1/conversations/{threadID}/messages: a staff member's reply. */
export async function replyInThread(
  deps: AppDeps,
  auth: AuthContext,
  threadId: number,
  body: { text: string },
): Promise<ConversationMessage> {
  const thread = await visibleThread(deps.db, auth, threadId);
  const now = deps.clock.now();
  const id = await deps.db.transaction((tx) =>
    postMessage(
      tx,
      auth.providerId,
      now,
      thread,
      { personId: auth.personId, kind: 'staff', userId: auth.userId },
      messageText(body.text),
    ),
  );
  const [row] = await messagesByIds(deps.db, auth.providerId, [id]);
  return messageView(row!);
}

/** PUT api/v1/conversations/{threadID}/read: the read mark moves up to a message of this thread. */
export async function markThreadRead(
  db: Db,
  auth: AuthContext,
  threadId: number,
  body: ReadBody,
): Promise<{ lastReadMessageID: number }> {
  const thread = await visibleThread(db, auth, threadId);
  const [message] = await messagesByIds(db, auth.providerId, [body.messageID]);
  if (!message || message.threadId !== thread.id) throw notFound('Message not found.');
  const mark = await markRead(db, auth.providerId, thread.id, auth.personId, message.id);
  return { lastReadMessageID: Number(mark) };
}

/** GET api/v1/conversations: the user's threads with their unread counts, latest message first. */
export async function listThreads(
  db: Db,
  auth: AuthContext,
  query: { cursor?: string; limit?: number },
): Promise<ThreadListAnswer> {
  const limit = query.limit ?? THREADS_PAGE_DEFAULT;
  const before = query.cursor === undefined ? null : idCursor.decode(query.cursor);
  const rows = await threadsOf(db, auth.providerId, auth.personId, auth.siteIds, before, limit);
  const { page, next } = keysetPage(rows, limit, (last) => idCursor.encode(last.lastMessageId));
  const lastMessages = new Map(
    (
      await messagesByIds(
        db,
        auth.providerId,
        page.map((r) => r.lastMessageId),
      )
    ).map((m) => [Number(m.id), m]),
  );
  return {
    items: page.flatMap((r) => {
      const last = lastMessages.get(r.lastMessageId);
      return last ? [summaryView(r, last)] : [];
    }),
    nextCursor: next,
  };
}

/**
 * A parent's reply, as the parents' side stores it (author kind 'parent'): the person must be a contact
 * of the thread's child. The staff in the thread are notified as for a staff reply.
 */
export async function addParentReply(
  db: Db,
  providerId: number,
  now: Date,
  threadId: number,
  parentPersonId: number,
  body: z.input<typeof ReplyBody>,
): Promise<ConversationMessage> {
  const { text: checked } = ReplyBody.parse(body);
  const thread = await threadById(db, providerId, threadId);
  if (!thread || !(await isContactOfChild(db, providerId, thread.childId, parentPersonId)))
    throw threadNotFound();
  const text = messageText(checked);
  const parentUser = await userOfPerson(db, providerId, parentPersonId);
  const id = await db.transaction((tx) =>
    postMessage(
      tx,
      providerId,
      now,
      thread,
      { personId: parentPersonId, kind: 'parent', userId: parentUser },
      text,
    ),
  );
  const [row] = await messagesByIds(db, providerId, [id]);
  return messageView(row!);
}
