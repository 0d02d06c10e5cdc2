import type { EmergencyChild } from '@nursery/domain/children';
import { describe, expect, it } from 'vitest';
import { emergencyGroups, parseRoomChoice, telHref } from './emergencyView';

const child = (id: number, surname: string, roomID: number | null): EmergencyChild => ({
  id,
  forename: 'Sam',
  surname,
  hasImage: false,
  dob: '2023-01-01',
  roomID,
  flags: { exceptions: [], reminders: 0, accidents: 0 },
  contacts: [],
});

describe('emergency list view', () => {
  it("keeps a stored room only when it is one of the site's rooms", () => {
    expect(parseRoomChoice(null, [1, 2])).toBe('all');
    expect(parseRoomChoice('all', [1, 2])).toBe('all');
    expect(parseRoomChoice('2', [1, 2])).toBe(2);
    expect(parseRoomChoice('7', [1, 2])).toBe('all');
    expect(parseRoomChoice('x', [1, 2])).toBe('all');
  });

  it('filters by room and groups by surname initial', () => {
    const children = [child(1, 'Ahmed', 1), child(2, 'Brown', 2), child(3, 'Atkins', 2)];
    expect(emergencyGroups(children, 'all').map((g) => [g.letter, g.items.map((c) => c.id)])).toEqual([
      ['A', [1, 3]],
      ['B', [2]],
    ]);
    expect(emergencyGroups(children, 2).map((g) => [g.letter, g.items.map((c) => c.id)])).toEqual([
      ['A', [3]],
      ['B', [2]],
    ]);
  });

  it('dials digits only', () => {
    expect(telHref('07700 900123')).toBe('tel:07700900123');
    expect(telHref(' +44 117 496 0000 ')).toBe('tel:+441174960000');
  });
});
