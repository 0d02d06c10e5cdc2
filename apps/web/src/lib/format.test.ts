import { describe, expect, it } from 'vitest';
import { formatClockTime, formatLongDate } from './format';

describe('Home heading formats', () => {
  it('writes the long en-GB date and the 24-hour time in London time', () => {
    const winter = new Date('2026-11-21T14:05:00Z');
    expect(formatLongDate(winter)).toBe('Saturday 21 November 2026');
    expect(formatClockTime(winter)).toBe('14:05');
  });

  it('follows British Summer Time', () => {
    const summer = new Date('2026-06-30T23:30:00Z'); // 00:30 on 1 July in London
    expect(formatLongDate(summer, 'Europe/London')).toBe('Wednesday 1 July 2026');
    expect(formatClockTime(summer, 'Europe/London')).toBe('00:30');
  });
});
