// A bounded FIFO queue in front of the API (issue 11). PGlite is one connection inside this process
// and runs its statements synchronously: with many clients Node handles each request it reads to the
// end before it reads the next socket (see yieldToIo), so requests waited unseen in unread sockets, in
// no order, with /api/health among them — up to 31 s at 200 clients while the server's own time per
// request stayed 12 ms p99. Here at most `concurrency` API requests run at once (from their session
// read to their answer); the others are read at once and wait in arrival order, and one that has
// waited `maxWaitMs` (or finds `maxQueued` ahead of it) is answered 503 err-busy with Retry-After
// instead of waiting on. /api/health, the API docs, the media upload, the log-in, static files and
// unknown paths never wait, so a load balancer or an operator can still ask whether the server lives
// while it is saturated.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PG_POOL_MAX } from '../db/client.ts';
import { isApiRoute, matchedRoute } from './auth.ts';

export interface RequestQueueOptions {
  /** API requests running at once; 0 turns the queue off (every request runs at once). */
  concurrency: number;
  /** The longest a request waits for its turn before it is answered 503 (ms). */
  maxWaitMs: number;
  /** The longest queue: a request that finds this many waiting is answered 503 at once. */
  maxQueued: number;
}

export const BUSY_CODE = 'err-busy';
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * The defaults, from the bench's 200-client load (bench/README.md, issue 11). PGlite runs one statement
 * at a time whatever we do: a few requests at once keep it busy while one waits on something else
 * (argon2, a file) and keep /api/health's wait to a few requests' time. PostgreSQL: as many as the
 * pool has connections; more only wait in the pool, out of order, with health behind them.
 */
export function defaultQueueOptions(kind: 'pglite' | 'postgres'): RequestQueueOptions {
  return { concurrency: kind === 'pglite' ? 4 : PG_POOL_MAX, maxWaitMs: 5_000, maxQueued: 1_000 };
}

/**
 * Routes that never wait: the health check (answerable under load), the OpenAPI viewer, and two routes
 * that spend most of their time waiting on something other than the database, so that a slot held
 * for it would stop the API for everyone else: the media upload, whose request body is the photo or
 * video itself, arriving at the tablet's network speed while the handler reads it; and the log-in,
 * which waits on purpose (the account-wide slowdown, up to 8 s per attempt after failures: a few
 * failing log-ins would otherwise hold every slot). Both have limits of their own (sizes; per-address
 * rate limit and slowdown).
 */
export function isQueuedRoute(method: string, route: string | undefined): boolean {
  if (!isApiRoute(route) || route === undefined) return false;
  if (route === '/api/health' || route === '/api/docs' || route.startsWith('/api/docs/')) return false;
  if (method === 'POST' && (route === '/api/v1/media' || route === '/api/v1/login')) return false;
  return true;
}

/**
 * What the busy warning tells the operator to do. PGlite is one connection in this process: the way
 * out is PostgreSQL. On PostgreSQL the app already is there: more app instances behind the load
 * balancer (each has its own pool and queue) or a larger database server.
 */
export function busyAdvice(kind: 'pglite' | 'postgres'): string {
  return kind === 'pglite'
    ? 'if this is frequent, move to PostgreSQL (DATABASE_URL)'
    : 'if this is frequent, run more app instances behind the load balancer or give PostgreSQL more capacity';
}

export interface QueueStats {
  running: number;
  queued: number;
  /** 503 answers since the start (the wait limit and the full queue). */
  refused: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestQueue: { stats(): QueueStats; options: RequestQueueOptions };
  }
}

/**
 * Lets the event loop read the other sockets before this request runs. On PGlite a request's whole
 * handling is one chain of promise callbacks (its statements run synchronously inside this process)
 * that never returns to the event loop, and Node drains that chain right after the socket callback
 * that read the request: without this yield Node would handle each request it reads to the end before
 * it reads the next socket, so the real queue would be the unread sockets — in no particular order,
 * unbounded, unseen by the wait limit, with /api/health stuck in it too.
 */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

type Turn = 'run' | 'timeout' | 'gone';
/** One queued request: waiting for a slot, running in one, or finished (slot freed, or never had one). */
interface Ticket {
  state: 'waiting' | 'running' | 'done';
  resolve(turn: Turn): void;
  timer: NodeJS.Timeout | null;
  /** How long it waited for its slot (ms), for the Server-Timing header. */
  waitedMs: number;
}

