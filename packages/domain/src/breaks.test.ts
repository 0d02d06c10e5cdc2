import { describe, expect, it } from 'vitest';
import {
  breakDuration,
  breakMinutes,
  breakState,
  checkAdditionalMinutes,
  checkBreak,
  normaliseAdditionalMinutes,
  runningBreakMinutesOf,
  sortBreaks,
} from './breaks.ts';

const at = (hm: string) => `2024-07-04T${hm}:00Z`;

describe('sortBreaks', () => {
  it('sorts by timeFrom, then timeTo, then id; missing times last', () => {
    const breaks = [
      { id: 4, timeFrom: at('12:00'), timeTo: null },
      { id: 3, timeFrom: at('10:00'), timeTo: at('10:30') },
      { id: 1, timeFrom: at('10:00'), timeTo: at('10:15') },
      { id: 2, timeFrom: at('10:00'), timeTo: at('10:15') },
      { id: 5, timeFrom: at('12:00'), timeTo: at('12:10') },
    ];
    expect(sortBreaks(breaks).map((b) => b.id)).toEqual([1, 2, 3, 5, 4]);
    expect(breaks[0].id).toBe(4); // not mutated
  });
});

describe('breakMinutes', () => {
  it('is additional minutes plus completed breaks', () => {
    const breaks = [
      { timeFrom: at('10:00'), timeTo: at('10:15') },
      { timeFrom: at('12:00'), timeTo: at('12:30') },
      { timeFrom: at('14:00'), timeTo: null },
    ];
    expect(breakMinutes(breaks, 10)).toBe(55);
    expect(breakMinutes(breaks, '')).toBe(45);
    expect(breakMinutes([], null)).toBe(0);
  });
  it('never counts a negative break', () => {
    expect(breakDuration({ timeFrom: at('10:30'), timeTo: at('10:00') })).toBe(0);
    expect(breakMinutes([{ timeFrom: at('10:30'), timeTo: at('10:00') }], -20)).toBe(0);
  });
  it('accepts HH:mm times', () => {
    expect(breakDuration({ timeFrom: '09:45', timeTo: '10:05' })).toBe(20);
  });
  it('clamps additional minutes to 0..1440', () => {
    expect(normaliseAdditionalMinutes(1440)).toBe(1440);
    expect(normaliseAdditionalMinutes(1441)).toBe(1440);
    expect(normaliseAdditionalMinutes(-1)).toBe(0);
    expect(normaliseAdditionalMinutes('abc')).toBe(0);
  });
});

describe('checks', () => {
  it('additional minutes: empty ok, 0..1440 whole numbers', () => {
    expect(checkAdditionalMinutes('')).toBeNull();
    expect(checkAdditionalMinutes(0)).toBeNull();
    expect(checkAdditionalMinutes(1440)).toBeNull();
    expect(checkAdditionalMinutes(1441)).toBe('break-minutes-out-of-range');
    expect(checkAdditionalMinutes(-1)).toBe('break-minutes-out-of-range');
    expect(checkAdditionalMinutes('2.5')).toBe('break-minutes-out-of-range');
  });
  it('break end must not be before start', () => {
    expect(checkBreak({ timeFrom: at('10:00'), timeTo: at('09:59') })).toBe(
      'end-time-must-be-after-start-time',
    );
    expect(checkBreak({ timeFrom: at('10:00'), timeTo: at('10:00') })).toBeNull();
    expect(checkBreak({ timeFrom: at('10:00'), timeTo: null })).toBeNull();
  });
});

describe('break state and running total', () => {
  it('none, active, ended', () => {
    expect(breakState([])).toBe('none');
    expect(breakState([{ timeFrom: at('10:00'), timeTo: null }])).toBe('active');
    expect(breakState([{ timeFrom: at('10:00'), timeTo: at('10:10') }])).toBe('ended');
  });
  it('counts up the active break', () => {
    const breaks = [
      { timeFrom: at('10:00'), timeTo: at('10:10') },
      { timeFrom: at('12:00'), timeTo: null },
    ];
    expect(runningBreakMinutesOf(breaks, 5, new Date(at('12:07')))).toBe(22);
  });
});
