// Issue 30: token login's one-time sign-in links. Only the key's SHA-256 hex is stored (token_hash);
// a row is deleted when used (single use: one DELETE … RETURNING wins a race) and refused after
// expires_at (10 minutes). Rows of a user go with the user (cascade).
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userAccounts } from './core.ts';
import { tenantFkCascade } from './helpers.ts';

export const loginTokens = pgTable(
  'login_tokens',
  {
    providerId: integer('provider_id').notNull(),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The role the token signs in as (spec 002 §6: Staff). */
    role: text('role').notNull().default('Staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.id] }),
    tenantFkCascade('login_tokens_user_fk', t.providerId, t.userId, userAccounts),
    uniqueIndex('login_tokens_hash_key').on(t.tokenHash),
    index('login_tokens_user_idx').on(t.providerId, t.userId),
    index('login_tokens_expiry_idx').on(t.expiresAt),
  ],
);
