import type { NotificationTypeSetting } from '@nursery/domain/home';
import { describe, expect, it } from 'vitest';
import { settingsSaves, toggleChoice, typeFilterOptions } from './notificationView';

const type = (id: number, group: 'general' | 'event', methodIDs: (1 | 2 | 4)[]): NotificationTypeSetting => ({
  id,
  code: `t${id}`,
  name: `Type ${id}`,
  enabled: true,
  group,
  allowedMethodIDs: [1, 2, 4],
  methodIDs,
  methods: [],
});

describe('toggleChoice', () => {
  it('turns a method on or off, keeping the list sorted and the old map unchanged', () => {
    const start = new Map([[1, [2]]]);
    const on = toggleChoice(start, 1, 1, true);
    expect(on.get(1)).toEqual([1, 2]);
    expect(start.get(1)).toEqual([2]);
    expect(toggleChoice(on, 1, 2, false).get(1)).toEqual([1]);
    expect(toggleChoice(start, 5, 4, true).get(5)).toEqual([4]);
  });
});

describe('settingsSaves', () => {
  const types = [type(1, 'general', [2]), type(2, 'event', [2]), type(3, 'event', [])];
  const saved = new Map(types.map((t) => [t.id, [...t.methodIDs]]));

  it('sends nothing when nothing changed', () => {
    expect(settingsSaves(types, saved, saved)).toEqual({ general: null, event: null });
  });

  it('sends each changed type with its group’s call, and only the changed ones', () => {
    const choices = toggleChoice(toggleChoice(saved, 2, 1, true), 1, 2, false);
    expect(settingsSaves(types, saved, choices)).toEqual({
      general: { types: [{ id: 1, methodIDs: [] }] },
      event: { types: [{ id: 2, methodIDs: [1, 2] }] },
    });
    // Turned on and off again is no change.
    expect(settingsSaves(types, saved, toggleChoice(toggleChoice(saved, 3, 4, true), 3, 4, false))).toEqual({
      general: null,
      event: null,
    });
  });
});

describe('typeFilterOptions', () => {
  it('lists the types of the notification names, in the types’ order', () => {
    const types = [
      { code: 'event-comment', name: 'Comments on my events' },
      { code: 'booking-request', name: 'Booking requests' },
      { code: 'event-published', name: 'Events published' },
    ];
    expect(typeFilterOptions(types, ['event-published', 'event-comment', 'unknown'])).toEqual([
      { value: 'event-comment', label: 'Comments on my events' },
      { value: 'event-published', label: 'Events published' },
    ]);
  });
});
