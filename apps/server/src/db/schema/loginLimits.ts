// Issue 32: failed attempts that have no account row to count against (an unknown e-mail's log-in or
// reset answer, a refused one-time sign-in link), kept here rather than in one process's memory so
// that the lock after LOGIN_MAX_FAILURES holds across app instances exactly as login_failures' does
// for real accounts (a 429 must not tell which e-mails exist). Only a SHA-256 of the scope and the
// e-mail is stored, never the e-mail someone typed; rows older than the window are deleted as new
// ones come. No provider: the attempt belongs to no tenant (as providers and event_statuses).
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const loginUnknownFailures = pgTable(
  'login_unknown_failures',
  {
    /** SHA-256 hex of `<scope>\0<lower-cased e-mail or bucket>`. */
    keyHash: text('key_hash').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    /** The client address the attempt came from (the lock is per key and address). */
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyHash, t.id] }),
    index('login_unknown_failures_key_idx').on(t.keyHash, t.address, t.failedAt),
    index('login_unknown_failures_at_idx').on(t.failedAt),
  ],
);

/**
 * Issue 32: @fastify/rate-limit's per-address counters on PostgreSQL (lib/rate-limit-store.ts), so N
 * instances allow each limit once, not N times. One row per route and address: the hits of the window
 * that ends at window_ends. No provider: a flood guard is per address, not per tenant.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** The route (method and path) and the client address. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowEnds)],
);
