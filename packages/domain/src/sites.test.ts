import { describe, expect, it } from 'vitest';
import {
  ageRangeValid,
  clockTimeMinutes,
  normaliseWeekdays,
  openingHoursValid,
  placeNameTaken,
  sessionTimesProblem,
  siteArchiveBlocker,
} from './sites.ts';

describe('sites and rooms rules', () => {
  it('compares names trimmed and case aside, the edited row excepted', () => {
    const others = [
      { id: 1, name: 'Oak Tree' },
      { id: 2, name: 'Willow' },
    ];
    expect(placeNameTaken(' oak tree ', others)).toBe(true);
    expect(placeNameTaken('Oak Tree', others, 1)).toBe(false);
    expect(placeNameTaken('Ash', others)).toBe(false);
  });

  it('reads times with or without seconds', () => {
    expect(clockTimeMinutes('08:30')).toBe(510);
    expect(clockTimeMinutes('18:00:00')).toBe(1080);
  });

  it('opening hours open before they close', () => {
    expect(openingHoursValid('08:00', '18:00')).toBe(true);
    expect(openingHoursValid('18:00', '18:00')).toBe(false);
    expect(openingHoursValid('19:00', '08:00')).toBe(false);
  });

  it('a session starts before it ends, within the opening hours', () => {
    const opening = { opensAt: '08:00', closesAt: '18:00' };
    expect(sessionTimesProblem('08:00', '13:00', opening)).toBeNull();
    expect(sessionTimesProblem('13:00', '13:00', opening)).toBe('session-end-before-start');
    expect(sessionTimesProblem('07:30', '13:00', opening)).toBe('session-outside-opening-hours');
    expect(sessionTimesProblem('13:00', '18:30', opening)).toBe('session-outside-opening-hours');
  });

  it('an age range goes from below to', () => {
    expect(ageRangeValid(0, 24)).toBe(true);
    expect(ageRangeValid(24, 24)).toBe(false);
  });

  it('keeps weekdays in order, each once', () => {
    expect(normaliseWeekdays([5, 1, 1, 3])).toEqual([1, 3, 5]);
  });

  it('a site with children or staff cannot be archived', () => {
    expect(siteArchiveBlocker({ children: 0, staff: 0 })).toBeNull();
    expect(siteArchiveBlocker({ children: 2, staff: 1 })).toBe('err-site-has-children');
    expect(siteArchiveBlocker({ children: 0, staff: 1 })).toBe('err-site-has-staff');
  });
});
