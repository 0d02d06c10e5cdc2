// Issue 32, lean requests: PostgreSQL plans an unnamed statement afresh on every Bind. Measured with
// log_min_duration_statement=0 on the session statement (every request sends it): parse 0.24 ms, bind
// (planning) 0.65 ms, execute 0.13 ms, so four fifths of its database time was parsing and planning.
// A named (prepared) statement is parsed once per connection and, after PostgreSQL's five custom plans,
// runs on its cached generic plan when that is as cheap. This is the statement cache of pgx, Npgsql and
// postgres.js, here for node-postgres: each parameterised statement is named by a hash of its text.
import { AsyncResource } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sqlTimeOfRequest, statementStarted } from './request-sql-time.ts';

/**
 * At most this many statements are kept prepared per connection: a statement text past it runs unnamed
 * (as before), so a connection's plans cannot grow without bound (texts vary with the length of an `in`
 * list or of a multi-row insert). The app sends a few hundred distinct statements.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 500;

/** A statement's name: its text's hash (PostgreSQL names are at most 63 bytes). */
export function statementName(text: string): string {
  return `n${createHash('sha1').update(text).digest('hex')}`;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * A pg Client whose parameterised statements are prepared (named). Statements without parameters keep
 * the simple protocol (several statements in one text, `listen`, `set`); a query that names itself,
 * or a custom query object (a cursor), is left as it is.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // pg's query has many overloads; the arguments are passed through unchanged except for the name.
  // biome-ignore lint/suspicious/noExplicitAny: forwarding pg's overloaded signature as it is.
  override query(config: any, values?: any, callback?: any): any {
    const named = this.#named(config, values);
    const account = sqlTimeOfRequest();
    if (!account) return super.query(named ?? config, named ? undefined : values, callback);
    // The request's SQL time (db/request-sql-time.ts): from the call to the answer, by callback or promise.
    const ended = statementStarted(account);
    const done =
      (fn: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) => {
        ended();
        return fn(...args);
      };
    if (typeof callback === 'function')
      return super.query(named ?? config, named ? undefined : values, done(callback));
    if (!named && typeof values === 'function') return super.query(config, done(values));
    const result = super.query(named ?? config, named ? undefined : values);
    if (typeof result?.finally === 'function') return result.finally(ended);
    ended();
    return result;
  }

  #named(config: unknown, values: unknown): QueryConfig | null {
    if (config === null || config === undefined) return null;
    let text: string;
    let params: unknown;
    let rest: QueryConfig = {};
    if (typeof config === 'string') {
      text = config;
      params = values;
    } else if (typeof config === 'object') {
      const c = config as QueryConfig;
      if (typeof c.submit === 'function' || c.name !== undefined || typeof c.text !== 'string') return null;
      text = c.text;
      params = Array.isArray(values) ? values : c.values;
      rest = c;
    } else return null;
    if (!Array.isArray(params) || params.length === 0 || typeof values === 'function') return null;
    const name = statementName(text);
    if (!this.#prepared.has(name)) {
      if (this.#prepared.size >= PREPARED_STATEMENTS_PER_CONNECTION) return null;
      this.#prepared.add(name);
    }
    return { ...rest, text, values: params, name };
  }
}

/**
 * A pool whose connect callbacks run in the caller's async context: pg-pool hands a waiting caller the
 * client another request released, inside that request's context, so a statement would be counted to
 * the wrong request's SQL time without this.
 */
export class ContextPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: forwarding pg-pool's overloaded signature as it is.
  override connect(callback?: any): any {
    return typeof callback === 'function' ? super.connect(AsyncResource.bind(callback)) : super.connect();
  }
}
