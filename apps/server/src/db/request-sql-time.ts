// Issue 32, lean requests: "server time per request at most 3x its SQL time plus 1 ms". A request's SQL
// time is the time its statements take as the app waits for them (parse, plan, execute and the round
// trip on PostgreSQL; the engine's own work on PGlite), summed over every statement it sends. The app
// answers it in `Server-Timing: sql;dur=…` beside `app;dur=…` (app.ts), so the bench and a browser's
// network panel read both from the same request.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface SqlTime {
  /**
   * Milliseconds during which at least one of the request's statements was in flight: statements run
   * side by side (Promise.all) count once, as the time the request waited on the database.
   */
  ms: number;
  inFlight: number;
  since: number;
}

const current = new AsyncLocalStorage<SqlTime>();

/** Runs `fn` (a request) with a fresh SQL-time account; `sqlTimeOfRequest` reads it. */
export function withSqlTime<T>(fn: () => T): T {
  return current.run({ ms: 0, inFlight: 0, since: 0 }, fn);
}

/** The account of the request this code runs for, if any. */
export function sqlTimeOfRequest(): SqlTime | undefined {
  return current.getStore();
}

/** A statement starts for the account's request; call the answer when it has answered. */
export function statementStarted(account: SqlTime): () => void {
  if (account.inFlight++ === 0) account.since = performance.now();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--account.inFlight === 0) account.ms += performance.now() - account.since;
  };
}

/** Times a statement's promise for the running request (a pass-through outside a request). */
export function timeStatement<T>(run: () => Promise<T>): Promise<T> {
  const account = current.getStore();
  if (!account) return run();
  // Started before run(): PGlite does the statement's work synchronously inside the call.
  const ended = statementStarted(account);
  return run().finally(ended);
}
