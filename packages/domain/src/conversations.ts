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

/** How much of an event's notes a conversation shows (the start screen and the thread). */
export const NOTES_EXCERPT_MAX = 200;

/** The start of the notes (whole words where it can), with an ellipsis when cut; null for none. */
export function notesExcerpt(notes: string | null | undefined): string | null {
  const text = notes?.trim();
  if (!text) return null;
  if (text.length <= NOTES_EXCERPT_MAX) return text;
  const cut = text.slice(0, NOTES_EXCERPT_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > NOTES_EXCERPT_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** Where a conversation starts: #/conversations/new with the child, the event and its items. */
export interface ConversationStart {
  childID: number;
  eventID: number;
  itemIDs: string[];
}

/** The path of the start screen (spec 000 §2 "#/conversations/new (childID, eventID, itemIDs)"). */
export function conversationStartPath(start: ConversationStart): string {
  const query = new URLSearchParams({ childID: String(start.childID), eventID: String(start.eventID) });
  const items = [...new Set(start.itemIDs)].slice(0, CONVERSATION_ITEMS_MAX);
  if (items.length > 0) query.set('itemIDs', items.join(','));
  return `/conversations/new?${query.toString()}`;
}

const positiveId = (raw: string | null): number | null =>
  raw !== null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? Number(raw) : null;

/** The start screen's parameters, or null when the child or the event is missing or not an id. */
export function parseConversationStart(search: string): ConversationStart | null {
  const query = new URLSearchParams(search);
  const childID = positiveId(query.get('childID'));
  const eventID = positiveId(query.get('eventID'));
  if (childID === null || eventID === null) return null;
  const itemIDs = [
    ...new Set(
      (query.get('itemIDs') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0 && s.length <= 100),
    ),
  ].slice(0, CONVERSATION_ITEMS_MAX);
  return { childID, eventID, itemIDs };
}

/** The thread's page, at a message (spec 002 "#/conversations/{threadID}/{id}"). */
export const conversationThreadPath = (threadID: number, messageID?: number | null): string =>
  messageID ? `/conversations/${threadID}/${messageID}` : `/conversations/${threadID}`;

/** The thread an in-app-message notification is about (its jsonBlob), or null for another message. */
export function threadOfNotification(
  jsonBlob: string,
): { threadID: number; messageID: number | null } | null {
  try {
    const blob = JSON.parse(jsonBlob) as { threadID?: unknown; messageID?: unknown };
    if (typeof blob.threadID !== 'number' || !Number.isInteger(blob.threadID) || blob.threadID < 1)
      return null;
    const messageID =
      typeof blob.messageID === 'number' && Number.isInteger(blob.messageID) && blob.messageID > 0
        ? blob.messageID
        : null;
    return { threadID: blob.threadID, messageID };
  } catch {
    return null;
  }
}
