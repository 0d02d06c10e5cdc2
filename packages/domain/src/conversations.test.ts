import { describe, expect, it } from 'vitest';
import {
  conversationSubject,
  isConversationEvent,
  mayStartConversation,
  messageText,
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
