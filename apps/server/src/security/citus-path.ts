// The Citus path (issue 32; docs/operations.md "The Citus path"): PostgreSQL distributed by
// provider_id needs every tenant table keyed by (provider_id, …) and every statement on a tenant table
// filtered by provider_id, so that Citus routes it to one shard group. These are the checks:
// keyProblems reads the Drizzle schema, unfilteredTables reads one statement's SQL, and
// recordServerSql collects the statements an app sends while it answers requests (the tenancy probe
// walks every REST operation and GraphQL field with it).
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { sqlObservers } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';

export interface TableKeys {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Unique constraints and unique indexes, by their columns (an expression's column unknown: '?'). */
  uniques: string[][];
}

export function schemaTables(): TableKeys[] {
  const tables: TableKeys[] = [];
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const primaryKey = [
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...config.primaryKeys.flatMap((k) => k.columns.map((c) => c.name)),
    ];
    const uniques = [
      ...config.columns.filter((c) => c.isUnique).map((c) => [c.name]),
      ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
      ...config.indexes
        .filter((i) => i.config.unique)
        .map((i) => i.config.columns.map((c) => ('name' in c && typeof c.name === 'string' ? c.name : '?'))),
    ];
    tables.push({ name: config.name, columns: config.columns.map((c) => c.name), primaryKey, uniques });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** Tables with no provider_id, each with why: on Citus they are reference tables (copied to every node). */
export const GLOBAL_TABLES: Record<string, string> = {
  providers: 'the tenants themselves: keyed by id, which is every other table’s provider_id',
  event_statuses: 'the specification’s fixed statuses, the same for every provider',
  login_unknown_failures:
    'failed log-ins and resets for e-mails with no account (hashed keys): no provider is known, by design',
  rate_limit_hits:
    'the rate limits’ counters by route and client address, counted before any session or provider',
};

export const isTenantTable = (t: TableKeys) => t.columns.includes('provider_id');

/**
 * What keeps a tenant table from being distributed by provider_id: its primary key must start with
 * provider_id (and hold id when the table has one), and every unique key must include provider_id
 * (Citus enforces uniqueness only within a shard). A table without provider_id must be a listed global one.
 */
export function keyProblems(tables: TableKeys[]): string[] {
  const problems: string[] = [];
  for (const t of tables) {
    if (!isTenantTable(t)) {
      if (!(t.name in GLOBAL_TABLES))
        problems.push(`${t.name}: no provider_id and not a listed global table`);
      continue;
    }
    if (t.primaryKey[0] !== 'provider_id' || (t.columns.includes('id') && !t.primaryKey.includes('id')))
      problems.push(`${t.name}: primary key (${t.primaryKey.join(', ')}), not (provider_id, id)`);
    for (const unique of t.uniques)
      if (!unique.includes('provider_id'))
        problems.push(`${t.name}: unique (${unique.join(', ')}) without provider_id`);
  }
  return problems;
}

const KEYWORDS = new Set(
  (
    'where on join left right inner outer full cross natural using set order group limit offset values ' +
    'select returning for union lateral with as and or not having window fetch except intersect'
  ).split(' '),
);

const stripLiterals = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, "''");
const word = (name: string) => `"?${name}"?`;

/**
 * The tenant tables a statement reads or writes without a provider_id condition on them: in WHERE or
 * a JOIN's ON (`t.provider_id = …`, `… = t.provider_id`, `t.provider_id in …`, a `(t.provider_id, …)`
 * tuple), an unqualified `provider_id = …` counting for one table each; an INSERT names provider_id
 * among its columns. A text check, not a parser: what it cannot see is written in the allow-list.
 */
export function unfilteredTables(sql: string, tenantTables: ReadonlySet<string>): string[] {
  const text = stripLiterals(sql).replace(/\s+/g, ' ');
  // A WITH query's names (`with areas as (…)`) are not tables, even when one is named like one.
  const cteNames = new Set(
    [...text.matchAll(/(?:\bwith|,)\s+"?(\w+)"?\s+as\s+\(/gi)].map((m) => m[1].toLowerCase()),
  );
  const isTenant = (name: string) => tenantTables.has(name) && !cteNames.has(name);
  const missing: string[] = [];
  // Each INSERT (the statement's or a WITH query's) names provider_id among its columns.
  for (const m of text.matchAll(/\binsert into\s+"?(\w+)"?\s*(\(([^)]*)\))?/gi)) {
    const table = m[1].toLowerCase();
    if (isTenant(table) && !/\bprovider_id\b/i.test(m[3] ?? '')) missing.push(table);
  }
  const refs: { table: string; alias: string }[] = [];
  // The alias is looked at, not consumed: `from events join children` holds two references.
  const reference =
    /\b(from|join|update|using)\s+(?:only\s+)?"?(\w+)"?(?![.\w"])(?=(?:\s+(?:as\s+)?"?(\w+)"?)?)/gi;
  for (const m of text.matchAll(reference)) {
    const table = m[2].toLowerCase();
    if (!isTenant(table)) continue;
    const alias = m[3] && !KEYWORDS.has(m[3].toLowerCase()) ? m[3] : m[2];
    refs.push({ table, alias });
  }
  let bareLeft = text.match(/(?<![.\w"])"?provider_id"?\s*(=|in\b|<>)/gi)?.length ?? 0;
  for (const { table, alias } of refs) {
    const col = `${word(alias)}\\.${word('provider_id')}`;
    const qualified = new RegExp(
      `${col}\\s*(=|in\\b|<>)|(=|\\bin\\b|any\\s*\\()\\s*\\(?\\s*${col}|\\(\\s*${col}\\s*,`,
      'i',
    );
    if (qualified.test(text)) continue;
    if (bareLeft > 0) {
      bareLeft--;
      continue;
    }
    missing.push(table);
  }
  return [...new Set(missing)];
}

/**
 * The statements an app sends while it answers requests (`app.inject` calls in flight): the test's
 * own set-up and checks, sent between requests, are not counted. Statements are kept once each,
 * whitespace folded.
 */
export function recordServerSql(app: FastifyInstance): { statements(): string[]; stop(): void } {
  const seen = new Set<string>();
  let inFlight = 0;
  const observer = (sql: string) => {
    if (inFlight > 0) seen.add(sql.replace(/\s+/g, ' ').trim());
  };
  sqlObservers.add(observer);
  const inject = app.inject.bind(app) as (opts: unknown) => Promise<unknown>;
  (app as { inject: unknown }).inject = async (opts: unknown) => {
    inFlight++;
    try {
      return await inject(opts);
    } finally {
      inFlight--;
    }
  };
  return {
    statements: () => [...seen].sort(),
    stop: () => {
      sqlObservers.delete(observer);
      (app as { inject: unknown }).inject = inject;
    },
  };
}

/**
 * The statements that find their tenant's rows by a key that is unique across providers, before the
 * provider is known, each with why. On Citus each needs a lookup (a reference table from the key to
 * the provider) or a query to every shard; docs/operations.md lists them as the work left.
 */
export const CITUS_ALLOWED: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^delete from "login_tokens" where \("login_tokens"\."token_hash" = \$1 /,
    reason:
      'a one-time sign-in link (token-login) is found by its token’s hash: the provider comes from the row',
  },
  {
    pattern:
      /^(update|delete from) "server_sessions" (set .* )?where "server_sessions"\."id" = \$\d+( returning .*)?$/,
    reason:
      'a session is found by its id, the hash of its cookie’s token, on every request before the provider is known',
  },
  {
    pattern:
      /^select .* from "user_accounts" where lower\("user_accounts"\."email"\) = (\$1|lower\(\$1\))( limit \$2)?$/,
    reason:
      'the log-in and the password-reset request find the account by its e-mail address (one account per address)',
  },
  {
    pattern:
      /^update "user_accounts" set .* where \("user_accounts"\."(reset_code|activation_code)" = \$\d+ /,
    reason: 'the activation and password-reset links find the account by their one-time code',
  },
];

/**
 * The tenant tables' keys not yet fit for distribution by provider_id, each with why (the work left
 * before Citus, docs/operations.md "The Citus path"). keyProblems must find exactly these.
 */
export const KEYS_WORK_LEFT: Record<string, string> = {
  'login_tokens: unique (token_hash) without provider_id':
    'a sign-in link is found by its hash alone (CITUS_ALLOWED); unique per provider would need the provider in the link',
  'server_sessions: primary key (id), not (provider_id, id)':
    'a session is found by its token’s hash before the provider is known: distribute it by id (not co-located) or keep it on the coordinator',
  'sites: unique (id) without provider_id':
    'sites_id_key, unique on id alone beside the (provider_id, id) primary key: to be dropped once nothing relies on it',
  'user_accounts: unique (id) without provider_id':
    'user_accounts_id_key, unique on id alone beside the (provider_id, id) primary key: to be dropped once nothing relies on it',
  'user_accounts: unique (?) without provider_id':
    'one account per e-mail address across providers (lower(email)): a lookup table from address to provider',
  'user_accounts: unique (activation_code) without provider_id':
    'an activation link carries the code alone: the same lookup table, or the provider in the link',
  'user_accounts: unique (reset_code) without provider_id':
    'a password-reset link carries the code alone: the same lookup table, or the provider in the link',
};

/** The statements whose tenant tables are not all filtered, as `table: sql`, less the allowed ones. */
export function citusPathViolations(
  statements: string[],
  tables: TableKeys[],
  allowed: readonly { pattern: RegExp; reason: string }[],
): string[] {
  const tenant = new Set(tables.filter(isTenantTable).map((t) => t.name));
  const out: string[] = [];
  for (const sql of statements) {
    if (allowed.some((a) => a.pattern.test(sql))) continue;
    for (const table of unfilteredTables(sql, tenant)) out.push(`${table}: ${sql}`);
  }
  return out;
}
