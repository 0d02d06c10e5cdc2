// The GraphQL request's shape (issue 26): a JSON object with a string `query` (optional object
// `variables`, string `operationName`), or GET parameters of the same; anything else, and a query
// text that is JSON (Mercurius would run it as a ready-made document, skipping the token limit), is
// a 400 err-invalid-request with `data: null`, never a 500, and never reaches a resolver.

import type { FastifyInstance } from 'fastify';
import { Kind, parse } from 'graphql';
import { afterAll, afterEach, beforeAll, expect, it, type MockInstance, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { DEMO, describeEachDb, loginAs, openTestDatabase, WRITE_HEADERS } from '../../test/harness.ts';
import { childrenResolvers } from '../children/graphql.ts';
import { GRAPHQL_MAX_TOKENS } from './limits.ts';
import { graphqlRequestProblem } from './request-shape.ts';

describeEachDb('GraphQL request shape', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let manager: string;
  let siteID: number;
  let children: MockInstance<(typeof childrenResolvers.Query)['children']>;

  beforeAll(async () => {
    children = vi.spyOn(childrenResolvers.Query, 'children');
    database = await openTestDatabase(kind);
    app = await buildApp({ database });
    await app.ready();
    manager = await loginAs(app, DEMO.manager);
    const config = await app.inject({ url: '/api/v1/config', headers: { cookie: manager } });
    siteID = Number(Object.keys(config.json().sitesByID)[0]);
  });
  afterAll(async () => {
    children.mockRestore();
    await app.close();
    await database.close();
  });
  afterEach(() => children.mockClear());

  /** A POST of this exact JSON text as the manager. */
  const postRaw = (json: string, cookie: string | null = manager) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: json,
    });

  const expectRefused = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { data: unknown; errors: { extensions: { code: string } }[] };
    expect(body).toHaveProperty('data', null);
    expect(body.errors[0]!.extensions.code).toBe('err-invalid-request');
    expect(children).not.toHaveBeenCalled();
  };

  it.each([
    ['{"query":1}'],
    ['true'],
    ['[1]'],
    ['"[]"'],
    ['null'],
    ['{}'],
    ['{"query":{"kind":"Document","definitions":[]}}'],
    ['{"query":"{ __typename }","variables":[1]}'],
    ['{"query":"{ __typename }","variables":"{}"}'],
    ['{"query":"{ __typename }","operationName":1}'],
    ['[{"query":"{ __typename }"}]'],
  ])('refuses the body %s with 400 err-invalid-request and data: null', async (json) => {
    expectRefused(await postRaw(json));
  });

  it.each([['1'], ['[]'], ['"x"'], ['{"query":"{ __typename }"}']])(
    'refuses GET /graphql?query=%s (JSON, not GraphQL) with 400',
    async (query) => {
      expectRefused(
        await app.inject({
          url: `/graphql?query=${encodeURIComponent(query)}`,
          headers: { cookie: manager },
        }),
      );
    },
  );

  it('refuses a GET with the query twice, or variables that are not a JSON object', async () => {
    expectRefused(
      await app.inject({ url: '/graphql?query=%7B__typename%7D&query=x', headers: { cookie: manager } }),
    );
    expectRefused(
      await app.inject({
        url: '/graphql?query=%7B__typename%7D&variables=%5B1%5D',
        headers: { cookie: manager },
      }),
    );
  });

  it('does not run a JSON-encoded document sent as the query text, even one over the token limit', async () => {
    // A document of more aliases than the token limit allows, parsed here and sent as its JSON AST.
    const aliases = Array.from(
      { length: GRAPHQL_MAX_TOKENS },
      (_, i) => `a${i}: children(siteID: ${siteID}) { id }`,
    );
    const document = parse(`{ ${aliases.join(' ')} }`, { noLocation: true });
    expect(document.kind).toBe(Kind.DOCUMENT);
    expectRefused(await postRaw(JSON.stringify({ query: JSON.stringify(document) })));
  });

  it('still answers an anonymous malformed request 401 (the session guard comes first)', async () => {
    const res = await postRaw('{"query":1}', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('data', null);
  });

  it('runs a well-formed request: POST (with null variables and operationName) and GET', async () => {
    const query = `query Kids($siteID: Int!) { children(siteID: $siteID) { id } }`;
    const post = await postRaw(JSON.stringify({ query, variables: { siteID }, operationName: 'Kids' }));
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data.children.length).toBeGreaterThan(0);
    const nulls = await postRaw(
      JSON.stringify({ query: '{ __typename }', variables: null, operationName: null }),
    );
    expect(nulls.statusCode, nulls.body).toBe(200);
    const get = await app.inject({
      url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ siteID }))}`,
      headers: { cookie: manager },
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(children).toHaveBeenCalledTimes(2);
  });
});

it('graphqlRequestProblem: a plain object with a string query passes; JSON text as the query does not', () => {
  expect(graphqlRequestProblem('POST', { query: '{ a }' })).toBeNull();
  expect(
    graphqlRequestProblem('POST', { query: '{ a }', variables: { x: 1 }, operationName: 'A' }),
  ).toBeNull();
  expect(graphqlRequestProblem('POST', { query: '1' })).toMatch(/not JSON/);
  expect(graphqlRequestProblem('POST', [1])).toMatch(/JSON object/);
  expect(graphqlRequestProblem('GET', { query: '{ a }', variables: '{"x":1}' })).toBeNull();
  expect(graphqlRequestProblem('GET', { query: '{ a }', variables: 'nope' })).toMatch(/^variables/);
});
