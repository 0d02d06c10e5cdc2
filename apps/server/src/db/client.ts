import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../lib/paths.ts';
import { timeStatement } from './request-sql-time.ts';
import * as schema from './schema/index.ts';
import { ContextPool, PreparingClient } from './statement-cache.ts';

export type Schema = typeof schema;
/**
 * Both drivers expose the same Drizzle query API; the node-postgres type is used for both so the
 * modules are written once. (PgliteDatabase and NodePgDatabase differ only in the result HKT.)
 */
export type Db = NodePgDatabase<Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed on PGlite; one on pg) and returns rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (tests clone a seeded template from it). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * LISTEN on a channel (lib/cache-bus.ts, issue 32): onPayload for each NOTIFY, onLost once when the
   * listening connection drops (PostgreSQL: a client of its own, outside the pool, so a LISTEN is never
   * handed to a request). Answers the unlisten.
   */
  listen?: (
    channel: string,
    onPayload: (payload: string) => void,
    onLost: (err: Error) => void,
  ) => Promise<() => Promise<void>>;
  /**
   * PGlite only: the data directory as a tarball taken while no transaction or statement runs (they
   * wait), with `during` run at that same moment; a backup of the running server (issue 32).
   */
  snapshotDataDir?: (during?: () => void) => Promise<Blob>;
}

export const MIGRATIONS_DIR = path.join(serverRoot, 'src/db/migrations');

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data-dir tarball to start from (tests copy a seeded template this way). */
  loadDataDir?: Blob;
}

/** Connections of the PostgreSQL pool (the request queue's default concurrency follows it). */
export const PG_POOL_MAX = 10;

/**
 * Issue 32: no request waits on a database that is gone. A connect that does not answer fails after
 * 3 s, a statement whose connection went silent after 60 s (the client side; a statement the server
 * runs that long is cancelled by it too), and keepalive notices a dead peer; each failure is answered
 * 503 err-unavailable (lib/db-unavailable.ts), and the pool opens new connections on the next request.
 */
export const PG_RESILIENCE = {
  connectionTimeoutMillis: 3_000,
  query_timeout: 60_000,
  statement_timeout: 60_000,
  keepAlive: true,
} as const;

/**
 * Observers of every statement the app sends (drizzle's and Database.query's), for tests: the Citus
 * path test (security/citus-path.ts, issue 32) reads each statement's SQL. Empty in production.
 */
export const sqlObservers = new Set<(sql: string) => void>();
const observeSql = (sql: string) => {
  for (const observer of sqlObservers) observer(sql);
};
const sqlLogger = { logQuery: (sql: string) => observeSql(sql) };

export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new ContextPool({
      connectionString: opts.databaseUrl,
      max: PG_POOL_MAX,
      ...PG_RESILIENCE,
      // Parameterised statements are prepared once per connection (db/statement-cache.ts).
      Client: PreparingClient,
    });
    // A pooled client error (server restart) must not crash the process.
    pool.on('error', () => {});
    // Nor one of a checked-out client between its statements (the pool listens only to idle ones).
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, logger: sqlLogger });
    return {
      db,
      kind: 'postgres',
      async query(text, params) {
        observeSql(text);
        const r = await pool.query(text, params as unknown[]);
        return r.rows;
      },
      close: () => pool.end(),
      listen: (channel, onPayload, onLost) => listenOnPostgres(opts.databaseUrl!, channel, onPayload, onLost),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://') && !existsSync(dir)) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  // Every statement, drizzle's and Database.query's, in or out of a transaction, is run as protocol
  // messages through execProtocolRaw (execProtocol and execProtocolStream both call it): the request's
  // SQL time is counted there (db/request-sql-time.ts).
  const execProtocolRaw = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = (message, options) => timeStatement(() => execProtocolRaw(message, options));
  const db = drizzlePglite(client, { schema, logger: sqlLogger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query(text, params) {
      observeSql(text);
      if (params && params.length > 0) return (await client.query(text, params)).rows as never[];
      const results = await client.exec(text);
      return (results.at(-1)?.rows ?? []) as never[];
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    // One process, one connection: a NOTIFY is delivered to the listeners when its transaction commits.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    snapshotDataDir: (during) =>
      client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          during?.();
          return client.dumpDataDir('none');
        }),
      ),
  };
}

/** A dedicated client LISTENing on `channel`; onLost once when it errors or ends (not when unlistened). */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (err: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  let done = false;
  const lose = (err: Error) => {
    if (done) return;
    done = true;
    onLost(err);
    client.end().catch(() => {});
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  });
  try {
    await client.connect();
    await client.query(`listen ${client.escapeIdentifier(channel)}`);
  } catch (err) {
    done = true;
    await client.end().catch(() => {});
    throw err;
  }
  return async () => {
    done = true;
    await client.end().catch(() => {});
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db, { migrationsFolder: MIGRATIONS_DIR });
  }
}
