// The notification settings rules (spec 002 §6): e-mail needs receiveEmails; event types need
// viewTimeline, key children and one viewable event type; a type offers only its allowed methods.
import { describe, expect, it } from 'vitest';
import {
  checkSettings,
  deliveryMethods,
  methodChoices,
  methodRefusal,
  type RuleType,
  settingsContext,
} from './policy.ts';

const general: RuleType = {
  id: 1,
  enabled: true,
  category: 'general',
  allowedMethodIds: [1, 2],
  defaultMethodIds: [2],
};
const event: RuleType = {
  id: 2,
  enabled: true,
  category: 'event',
  allowedMethodIds: [1, 2, 4],
  defaultMethodIds: [2],
};
const all = { receiveEmails: true, eventNotifications: true };

describe('settingsContext', () => {
  it('needs viewTimeline, key children and a viewable event type for event notifications', () => {
    const facts = {
      permissions: ['viewTimeline', 'receiveEmails'],
      hasKeyChildren: true,
      canViewSomeEventType: true,
    };
    expect(settingsContext(facts)).toEqual({ receiveEmails: true, eventNotifications: true });
    expect(settingsContext({ ...facts, hasKeyChildren: false }).eventNotifications).toBe(false);
    expect(settingsContext({ ...facts, canViewSomeEventType: false }).eventNotifications).toBe(false);
    expect(settingsContext({ ...facts, permissions: ['receiveEmails'] }).eventNotifications).toBe(false);
    expect(settingsContext({ ...facts, permissions: ['viewTimeline'] }).receiveEmails).toBe(false);
  });
});

describe('methodRefusal and methodChoices', () => {
  it('gives the reason a method cannot be chosen, in order: type off, event access, offered, e-mail', () => {
    expect(methodRefusal({ ...general, enabled: false }, 2, all)).toBe('type-disabled');
    expect(methodRefusal(event, 2, { ...all, eventNotifications: false })).toBe('no-event-access');
    expect(methodRefusal(general, 4, all)).toBe('not-offered');
    expect(methodRefusal(general, 1, { ...all, receiveEmails: false })).toBe('no-receive-emails');
    expect(methodRefusal(general, 1, all)).toBeNull();
    expect(methodChoices(general, { ...all, receiveEmails: false })).toEqual([
      { id: 1, choosable: false, reason: 'no-receive-emails' },
      { id: 2, choosable: true, reason: null },
      { id: 4, choosable: false, reason: 'not-offered' },
    ]);
  });

  it('delivers by the saved methods, else the defaults, only where still allowed', () => {
    expect(deliveryMethods(general, undefined, all)).toEqual([2]);
    expect(deliveryMethods(general, [1, 2], all)).toEqual([1, 2]);
    expect(deliveryMethods(general, [1, 2], { ...all, receiveEmails: false })).toEqual([2]);
    expect(deliveryMethods(general, [], all)).toEqual([]);
    expect(deliveryMethods(event, [2, 4], { ...all, eventNotifications: false })).toEqual([]);
  });
});

describe('checkSettings', () => {
  const types = new Map([
    [1, general],
    [2, event],
  ]);
  it('accepts allowed methods in the right group, refuses the rest with 400', () => {
    expect(() => checkSettings('general', [{ id: 1, methodIDs: [1, 2] }], types, all)).not.toThrow();
    expect(() => checkSettings('event', [{ id: 2, methodIDs: [] }], types, all)).not.toThrow();
    for (const [group, body, ctx] of [
      ['general', [{ id: 2, methodIDs: [2] }], all],
      ['event', [{ id: 1, methodIDs: [2] }], all],
      ['general', [{ id: 9, methodIDs: [2] }], all],
      ['general', [{ id: 1, methodIDs: [4] }], all],
      ['general', [{ id: 1, methodIDs: [1] }], { ...all, receiveEmails: false }],
      ['event', [{ id: 2, methodIDs: [2] }], { ...all, eventNotifications: false }],
    ] as const) {
      expect(
        () =>
          checkSettings(
            group,
            body.map((b) => ({ id: b.id, methodIDs: [...b.methodIDs] })),
            types,
            ctx,
          ),
        JSON.stringify(body),
      ).toThrow(expect.objectContaining({ statusCode: 400, code: 'err-invalid-notification-settings' }));
    }
  });
});
