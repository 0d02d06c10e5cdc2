import { describe, expect, it } from 'vitest';
import { EmergencyAnswer } from './areas/children.ts';
import {
  EMERGENCY_STALE_MS,
  groupBySurnameInitial,
  isEmergencyDataStale,
  surnameInitial,
} from './emergency.ts';

describe('emergency list staleness (spec 002 §8: warns over 8 hours)', () => {
  const fetched = new Date('2026-11-20T08:00:00Z');
  it('is fresh up to and at 8 hours, stale after', () => {
    expect(EMERGENCY_STALE_MS).toBe(8 * 3600 * 1000);
    expect(isEmergencyDataStale(fetched, new Date('2026-11-20T15:59:00Z'))).toBe(false);
    expect(isEmergencyDataStale(fetched, new Date('2026-11-20T16:00:00Z'))).toBe(false);
    expect(isEmergencyDataStale(fetched, new Date('2026-11-20T16:00:01Z'))).toBe(true);
  });
});

describe('surname initials', () => {
  it('upper-cases, strips accents and puts anything else under #', () => {
    expect(surnameInitial('smith')).toBe('S');
    expect(surnameInitial('Ó Briain')).toBe('O');
    expect(surnameInitial('  de Souza')).toBe('D');
    expect(surnameInitial('1st')).toBe('#');
    expect(surnameInitial('')).toBe('#');
  });

  it('groups A–Z in order then #, keeping the given order within a group', () => {
    const groups = groupBySurnameInitial([
      { surname: 'Patel', n: 1 },
      { surname: 'Ahmed', n: 2 },
      { surname: '9', n: 3 },
      { surname: 'Price', n: 4 },
    ]);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'P', '#']);
    expect(groups[1]!.items.map((i) => i.n)).toEqual([1, 4]);
  });
});

describe('EmergencyAnswer', () => {
  it('accepts a child without contacts and refuses a negative count', () => {
    const child = {
      id: 1,
      forename: 'Amelia',
      surname: 'Khan',
      hasImage: false,
      dob: '2023-04-01',
      roomID: null,
      flags: { exceptions: [], reminders: 0, accidents: 0 },
      contacts: [],
    };
    const answer = {
      siteID: 1,
      today: '2026-11-20',
      fetchedAt: '2026-11-20T08:00:00.000Z',
      children: [child],
    };
    expect(EmergencyAnswer.safeParse(answer).success).toBe(true);
    const bad = { ...answer, children: [{ ...child, flags: { ...child.flags, accidents: -1 } }] };
    expect(EmergencyAnswer.safeParse(bad).success).toBe(false);
  });
});
