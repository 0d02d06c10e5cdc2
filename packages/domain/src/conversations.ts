// Conversations (issue 31; spec 000 §1, §2 "#/conversations/new", §6 sendMessages): staff start a
// thread about a PUBLISHED event of a child and reply in it; parents' replies are stored with the
// author kind 'parent'. The rules both the server and the web read.
import { formatDate } from './dates.ts';
import { EventStatus } from './statuses.ts';

/** The longest message (characters, after trimming). */
export const MESSAGE_TEXT_MAX = 2000;
/** Framework items a thread may be about (the editor's next steps and gradings of one event). */
export const CONVERSATION_ITEMS_MAX = 50;
/** Who wrote a message: a member of staff or a parent (the parents' app, out of this product's scope). */
export const MESSAGE_AUTHOR_KINDS = ['staff', 'parent'] as const;
export type MessageAuthorKind = (typeof MESSAGE_AUTHOR_KINDS)[number];

/** A conversation starts only from a published event about one child (drafts may still change). */
export function isConversationEvent(event: { statusId: number; childId: number | null }): boolean {
  return event.statusId === EventStatus.Published && event.childId !== null;
}

/**
 * Whether the user may start a conversation from this event: the permission sendMessages and an event
 * a conversation may start from. The event answer carries it; the web never re-derives it.
 */
export function mayStartConversation(
  sendMessages: boolean,
  event: { statusId: number; childId: number | null },
): boolean {
  return sendMessages && isConversationEvent(event);
}

/** A thread's subject: the event's type and its day ('Observation of 03/12/2026'), in the site's zone. */
export function conversationSubject(typeName: string, raised: Date | string, timeZone: string): string {
  return `${typeName} of ${formatDate(raised, timeZone)}`;
}

/** A message's text as stored: trimmed, with runs of blank lines collapsed to one. */
export function messageText(text: string): string {
  return text.trim().replace(/\n{3,}/g, '\n\n');
}
