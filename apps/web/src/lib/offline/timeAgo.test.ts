import { describe, expect, it } from 'vitest';
import { timeAgo } from './timeAgo';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('says how long ago, in words', () => {
    expect(timeAgo(now - 10_000, now)).toBe('a few seconds ago');
    expect(timeAgo(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(timeAgo(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(timeAgo(now - 2 * 86_400_000, now)).toBe('2 days ago');
  });
  it('reads a future time as just now', () => {
    expect(timeAgo(now + 3_600_000, now)).toBe('a few seconds ago');
  });
});
