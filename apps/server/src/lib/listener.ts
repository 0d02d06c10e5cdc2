// A LISTEN on one PostgreSQL channel that keeps itself up (issue 32): when the listening connection is
// lost it tries again, 0.5 s doubling to 10 s, until it is closed. The cache bus (cache-bus.ts) and the
// job queue's prompt e-mail rounds (modules/jobs/queue.ts) listen through it. While it is down a
// notification may be missed, so `onUp` says whether it follows a loss: the listener then assumes
// anything may have changed.
import type { Database } from '../db/client.ts';

export interface ListenerLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ListenerHandlers {
  onPayload(payload: string): void;
  /** Listening (again): notifications sent before now may have been missed. */
  onUp(): void;
  /** Not listening (lost, never made, or closed): notifications are being missed. */
  onDown(): void;
}

export interface Listener {
  /** Whether the LISTEN is in place. */
  readonly live: boolean;
  close(): Promise<void>;
}

/** The wait before the next attempt to listen again: 0.5 s doubling, at most 10 s. */
export const relistenDelayMs = (attempt: number) => Math.min(10_000, 500 * 2 ** Math.min(attempt, 5));

/**
 * Listens on `channel`. Answers once the first LISTEN is made or has failed (then it keeps trying in the
 * background). A database with no LISTEN (a test's stand-in) is one process: `onUp` is called and nothing
 * is ever delivered.
 */
export async function keepListening(
  database: Database,
  channel: string,
  handlers: ListenerHandlers,
  log: ListenerLog,
  /** Names the listener in the log lines. */
  name: string,
): Promise<Listener> {
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;

  const onLost = (err: Error) => {
    unlisten = null;
    handlers.onDown();
    if (closed) return;
    log.warn({ err: err.message }, `${name}: listener lost; listening again`);
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, relistenDelayMs(attempt++));
    retry.unref();
  };
  const connect = async () => {
    if (!database.listen) return handlers.onUp();
    try {
      const stop = await database.listen(channel, (payload) => handlers.onPayload(payload), onLost);
      if (closed) return void (await stop());
      unlisten = stop;
      if (attempt > 0) log.info({ attempts: attempt }, `${name}: listening again`);
      attempt = 0;
      handlers.onUp();
    } catch (err) {
      handlers.onDown();
      log.warn({ err: err instanceof Error ? err.message : String(err) }, `${name}: could not listen`);
      schedule();
    }
  };

  await connect();
  return {
    get live() {
      return unlisten !== null;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const stop = unlisten;
      unlisten = null;
      handlers.onDown();
      if (stop) await stop();
    },
  };
}
