/**
 * One contract per REST call: method, path, and the zod schemas of its parameters, query, body and
 * 2xx answers. The server registers its route from it (`routeSchema` in apps/server/src/lib/route.ts
 * gives Fastify the schemas, so requests are validated, answers serialised and the OpenAPI document
 * complete); the web calls it with `callRoute` (apps/web/src/lib/callRoute.ts), typed by the same
 * schemas. Adding a field to an answer is then one edit, in the schema.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204;

export interface RouteContract {
  readonly method: HttpMethod;
  /** Fastify's path syntax: `/api/v2/events/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every 2xx answer the call gives (204: `z.void()`, no body). */
  readonly response: Partial<Record<SuccessStatus, z.ZodType>>;
}

/** A contract, checked for shape and kept with its literal types. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type SchemaOf<C, K extends keyof RouteContract> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** What a 2xx answer holds (the union when a call answers 200 or 201). */
export type RouteAnswer<C extends RouteContract> = {
  [S in keyof C['response']]: C['response'][S] extends z.ZodType ? z.output<C['response'][S]> : never;
}[keyof C['response']];

/** The body a client sends. */
export type RouteBody<C extends RouteContract> = z.input<SchemaOf<C, 'body'>>;

/** The path parameters a client fills in (`:id` → `{ id: 12 }`). */
export type RouteParams<C extends RouteContract> = {
  [K in keyof z.input<SchemaOf<C, 'params'>>]: string | number;
};

/** A query-string value as a client holds it: lists are joined with commas. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
/** The query a client sends: the contract's keys, each a plain value (validated by the server). */
export type RouteQuery<C extends RouteContract> = {
  [K in keyof z.input<SchemaOf<C, 'querystring'>>]?: QueryValue;
};

/** The path with its `:name` segments filled in (encoded). */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`routePath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
