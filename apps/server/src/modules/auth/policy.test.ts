import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config/env.ts';
import { AccountTurns, loginLock, slowdownMs } from './policy.ts';

describe('log-in limits', () => {
  const now = new Date('2026-11-24T10:00:00Z');

  it('locks an address after 10 failures until the oldest leaves the 15-minute window', () => {
    const oldest = new Date(now.getTime() - 5 * 60_000);
    expect(loginLock({ count: 9, oldest }, now).locked).toBe(false);
    expect(loginLock({ count: 10, oldest }, now)).toEqual({ locked: true, retryAfterSeconds: 600 });
    expect(loginLock({ count: 10, oldest: new Date(now.getTime() - 15 * 60_000) }, now).locked).toBe(false);
  });

  it('slows an account from its 5th failure: 0.5 s doubling, capped at 8 s', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map(slowdownMs)).toEqual([
      0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000,
    ]);
  });

  it('spaces attempts at a slowed account one delay apart, whichever address they come from', async () => {
    const turns = new AccountTurns();
    const log: string[] = [];
    const wait = async (ms: number) => {
      log.push(`start ${ms}`);
      await new Promise((r) => setTimeout(r, 1));
      log.push(`end ${ms}`);
    };
    await Promise.all([
      turns.take('user:1', '10.0.0.1', 500, wait),
      turns.take('user:1', '10.0.0.2', 1000, wait),
    ]);
    // The second waits for the first to finish: the waits never overlap.
    expect(log).toEqual(['start 500', 'end 500', 'start 1000', 'end 1000']);
    expect(await turns.take('user:1', '10.0.0.1', 0, wait)).toBe(true);
  });

  it('refuses a second waiting attempt from the same address, not from another', async () => {
    const turns = new AccountTurns();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const first = turns.take('user:1', '10.0.0.1', 500, () => held);
    expect(await turns.take('user:1', '10.0.0.1', 500, () => held)).toBe(false);
    const other = turns.take('user:1', '10.0.0.2', 500, async () => {});
    release();
    expect(await first).toBe(true);
    expect(await other).toBe(true);
    // Once served, the address may wait again.
    expect(await turns.take('user:1', '10.0.0.1', 500, async () => {})).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, takes a hop count or a list, and refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
  });
});
