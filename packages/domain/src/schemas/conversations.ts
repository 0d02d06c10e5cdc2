/**
 * Conversations (issue 31; spec 000 §2 "#/conversations/new (childID, eventID, itemIDs)" and
 * "#/conversations/{threadID}/{id}", §6 sendMessages): a thread about a published event of one child,
 * its messages (staff, and parents' replies stored by the parents' side) and each person's read mark.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { CONVERSATION_ITEMS_MAX, MESSAGE_AUTHOR_KINDS, MESSAGE_TEXT_MAX } from '../conversations.ts';
import { routes } from '../routes.ts';
import { childAvatarFields } from './personFields.ts';
import { Id, IdParam, Instant, SafeText } from './primitives.ts';

/** A message's text: 1 to MESSAGE_TEXT_MAX characters once trimmed. */
export const MessageText = SafeText.transform((s) => s.trim()).pipe(z.string().min(1).max(MESSAGE_TEXT_MAX));

/** A framework item's id (the editor's next steps and gradings name items by these). */
const FrameworkItemId = z.string().min(1).max(100);

/** POST api/v1/conversations: start a thread from a published event of the child, with its first message. */
export const StartConversationBody = z.object({
  childID: Id,
  eventID: Id,
  /** The framework items it is about (from the event's next steps or gradings); may be empty. */
  itemIDs: z
    .array(FrameworkItemId)
    .max(CONVERSATION_ITEMS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'each item at most once')
    .default([]),
  text: MessageText,
});
export type StartConversationBody = z.input<typeof StartConversationBody>;

/** POST api/v1/conversations/{threadID}/messages: a reply. */
export const ReplyBody = z.object({ text: MessageText });
export type ReplyBody = z.input<typeof ReplyBody>;

/** PUT api/v1/conversations/{threadID}/read: the user has read up to this message (never moves back). */
export const ReadBody = z.object({ messageID: Id });
export type ReadBody = z.infer<typeof ReadBody>;

export const ConversationMessage = z.object({
  id: Id,
  threadID: Id,
  authorPersonID: Id,
  /** 'Forename Surname' of the author. */
  author: z.string(),
  authorKind: z.enum(MESSAGE_AUTHOR_KINDS),
  text: z.string(),
  created: Instant,
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

/** The event a thread is about, as the thread shows it (type, date, the start of its notes). */
export const ConversationEvent = z.object({
  id: Id,
  typeID: Id,
  typeName: z.string(),
  raised: Instant,
  /** The event's notes, at most NOTES_EXCERPT_MAX characters (null when it has none). */
  notesExcerpt: z.string().nullable(),
});
export type ConversationEvent = z.infer<typeof ConversationEvent>;

export const ConversationThread = z.object({
  id: Id,
  siteID: Id,
  child: z.object({ ...childAvatarFields, roomName: z.string().nullable() }),
  event: ConversationEvent,
  itemIDs: z.array(z.string()),
  subject: z.string(),
  createdBy: z.string(),
  created: Instant,
  /** What the user may do here (the server's rule; the web shows, never re-derives). */
  permittedActions: z.object({ reply: z.boolean() }),
});
export type ConversationThread = z.infer<typeof ConversationThread>;

export const THREAD_MESSAGES_PAGE_DEFAULT = 100;
export const THREAD_MESSAGES_PAGE_MAX = 200;

/** GET api/v1/conversations/{threadID}: the thread and a page of its messages, oldest first. */
export const ThreadAnswer = z.object({
  thread: ConversationThread,
  messages: z.array(ConversationMessage),
  /** Pass as `cursor` for the next (newer) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The user's read mark in this thread (null before they read any). */
  lastReadMessageID: Id.nullable(),
});
export type ThreadAnswer = z.infer<typeof ThreadAnswer>;

export const ThreadQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(THREAD_MESSAGES_PAGE_MAX).optional(),
});

export const ThreadParams = z.object({ threadID: IdParam });

/** One thread of the user's list: its child and subject, the last message and the unread count. */
export const ThreadSummary = z.object({
  id: Id,
  subject: z.string(),
  child: z.object({ id: Id, forename: z.string(), surname: z.string() }),
  eventID: Id,
  lastMessage: ConversationMessage,
  /** Messages of others after the user's read mark. */
  unreadCount: z.number().int().min(0),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const THREADS_PAGE_DEFAULT = 50;
export const THREADS_PAGE_MAX = 100;

/** GET api/v1/conversations: the user's threads, latest message first, keyset-paged. */
export const ThreadListAnswer = z.object({
  items: z.array(ThreadSummary),
  nextCursor: z.string().nullable(),
});
export type ThreadListAnswer = z.infer<typeof ThreadListAnswer>;

export const ThreadListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(THREADS_PAGE_MAX).optional(),
});

export const startConversation = defineRoute({
  ...routes.startConversation,
  summary: 'Start a conversation from a published event of a child (permission sendMessages)',
  tags: ['conversations'],
  body: StartConversationBody,
  response: { 201: ThreadAnswer },
});

export const getConversation = defineRoute({
  ...routes.getConversation,
  summary: 'A thread and a page of its messages, oldest first',
  tags: ['conversations'],
  params: ThreadParams,
  querystring: ThreadQuery,
  response: { 200: ThreadAnswer },
});

export const replyToConversation = defineRoute({
  ...routes.replyToConversation,
  summary: 'Reply in a thread (permission sendMessages)',
  tags: ['conversations'],
  params: ThreadParams,
  body: ReplyBody,
  response: { 201: ConversationMessage },
});

export const markConversationRead = defineRoute({
  ...routes.markConversationRead,
  summary: "Move the user's read mark in a thread up to a message",
  tags: ['conversations'],
  params: ThreadParams,
  body: ReadBody,
  response: { 200: z.object({ lastReadMessageID: Id }) },
});

export const listConversations = defineRoute({
  ...routes.listConversations,
  summary: "The user's threads with their unread counts, latest first",
  tags: ['conversations'],
  querystring: ThreadListQuery,
  response: { 200: ThreadListAnswer },
});
