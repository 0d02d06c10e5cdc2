import { describe, expect, it } from 'vitest';
import {
  conversationStartPath,
  conversationSubject,
  conversationThreadPath,
  isConversationEvent,
  mayStartConversation,
  messageText,
  NOTES_EXCERPT_MAX,
  notesExcerpt,
  parseConversationStart,
  threadOfNotification,
} from './conversations.ts';
import { StartConversationBody } from './schemas/conversations.ts';
import { EventStatus } from './statuses.ts';

describe('conversations', () => {
  it('start only from a published event about a child', () => {
    expect(isConversationEvent({ statusId: EventStatus.Published, childId: 4 })).toBe(true);
    expect(isConversationEvent({ statusId: EventStatus.Draft, childId: 4 })).toBe(false);
    expect(isConversationEvent({ statusId: EventStatus.Pending, childId: 4 })).toBe(false);
    expect(isConversationEvent({ statusId: EventStatus.Published, childId: null })).toBe(false);
  });
  it('need sendMessages to start one', () => {
    const published = { statusId: EventStatus.Published, childId: 4 };
    expect(mayStartConversation(true, published)).toBe(true);
    expect(mayStartConversation(false, published)).toBe(false);
  });
  it("name the event's type and its day in the site's zone", () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in London.
    expect(conversationSubject('Observation', '2026-05-31T23:30:00Z', 'Europe/London')).toBe(
      'Observation of 01/06/2026',
    );
  });
  it('store a trimmed text with blank runs collapsed', () => {
    expect(messageText('  Hello\n\n\n\nthere  ')).toBe('Hello\n\nthere');
  });
  it('refuse an empty or too long message, and repeated items', () => {
    const ok = { childID: 1, eventID: 2, text: 'Hi' };
    expect(StartConversationBody.safeParse(ok).success).toBe(true);
    expect(StartConversationBody.parse(ok).itemIDs).toEqual([]);
    expect(StartConversationBody.safeParse({ ...ok, text: '   ' }).success).toBe(false);
    expect(StartConversationBody.safeParse({ ...ok, text: 'x'.repeat(2001) }).success).toBe(false);
    expect(StartConversationBody.safeParse({ ...ok, text: 'x'.repeat(2000) }).success).toBe(true);
    expect(StartConversationBody.safeParse({ ...ok, itemIDs: ['a', 'a'] }).success).toBe(false);
  });
});

describe('conversation paths', () => {
  it('round-trip the start parameters', () => {
    const path = conversationStartPath({ childID: 4, eventID: 12, itemIDs: ['a1', 'b2', 'a1'] });
    expect(path).toBe('/conversations/new?childID=4&eventID=12&itemIDs=a1%2Cb2');
    expect(parseConversationStart(path.split('?')[1]!)).toEqual({
      childID: 4,
      eventID: 12,
      itemIDs: ['a1', 'b2'],
    });
    expect(conversationStartPath({ childID: 4, eventID: 12, itemIDs: [] })).toBe(
      '/conversations/new?childID=4&eventID=12',
    );
  });
  it('refuse a start without a child or an event id', () => {
    expect(parseConversationStart('eventID=12')).toBeNull();
    expect(parseConversationStart('childID=0&eventID=12')).toBeNull();
    expect(parseConversationStart('childID=4&eventID=1e3')).toBeNull();
    expect(parseConversationStart('childID=4&eventID=99999999999')).toBeNull();
  });
  it("open a thread at a message, and find a notification's thread", () => {
    expect(conversationThreadPath(3, 17)).toBe('/conversations/3/17');
    expect(conversationThreadPath(3)).toBe('/conversations/3');
    expect(threadOfNotification('{"threadID":3,"messageID":17,"message":"Hi"}')).toEqual({
      threadID: 3,
      messageID: 17,
    });
    expect(threadOfNotification('{"requestID":5,"message":"Declined"}')).toBeNull();
    expect(threadOfNotification('not json')).toBeNull();
  });
});

describe('notes excerpt', () => {
  it('keeps short notes, cuts long ones at a word with an ellipsis', () => {
    expect(notesExcerpt('  Short.  ')).toBe('Short.');
    expect(notesExcerpt('   ')).toBeNull();
    expect(notesExcerpt(null)).toBeNull();
    const long = 'word '.repeat(100);
    const cut = notesExcerpt(long)!;
    expect(cut.length).toBeLessThanOrEqual(NOTES_EXCERPT_MAX);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
