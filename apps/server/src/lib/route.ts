// A REST route's schema from its contract (packages/domain/src/contract.ts): the route validates what
// the web sends and serialises (and documents) exactly what the web reads. A route reads
//   api.route({ ...contractRoute(c), preHandler, handler })
// and adds only its preHandlers, rate limit, config and the handler that calls the service.
import type { RouteContract } from '@nursery/domain/common';
import type { z } from 'zod';

type Present<C, K extends keyof RouteContract> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** The Fastify schema of a contract (keys it does not name are left out, not undefined). */
export function routeSchema<const C extends RouteContract>(contract: C) {
  const schema: Record<string, unknown> = {
    tags: [...contract.tags],
    summary: contract.summary,
    response: contract.response,
  };
  if (contract.params) schema.params = contract.params;
  if (contract.querystring) schema.querystring = contract.querystring;
  if (contract.body) schema.body = contract.body;
  return schema as {
    tags: string[];
    summary: string;
    params: Present<C, 'params'>;
    querystring: Present<C, 'querystring'>;
    body: Present<C, 'body'>;
    response: C['response'];
  };
}

/** A route's method, URL and schema, all three from its contract: what `api.route` spreads first. */
export function contractRoute<const C extends RouteContract>(contract: C) {
  return { method: contract.method, url: contract.path, schema: routeSchema(contract) };
}
