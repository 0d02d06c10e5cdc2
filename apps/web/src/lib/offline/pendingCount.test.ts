import { afterEach, describe, expect, it } from 'vitest';
import { pendingCount, pendingSources, setPendingCount, setPendingSourceCount } from './pendingCount';

afterEach(() => {
  setPendingCount(0);
  setPendingSourceCount('staff-register', 0);
  setPendingSourceCount('spotlight', 0);
});

describe('what waits on this device', () => {
  it('the badge counts the event outbox and every other queue', () => {
    setPendingCount(2);
    setPendingSourceCount('staff-register', 3);
    setPendingSourceCount('spotlight', 1);
    expect(pendingCount()).toBe(6);
    expect(pendingSources()).toEqual({ 'staff-register': 3, spotlight: 1 });
  });

  it('a queue at 0 leaves the list of other queues', () => {
    setPendingSourceCount('spotlight', 1);
    setPendingSourceCount('spotlight', 0);
    expect(pendingSources()).toEqual({});
    expect(pendingCount()).toBe(0);
  });

  it('the list is the same object until a count changes (a stable snapshot for React)', () => {
    setPendingSourceCount('spotlight', 1);
    const before = pendingSources();
    setPendingSourceCount('spotlight', 1);
    setPendingCount(4);
    expect(pendingSources()).toBe(before);
    setPendingSourceCount('spotlight', 2);
    expect(pendingSources()).not.toBe(before);
    expect(pendingSources()).toEqual({ spotlight: 2 });
  });
});
