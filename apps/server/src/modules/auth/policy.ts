import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@nursery/domain';

export interface LockState {
  locked: boolean;
  retryAfterSeconds: number;
}

/**
 * Per-account login lock: after LOGIN_MAX_FAILURES failures inside the window the account answers
 * 429 until the oldest of those failures leaves the window.
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
 * Unknown e-mails get the same lock as real accounts (kept in memory: there is no account row),
 * so a 429 never tells an attacker which e-mails exist.
 */
export class UnknownEmailFailures {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly maxKeys = 10_000) {}

  state(email: string, now: Date): LockState {
    const times = this.prune(email, now);
    return loginLock({ count: times.length, oldest: times.length ? new Date(times[0]!) : null }, now);
  }

  record(email: string, now: Date) {
    const times = this.prune(email, now);
    times.push(now.getTime());
    if (!this.failures.has(email) && this.failures.size >= this.maxKeys) {
      const first = this.failures.keys().next().value;
      if (first !== undefined) this.failures.delete(first);
    }
    this.failures.set(email, times);
  }

  private prune(email: string, now: Date): number[] {
    const since = loginWindowStart(now).getTime();
    return (this.failures.get(email) ?? []).filter((t) => t > since);
  }
}
