// Failed attempts with no account row to count against (issue 32): an unknown e-mail's log-in or reset
// answer, a refused sign-in link. Counted in login_unknown_failures, so the lock after
// LOGIN_MAX_FAILURES holds across app instances as a real account's (login_failures) does, and a 429
// never tells which e-mails exist. Keys are stored as a SHA-256 of the scope and the key.
import { createHash } from 'node:crypto';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginUnknownFailures } from '../../db/schema/index.ts';
import { loginWindowStart } from './policy.ts';

/** Which command counts: each has its own keys (a wrong reset answer is not a failed log-in). */
export type FailureScope = 'login' | 'reset' | 'token-login';

export class UnknownEmailFailures {
  constructor(
    private readonly db: Db,
    private readonly scope: FailureScope,
  ) {}

  private keyHash(key: string) {
    return createHash('sha256').update(`${this.scope}\u0000${key}`).digest('hex');
  }

  /** Failures of the key inside the window: from every address, and from this one (with the oldest). */
  async counts(key: string, address: string, now: Date) {
    const [row] = await this.db
      .select({
        all: count(),
        here: sql<number>`count(*) filter (where ${loginUnknownFailures.address} = ${address})`,
        oldestHere: sql<
          string | null
        >`min(${loginUnknownFailures.failedAt}) filter (where ${loginUnknownFailures.address} = ${address})`,
      })
      .from(loginUnknownFailures)
      .where(
        and(
          eq(loginUnknownFailures.keyHash, this.keyHash(key)),
          gt(loginUnknownFailures.failedAt, loginWindowStart(now)),
        ),
      );
    return {
      account: Number(row?.all ?? 0),
      address: {
        count: Number(row?.here ?? 0),
        oldest: row?.oldestHere ? new Date(row.oldestHere) : null,
      },
    };
  }

  /** One more failure; rows past the window (every key's) go, so the table holds one window at most. */
  async record(key: string, address: string, now: Date) {
    await this.db
      .delete(loginUnknownFailures)
      .where(lte(loginUnknownFailures.failedAt, loginWindowStart(now)));
    await this.db.insert(loginUnknownFailures).values({ keyHash: this.keyHash(key), address, failedAt: now });
  }
}
