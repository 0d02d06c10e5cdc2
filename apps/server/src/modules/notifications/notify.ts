// The one place notifications are made (spec 002 §3, §9). A write path that causes one calls a cause
// below with its transaction (or the database); each cause picks the recipients, and `notify` gives
// each recipient what their settings and the rules allow (policy.ts): an in-app row, an e-mail in the
// outbox (sent later by outbox-sender.ts, never during the request). Push (4) is a setting only: the
// product has no push service yet (docs/decisions.md, issue 15).
import { EMAIL_METHOD, IN_APP_METHOD, type NotificationName } from '@nursery/domain/home';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { children } from '../../db/schema/index.ts';
import { deliveryMethods } from './policy.ts';
import {
  type Executor,
  factsOfUsers,
  insertEmails,
  insertNotifications,
  keyPersonUsers,
  type NewEmail,
  type NewNotification,
  settingsOfUsers,
  typeByCode,
  userOfPerson,
  userOfStaff,
} from './queries.ts';
import { contextOf } from './service.ts';

export interface NotificationBlob {
  eventID?: number;
  childID?: number;
  considerationID?: number;
  message?: string;
  author?: string;
  /** A conversation's thread and message (issue 31: 'in-app-message'). */
  threadID?: number;
  messageID?: number;
}

export interface Cause {
  /** The record's name, which is its notification type's code. */
  name: NotificationName;
  recipients: number[];
  /** The user whose action caused it: never notified of their own action. */
  actorUserId?: number;
  blob: NotificationBlob;
}

export interface Delivered {
  inApp: number[];
  emails: number[];
}

/** Delivers one cause to its recipients by their methods; nothing when the type is off or missing. */
export async function notify(db: Executor, providerId: number, now: Date, cause: Cause): Promise<Delivered> {
  const delivered: Delivered = { inApp: [], emails: [] };
  const recipients = [...new Set(cause.recipients)].filter((id) => id !== cause.actorUserId);
  if (recipients.length === 0) return delivered;
  const type = await typeByCode(db, providerId, cause.name);
  if (!type?.enabled) return delivered;
  const [facts, saved] = await Promise.all([
    factsOfUsers(db, providerId, recipients),
    settingsOfUsers(db, providerId, recipients, [type.id]),
  ]);
  const savedOf = new Map(saved.map((s) => [s.userId, s.methodIds]));
  const rows: NewNotification[] = [];
  const emails: NewEmail[] = [];
  for (const f of facts) {
    const methods = deliveryMethods(type, savedOf.get(f.userId), await contextOf(db, providerId, f));
    if (methods.includes(IN_APP_METHOD)) {
      rows.push({ providerId, userId: f.userId, name: cause.name, jsonBlob: cause.blob, timestamp: now });
      delivered.inApp.push(f.userId);
    }
    if (methods.includes(EMAIL_METHOD)) {
      emails.push({
        providerId,
        userId: f.userId,
        to: f.email,
        subject: type.name,
        body: emailBody(type.name, cause.blob),
        created: now,
        nextAttemptAt: now,
      });
      delivered.emails.push(f.userId);
    }
  }
  await Promise.all([insertNotifications(db, rows), insertEmails(db, emails)]);
  return delivered;
}

function emailBody(typeName: string, blob: NotificationBlob): string {
  const lines = [typeName];
  if (blob.author) lines.push(`From: ${blob.author}`);
  if (blob.message) lines.push('', blob.message);
  lines.push('', 'Open the app to see it.');
  return lines.join('\n');
}

/** Children's display names by id (for the notifications' short text). */
async function childNames(db: Executor, providerId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: children.id, name: sql<string>`${children.forename} || ' ' || ${children.surname}` })
    .from(children)
    .where(and(eq(children.providerId, providerId), inArray(children.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Events published: the key persons of each event's child ('Events published'). */
export async function eventsPublished(
  db: Executor,
  providerId: number,
  now: Date,
  actorUserId: number,
  published: { id: number; childId: number | null }[],
): Promise<void> {
  const withChild = published.filter((e): e is { id: number; childId: number } => e.childId !== null);
  const names = await childNames(db, providerId, [...new Set(withChild.map((e) => e.childId))]);
  for (const e of withChild) {
    await notify(db, providerId, now, {
      name: 'event-published',
      recipients: await keyPersonUsers(db, providerId, [e.childId]),
      actorUserId,
      blob: {
        eventID: e.id,
        childID: e.childId,
        message: `An event about ${names.get(e.childId)} was published.`,
      },
    });
  }
}

/** A comment on an event: its author ('Comments on my events'). */
export async function eventCommented(
  db: Executor,
  providerId: number,
  now: Date,
  actorUserId: number,
  event: { id: number; childId: number | null; authorPersonId: number },
  comment: { text: string; author: string },
): Promise<Delivered> {
  const author = await userOfPerson(db, providerId, event.authorPersonId);
  return notify(db, providerId, now, {
    name: 'event-comment',
    recipients: author === undefined ? [] : [author],
    actorUserId,
    blob: {
      eventID: event.id,
      childID: event.childId ?? undefined,
      message: comment.text,
      author: comment.author,
    },
  });
}

/** A parent's observation of their child: the child's key persons ('Parent observations'). */
export async function parentObservation(
  db: Executor,
  providerId: number,
  now: Date,
  event: { id: number; childId: number },
  parent: string,
  message: string,
): Promise<Delivered> {
  return notify(db, providerId, now, {
    name: 'parent-observation',
    recipients: await keyPersonUsers(db, providerId, [event.childId]),
    blob: { eventID: event.id, childID: event.childId, message, author: parent },
  });
}

/**
 * A parent acknowledged a consideration: the staff member who raised it, or the child's key persons
 * when it names none ('Parent acknowledgements for considerations').
 */
export async function considerationAcknowledged(
  db: Executor,
  providerId: number,
  now: Date,
  consideration: { id: number; eventId: number; childId: number; staffId: number | null },
  parent: string,
): Promise<Delivered> {
  const raisedBy =
    consideration.staffId === null ? undefined : await userOfStaff(db, providerId, consideration.staffId);
  const recipients =
    raisedBy === undefined ? await keyPersonUsers(db, providerId, [consideration.childId]) : [raisedBy];
  return notify(db, providerId, now, {
    name: 'parent-consideration-acknowledge',
    recipients,
    blob: {
      eventID: consideration.eventId,
      childID: consideration.childId,
      considerationID: consideration.id,
      message: `${parent} acknowledged the consideration.`,
      author: parent,
    },
  });
}

/**
 * A message in a conversation (issue 31): the thread's other participants who may see it, chosen by the
 * conversations module ('New message or reply', the in-app-message type).
 */
export async function conversationMessage(
  db: Executor,
  providerId: number,
  now: Date,
  actorUserId: number | undefined,
  recipients: number[],
  message: {
    threadID: number;
    messageID: number;
    childID: number;
    eventID: number;
    text: string;
    author: string;
  },
): Promise<Delivered> {
  return notify(db, providerId, now, {
    name: 'in-app-message',
    recipients,
    actorUserId,
    blob: {
      threadID: message.threadID,
      messageID: message.messageID,
      childID: message.childID,
      eventID: message.eventID,
      message: message.text,
      author: message.author,
    },
  });
}
