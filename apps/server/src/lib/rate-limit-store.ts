// Issue 32: @fastify/rate-limit's counters in PostgreSQL when the app runs on it, so the per-address
// flood guards (log-in, the anonymous account routes, settings writes) hold once across N instances
// instead of N times. One upsert per limited request: a fixed window per route and address, started
// by its first hit (the plugin's own LocalStore rule). PGlite is one process: the plugin's in-memory
// store stays (exact there, and no write on the one connection).
import type {
  CreateRateLimitOptions,
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
} from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';

type Incr = FastifyRateLimitStore['incr'];
type Answer = Parameters<Parameters<Incr>[1]>[1];

/** Rows of windows over a minute ago are deleted about once per this many hits (per process). */
const PRUNE_EVERY = 500;

const HIT = `
  insert into rate_limit_hits as h (key, hits, window_ends)
  values ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when h.window_ends <= clock_timestamp() then 1 else h.hits + 1 end,
    window_ends = case when h.window_ends <= clock_timestamp() then excluded.window_ends else h.window_ends end
  returning hits,
    greatest(0, ceil(extract(epoch from (window_ends - clock_timestamp())) * 1000))::int as ttl`;

/** The plugin's `store` option for this database: PostgreSQL's table, or nothing (the plugin's own). */
export function rateLimitStoreOf(database: Database): Pick<CreateRateLimitOptions, 'store'> {
  if (database.kind !== 'postgres') return {};
  let sincePrune = 0;
  const hit = async (key: string, timeWindowMs: number): Promise<NonNullable<Answer>> => {
    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      await database.query(
        `delete from rate_limit_hits where window_ends < clock_timestamp() - interval '1 minute'`,
      );
    }
    const [row] = await database.query<{ hits: number; ttl: number }>(HIT, [key, timeWindowMs]);
    return { current: row!.hits, ttl: row!.ttl };
  };
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}
    incr(key: string, callback: Parameters<Incr>[1], timeWindow?: number) {
      hit(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (answer) => callback(null, answer),
        (err: Error) => callback(err),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route as `routeInfo` (its RedisStore reads it there); its types do not say so.
      const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new PostgresStore(undefined, `${String(route?.method ?? '')} ${route?.url ?? ''} `);
    }
  }
  return { store: PostgresStore };
}