export const requestQueue = fp<Partial<RequestQueueOptions> & { kind?: 'pglite' | 'postgres' }>(
  async (app: FastifyInstance, opts) => {
    const options: RequestQueueOptions = { ...defaultQueueOptions(opts.kind ?? 'pglite'), ...opts };
    const { concurrency, maxWaitMs, maxQueued } = options;
    const advice = busyAdvice(opts.kind ?? 'pglite');
    const retryAfter = String(Math.max(1, Math.ceil(maxWaitMs / 1000)));
    let running = 0;
    let refused = 0;
    const waiting: Ticket[] = [];
    app.decorate('requestQueue', {
      stats: () => ({ running, queued: waiting.length, refused }),
      options,
    });
    if (concurrency <= 0) return;

    // One warning per 10 s while requests are refused, not one per request.
    let refusedSinceWarning = 0;
    let warnTimer: NodeJS.Timeout | null = null;
    const noteRefused = (request: FastifyRequest, why: 'wait' | 'full') => {
      refused++;
      refusedSinceWarning++;
      if (warnTimer) return;
      request.log.warn(
        { running, queued: waiting.length, concurrency, maxWaitMs, maxQueued, why },
        `request queue: answering 503 ${BUSY_CODE} (${why === 'wait' ? `waited over ${maxWaitMs} ms` : `${maxQueued} requests waiting`}); ${advice}`,
      );
      refusedSinceWarning = 0;
      warnTimer = setTimeout(() => {
        warnTimer = null;
        if (refusedSinceWarning > 0)
          app.log.warn(
            { refused: refusedSinceWarning },
            `request queue: ${refusedSinceWarning} more 503 ${BUSY_CODE} answers in 10 s`,
          );
      }, 10_000);
      warnTimer.unref();
    };

    const unqueue = (t: Ticket) => {
      const i = waiting.indexOf(t);
      if (i >= 0) waiting.splice(i, 1);
      if (t.timer) clearTimeout(t.timer);
      t.timer = null;
    };
    const next = () => {
      while (running < concurrency && waiting.length > 0) {
        const t = waiting.shift()!;
        if (t.timer) clearTimeout(t.timer);
        t.timer = null;
        t.state = 'running';
        t.waitedMs = performance.now() - t.waitedMs;
        running++;
        t.resolve('run');
      }
    };
    /** Frees the request's slot (or its place in the queue) once, whatever ends it. */
    const release = (t: Ticket) => {
      if (t.state === 'running') {
        t.state = 'done';
        running--;
        next();
      } else if (t.state === 'waiting') {
        unqueue(t);
        t.state = 'done';
        t.resolve('gone');
      }
    };
    const tickets = new WeakMap<FastifyRequest, Ticket>();

    const busy = (request: FastifyRequest, reply: FastifyReply, why: 'wait' | 'full') => {
      noteRefused(request, why);
      const err = { code: BUSY_CODE, message: BUSY_MESSAGE };
      // /graphql clients read `data` and `errors` (every GraphQL error answer has both); the app's
      // own client reads `err` on any route.
      const body =
        matchedRoute(request) === '/graphql'
          ? { err, data: null, errors: [{ message: BUSY_MESSAGE, extensions: { code: BUSY_CODE } }] }
          : { err };
      return reply.code(503).header('retry-after', retryAfter).send(body);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!isQueuedRoute(request.method, matchedRoute(request))) return;
      if (running < concurrency && waiting.length === 0) {
        running++;
        const ticket: Ticket = { state: 'running', resolve: () => {}, timer: null, waitedMs: 0 };
        track(request, reply, ticket);
        await yieldToIo();
        if (ticket.state !== 'running') reply.hijack();
        return;
      }
      if (waiting.length >= maxQueued) return busy(request, reply, 'full');
      let ticket!: Ticket;
      const turn = await new Promise<Turn>((resolve) => {
        // waitedMs holds the time it joined until it leaves the queue.
        ticket = { state: 'waiting', resolve, timer: null, waitedMs: performance.now() };
        ticket.timer = setTimeout(() => {
          unqueue(ticket);
          ticket.state = 'done';
          ticket.waitedMs = performance.now() - ticket.waitedMs;
          resolve('timeout');
        }, maxWaitMs);
        waiting.push(ticket);
        track(request, reply, ticket);
      });
      if (turn === 'timeout') return busy(request, reply, 'wait');
      if (turn === 'run') await yieldToIo();
      // The client closed the connection while it waited (or just as its turn came, and the slot is
      // already freed): nothing to answer, nothing to run.
      if (turn === 'gone' || ticket.state !== 'running') reply.hijack();
    });

    // The slot is held until the answer is ready (onSend: the handler's work is done, the bytes still
    // have to travel) or the connection closes, whichever comes first: an answer, an error answer, a
    // client that went away while its request waited or ran, each frees it exactly once.
    const track = (request: FastifyRequest, reply: FastifyReply, t: Ticket) => {
      tickets.set(request, t);
      reply.raw.once('close', () => release(t));
    };
    app.addHook('onSend', async (request, reply, payload) => {
      const t = tickets.get(request);
      if (t) {
        release(t);
        // The wait for a slot next to the app's own time (which includes it): `queue;dur=`.
        const timing = reply.getHeader('server-timing');
        if (t.waitedMs > 0 && typeof timing === 'string')
          reply.header('server-timing', `${timing}, queue;dur=${t.waitedMs.toFixed(2)}`);
      }
      return payload;
    });
    app.addHook('onClose', async () => {
      if (warnTimer) clearTimeout(warnTimer);
    });
  },
  { name: 'request-queue' },
);
