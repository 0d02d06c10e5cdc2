import { describe, expect, it } from 'vitest';
import { eventActions } from './eventActions.ts';
import { EventStatus } from './statuses.ts';

const all = { sendMessages: true, viewEventHistory: true };
const none = { sendMessages: false, viewEventHistory: false };

describe('eventActions', () => {
  it('lets a messenger start a conversation on a published event only', () => {
    expect(eventActions(all, { statusID: EventStatus.Published, editable: false }).startConversation).toBe(
      true,
    );
    for (const s of [EventStatus.Draft, EventStatus.Pending, EventStatus.Archived, EventStatus.Deleted]) {
      expect(eventActions(all, { statusID: s, editable: true }).startConversation).toBe(false);
    }
    expect(eventActions(none, { statusID: EventStatus.Published, editable: true }).startConversation).toBe(
      false,
    );
  });

  it('follows the editable right and the history permission', () => {
    expect(eventActions(none, { statusID: EventStatus.Draft, editable: true })).toEqual({
      comment: true,
      edit: true,
      startConversation: false,
      viewHistory: false,
    });
    expect(eventActions(all, { statusID: EventStatus.Draft, editable: false })).toMatchObject({
      edit: false,
      viewHistory: true,
    });
  });
});
