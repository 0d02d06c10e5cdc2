// The log-in limits (docs/decisions.md "Log-in limits"): a lock per account AND address, and an
// account-wide slowdown that delays but never refuses. A wrong password typed elsewhere can slow an
// account down; it can never lock the owner out.
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_AFTER_FAILURES,
  LOGIN_SLOWDOWN_BASE_MS,
  LOGIN_SLOWDOWN_MAX_MS,
} from '@nursery/domain/common';

export interface LockState {
  locked: boolean;
  retryAfterSeconds: number;
}

/**
 * The lock of one address for one account: after LOGIN_MAX_FAILURES failures from that address inside
 * the window, that address answers 429 for that account until the oldest of them leaves the window.
 */
export function loginLock(failures: { count: number; oldest: Date | null }, now: Date): LockState {
  if (failures.count < LOGIN_MAX_FAILURES || !failures.oldest) return { locked: false, retryAfterSeconds: 0 };
  const unlockAt = failures.oldest.getTime() + LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const seconds = Math.ceil((unlockAt - now.getTime()) / 1000);
  return seconds > 0 ? { locked: true, retryAfterSeconds: seconds } : { locked: false, retryAfterSeconds: 0 };
}

export const loginWindowStart = (now: Date) =>
  new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * 60_000);

/**
 * The account-wide delay before an attempt, from the account's failures in the window (all addresses):
 * none below LOGIN_SLOWDOWN_AFTER_FAILURES, then 0.5 s doubling per failure, at most 8 s.
 */
export function slowdownMs(accountFailures: number): number {
  if (accountFailures < LOGIN_SLOWDOWN_AFTER_FAILURES) return 0;
  const steps = accountFailures - LOGIN_SLOWDOWN_AFTER_FAILURES;
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_BASE_MS * 2 ** Math.min(steps, 16));
}

/**
 * Attempts at a slowed account take turns: each waits for the ones queued before it, then holds the
 * account for its own delay, so guesses from many addresses at once still come one per delay. One
 * attempt per address may wait at a time (a second one from the same address is refused with 429:
 * that refuses the guesser's address, not the account). Kept in memory: per server process.
 */
export class AccountTurns {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly waiting = new Set<string>();

  /** Waits the turn; false when this address already has an attempt waiting for this account. */
  async take(account: string, address: string, delayMs: number, wait: (ms: number) => Promise<void>) {
    if (delayMs <= 0) return true;
    const slot = `${account}\u0000${address}`;
    if (this.waiting.has(slot)) return false;
    this.waiting.add(slot);
    const before = this.tails.get(account) ?? Promise.resolve();
    const mine = before.then(() => wait(delayMs));
    this.tails.set(account, mine);
    try {
      await mine;
    } finally {
      this.waiting.delete(slot);
      if (this.tails.get(account) === mine) this.tails.delete(account);
    }
    return true;
  }
}

/**
 * Every failed log-in answers this long after it began, at the soonest (issue 30). The argon2 work is
 * the same for each failure, but an account's failure is also recorded and audited in the database while
 * an unknown e-mail's is only counted: measured by the bench's 'login timing', a known account's failure
 * answered some milliseconds later. Answering on a fixed beat hides that (the reset link does the same).
 */
export const FAILED_LOGIN_ANSWER_MS = 250;

/** How much longer a failed log-in waits before answering, started `elapsedMs` ago. */
export const failedLoginWaitMs = (elapsedMs: number) => Math.max(0, FAILED_LOGIN_ANSWER_MS - elapsedMs);
