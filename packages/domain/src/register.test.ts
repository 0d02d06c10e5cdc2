import { describe, expect, it } from 'vitest';
import { autoRefreshDelay, canGoToPreviousDay, isSessionSelectable, sessionState } from './register.ts';

describe('sessionState', () => {
  it('due, in, left, off', () => {
    expect(sessionState({})).toBe('due');
    expect(sessionState({ actualStart: '09:00' })).toBe('in');
    expect(sessionState({ actualStart: '09:00', actualEnd: '12:00' })).toBe('left');
    expect(sessionState({ isOff: true })).toBe('off');
    expect(sessionState({ markedOffCategoryID: 2, actualStart: '09:00' })).toBe('off');
  });
});

describe('isSessionSelectable', () => {
  it('due tab: not started and not marked off', () => {
    expect(isSessionSelectable({}, 'due')).toBe(true);
    expect(isSessionSelectable({ actualStart: '09:00' }, 'due')).toBe(false);
    expect(isSessionSelectable({ isOff: true }, 'due')).toBe(false);
  });
  it('in tab: not ended', () => {
    expect(isSessionSelectable({ actualStart: '09:00' }, 'in')).toBe(true);
    expect(isSessionSelectable({ actualStart: '09:00', actualEnd: '12:00' }, 'in')).toBe(false);
  });
});

describe('register navigation and refresh', () => {
  it('previous day only after today', () => {
    expect(canGoToPreviousDay('2024-07-05', '2024-07-04')).toBe(true);
    expect(canGoToPreviousDay('2024-07-04', '2024-07-04')).toBe(false);
  });
  it('backs off by 1.5 per error up to 1.5^5', () => {
    expect(autoRefreshDelay(0)).toBe(30_000);
    expect(autoRefreshDelay(1)).toBe(45_000);
    expect(autoRefreshDelay(5)).toBeCloseTo(30_000 * 7.59375);
    expect(autoRefreshDelay(9)).toBe(autoRefreshDelay(5));
  });
});
