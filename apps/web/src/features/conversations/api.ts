// The conversations calls (issue 31), typed by the domain's contracts.
import { routes } from '@nursery/domain/common';
import type {
  getConversation,
  listConversations,
  markConversationRead,
  replyToConversation,
  StartConversationBody,
  startConversation,
} from '@nursery/domain/home';
import { callRoute } from '../../lib/api';

export const conversationsApi = {
  /** POST api/v1/conversations: the new thread with its first message (201). */
  start: (body: StartConversationBody) =>
    callRoute<typeof startConversation>(routes.startConversation, { body }),
  /** GET api/v1/conversations/{threadID}: the thread and a page of messages, oldest first. */
  get: (threadID: number, cursor: string | undefined, signal?: AbortSignal) =>
    callRoute<typeof getConversation>(routes.getConversation, {
      params: { threadID },
      query: { cursor },
      signal,
    }),
  /** POST api/v1/conversations/{threadID}/messages: a reply. */
  reply: (threadID: number, text: string) =>
    callRoute<typeof replyToConversation>(routes.replyToConversation, {
      params: { threadID },
      body: { text },
    }),
  /** PUT api/v1/conversations/{threadID}/read: the read mark up to a message. */
  markRead: (threadID: number, messageID: number) =>
    callRoute<typeof markConversationRead>(routes.markConversationRead, {
      params: { threadID },
      body: { messageID },
    }),
  /** GET api/v1/conversations: the user's threads with their unread counts. */
  list: (cursor: string | undefined, signal?: AbortSignal) =>
    callRoute<typeof listConversations>(routes.listConversations, { query: { cursor }, signal }),
};

export const conversationKeys = {
  all: ['conversations'] as const,
  thread: (threadID: number) => ['conversations', 'thread', threadID] as const,
};
