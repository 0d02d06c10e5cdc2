// The answers of conversations (packages/domain/src/schemas/conversations.ts) from their rows.
import {
  type ConversationMessage,
  type ConversationThread,
  notesExcerpt,
  type ThreadSummary,
} from '@nursery/domain/home';
import type { ChildRow, EventSummaryRow, MessageRow, ThreadListRow, ThreadRow } from './queries.ts';

export const messageView = (m: MessageRow): ConversationMessage => ({
  id: Number(m.id),
  threadID: m.threadId,
  authorPersonID: m.authorPersonId,
  author: m.author ?? '',
  authorKind: m.authorKind,
  text: m.text,
  created: new Date(m.createdAt).toISOString(),
});

export function threadView(
  t: ThreadRow,
  child: ChildRow,
  event: EventSummaryRow,
  permittedActions: { reply: boolean },
): ConversationThread {
  return {
    id: t.id,
    siteID: t.siteId,
    child: {
      id: child.id,
      forename: child.forename,
      surname: child.surname,
      hasImage: child.hasImage,
      dob: child.dob,
      roomID: child.roomId,
      roomName: child.roomName,
    },
    event: {
      id: Number(event.id),
      typeID: event.typeId,
      typeName: event.typeName,
      raised: event.raised.toISOString(),
      notesExcerpt: notesExcerpt(event.notes),
    },
    itemIDs: t.itemIds,
    subject: t.subject,
    createdBy: t.createdBy ?? '',
    created: new Date(t.createdAt).toISOString(),
    permittedActions,
  };
}

export const summaryView = (row: ThreadListRow, last: MessageRow): ThreadSummary => ({
  id: row.id,
  subject: row.subject,
  child: { id: row.childId, forename: row.forename, surname: row.surname },
  eventID: row.eventId,
  lastMessage: messageView(last),
  unreadCount: row.unread,
});
