// GraphQL hardening (issue 11): the staff-session guard by matched route, size limits refused with
// 400 before anything runs, the REST API's error codes and statuses, and no stack trace in the logs
// for a client's mistake.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { hashToken, newSessionToken } from '../../plugins/auth.ts';
import { DEMO, describeEachDb, loginAs, openTestDatabase, WRITE_HEADERS } from '../../test/harness.ts';
import { createSession } from '../auth/queries.ts';
import { childrenResolvers } from '../children/graphql.ts';
import { eventResolvers } from '../events/graphql.ts';
import { withoutSuggestions } from './errors.ts';
import {
  GRAPHQL_MAX_ALIASES,
  GRAPHQL_MAX_COST,
  GRAPHQL_MAX_DEPTH,
  GRAPHQL_MAX_TOKENS,
  graphqlLimitRules,
} from './limits.ts';

// Mercurius' copy of graphql-js (CommonJS; Vitest gives this file the ESM copy, which refuses the
// schema Mercurius built).
const { parse, specifiedRules, validate } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

// The web app's GetChildren (apps/web/src/features/events/queries.ts), verbatim.
const CHILD_FIELDS = 'id forename surname hasImage gender dob startDate endDate siteID roomID';
const WEB_GET_CHILDREN = `query GetChildren($siteID: Int!) { children(siteID: $siteID) { ${CHILD_FIELDS} } }`;
// Every field of Event (spec 000 §7), the largest document a client has a reason to send.
const FULL_EVENT = `query event($id: Int!) { event(id: $id) {
  id uuid version typeID codeID childID statusID siteID authorStaffID author { id staffID }
  notes childsVoice ref2 learningStyles tagged raised date1 date2 due priorityID areaID
  existingInjury nappyCream twoyear baseline values { itemID ageRangeID value notes }
  nextSteps { id notes completed links { itemID } } meals { mealID portionID portionAmount }
  mediaIDs editable permittedActions } }`;
const INTROSPECTION = '{ __schema { types { name fields { name } } } }';

interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

describeEachDb('GraphQL security', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let manager: string;
  let parent: string;
  let siteID: number;
  let eventID: number;
  const logs: string[] = [];
  // Spies on the resolvers, made before this suite's app is built (the plugin copies them into the
  // schema) and restored after it (each database's suite has its own).
  let children: MockInstance<(typeof childrenResolvers.Query)['children']>;
  let event: MockInstance<(typeof eventResolvers.Query)['event']>;
  const resolverCalls = () => children.mock.calls.length + event.mock.calls.length;

  beforeAll(async () => {
    children = vi.spyOn(childrenResolvers.Query, 'children');
    event = vi.spyOn(eventResolvers.Query, 'event');
    database = await openTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ database, logger: pino({ level: 'trace' }, stream) });
    await app.ready();
    manager = await loginAs(app, DEMO.manager);
    const config = await app.inject({ url: '/api/v1/config', headers: { cookie: manager } });
    siteID = Number(Object.keys(config.json().sitesByID)[0]);
    const [first] = await database.query<{ id: number }>(
      `select e.id::int as id from events e join user_accounts u on u.provider_id = e.provider_id
       where lower(u.email) = $1 order by e.id limit 1`,
      [DEMO.manager],
    );
    eventID = first!.id;
    // A contact-only account cannot log in (403 at login); its session is made as login would.
    const [account] = await database.query<{ id: number; provider_id: number }>(
      'select id::int as id, provider_id::int as provider_id from user_accounts where lower(email) = $1',
      [DEMO.parent],
    );
    const token = newSessionToken();
    await createSession(database.db, {
      id: hashToken(token),
      providerId: account!.provider_id,
      userId: account!.id,
      siteId: null,
      timeoutMinutes: 60,
      now: new Date(),
    });
    parent = `nursery_sid=${token}`;
  });
  afterAll(async () => {
    children.mockRestore();
    event.mockRestore();
    await app.close();
    await database.close();
  });
  afterEach(() => {
    children.mockClear();
    event.mockClear();
    logs.length = 0;
  });

  const post = (query: string, opts: { cookie?: string; url?: string; variables?: object } = {}) =>
    app.inject({
      method: 'POST',
      url: opts.url ?? '/graphql',
      headers: { ...WRITE_HEADERS, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      payload: { query, variables: opts.variables ?? {} },
    });
  const logLines = (): LogLine[] => logs.map((l) => JSON.parse(l) as LogLine);

  describe('the staff-session guard, by the matched route', () => {
    it.each([
      '/graphql',
      '/graphql?x',
      '/graphql?x=1&query=1',
      '/%67raphql',
      '/%67%72%61%70%68%71%6c',
      '/gr%61phql?x',
    ])('refuses an anonymous POST %s with 401 err-not-logged-in, before any resolver', async (url) => {
      const res = await post(`{ __schema { types { name } } children(siteID: ${siteID}) { id } }`, { url });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({
        data: null,
        errors: [{ message: 'You are not logged in.', extensions: { code: 'err-not-logged-in' } }],
      });
      expect(resolverCalls()).toBe(0);
    });

    it.each(['/graphql', '/%67raphql'])('refuses an anonymous GET %s?query= with 401', async (path) => {
      const res = await app.inject({
        url: `${path}?query=${encodeURIComponent(INTROSPECTION)}`,
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().errors[0].extensions.code).toBe('err-not-logged-in');
      expect(res.body).not.toContain('__Schema');
    });

    it.each(['/%67raphql', '/gr%61phql?x'])('answers a staff session on %s like /graphql', async (url) => {
      const res = await post(`{ children(siteID: ${siteID}) { id } }`, { cookie: manager, url });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().data.children.length).toBeGreaterThan(0);
      expect(children).toHaveBeenCalledTimes(1);
    });

    it('answers a POST without the CSRF header with 403 err-csrf in the GraphQL shape', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { cookie: manager },
        payload: { query: '{ _version }' },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        data: null,
        errors: [{ message: 'Missing X-Requested-With header.', extensions: { code: 'err-csrf' } }],
      });
    });

    it('answers 403 err-no-staff-access to a contact-only account (parent), before any resolver', async () => {
      const res = await post(`{ children(siteID: ${siteID}) { id } }`, { cookie: parent });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        data: null,
        errors: [
          {
            message: 'This account does not have staff access.',
            extensions: { code: 'err-no-staff-access' },
          },
        ],
      });
      expect(resolverCalls()).toBe(0);
    });

    it('logs no error and no stack trace for an anonymous call', async () => {
      await post(INTROSPECTION);
      await post(INTROSPECTION, { url: '/%67raphql' });
      await post(`{ children(siteID: ${siteID}) { id } }`, { cookie: parent });
      const lines = logLines();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(logs.join('\n')).not.toMatch(/stack/i);
    });
  });

  describe('size limits, refused with 400 before execution', () => {
    const refused = async (query: string, detail: RegExp) => {
      const res = await post(query, { cookie: manager });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      const body = res.json();
      expect(body.data).toBeNull();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].extensions).toEqual({ code: 'err-graphql-too-complex' });
      expect(body.errors[0].message).toMatch(detail);
      expect(resolverCalls()).toBe(0);
      // One warning for the operator; no error, no stack, not the document.
      const lines = logLines();
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([body.errors[0].message]);
      expect(logs.join('\n')).not.toMatch(/stack|children\(/i);
    };
    const accepted = async (query: string) => {
      const res = await post(query, { cookie: manager });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().errors).toBeUndefined();
      return res.json().data;
    };
    const aliases = (n: number, field: string) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

    it('refuses the 2,000-alias attack of issue 11 (token limit, while parsing)', async () => {
      await refused(aliases(2000, `children(siteID: ${siteID}) { id }`), /more than 1000 tokens/);
    });

    it('accepts exactly the token limit and refuses one token more', async () => {
      // `{ children ( siteID : N ids : [ … ] ) { id } }` is 15 tokens plus one per id.
      const withIds = (n: number) =>
        `{ children(siteID: ${siteID}, ids: [${Array.from({ length: n }, (_, i) => i + 1).join(', ')}]) { id } }`;
      expect(await accepted(withIds(GRAPHQL_MAX_TOKENS - 15))).toHaveProperty('children');
      expect(children).toHaveBeenCalledTimes(1);
      children.mockClear();
      logs.length = 0;
      await refused(withIds(GRAPHQL_MAX_TOKENS - 14), /more than 1000 tokens/);
    });

    it('accepts exactly the alias limit and refuses one alias more', async () => {
      const field = `children(siteID: ${siteID}) { id }`;
      expect(Object.keys(await accepted(aliases(GRAPHQL_MAX_ALIASES, field)))).toHaveLength(
        GRAPHQL_MAX_ALIASES,
      );
      children.mockClear();
      logs.length = 0;
      await refused(aliases(GRAPHQL_MAX_ALIASES + 1, field), /Aliases limit of 10 exceeded, found 11/);
    });

    it('accepts exactly the depth limit and refuses one level more (introspection is measured too)', async () => {
      // __schema 1, types 2, fields 3, type 4, ofType 5, name 6
      await accepted('{ __schema { types { fields { type { ofType { name } } } } } }');
      await refused(
        '{ event(id: 1) { id } __schema { types { fields { type { fields { type { name } } } } } } }',
        /depth limit of 6 exceeded, found 7/,
      );
      expect(GRAPHQL_MAX_DEPTH).toBe(6);
    });

    it('accepts exactly the cost limit and refuses a document one field over (duplicated fields)', async () => {
      // event { id × n } costs 2 + 1.5·n: 332 ids cost 500.
      const ids = (n: number) => `{ event(id: ${eventID}) { ${'id '.repeat(n)}} }`;
      expect((await accepted(ids(332))).event).toEqual({ id: eventID });
      expect(event).toHaveBeenCalledTimes(1);
      event.mockClear();
      logs.length = 0;
      await refused(ids(333), /Cost limit of 500 exceeded, found 501.5/);
    });

    it('leaves the real queries a wide margin, and they run', async () => {
      const schema = app.graphql.schema;
      const costOf = (query: string) => {
        let cost = Number.NaN;
        const rule = costLimitRule({
          maxCost: GRAPHQL_MAX_COST,
          onAccept: [(_c, d: { n: number }) => (cost = d.n)],
        });
        expect(validate(schema, parse(query), [...specifiedRules, ...graphqlLimitRules, rule])).toEqual([]);
        return cost;
      };
      expect(costOf(WEB_GET_CHILDREN)).toBeLessThan(GRAPHQL_MAX_COST / 10);
      expect(costOf(FULL_EVENT)).toBeLessThan(GRAPHQL_MAX_COST / 4);
      const web = await post(WEB_GET_CHILDREN, { cookie: manager, variables: { siteID } });
      expect(web.statusCode, web.body.slice(0, 300)).toBe(200);
      expect(web.json().data.children.length).toBeGreaterThan(0);
      const full = await post(FULL_EVENT, { cookie: manager, variables: { id: eventID } });
      expect(full.statusCode, full.body.slice(0, 300)).toBe(200);
      expect(full.json().errors).toBeUndefined();
      expect(full.json().data.event).toMatchObject({ id: eventID, nextSteps: expect.any(Array) });
      expect(event).toHaveBeenCalledTimes(1);
    });
  });

  describe('error answers carry the REST codes and statuses', () => {
    it('answers a validation error with 400 err-invalid-request and no field suggestions', async () => {
      const res = await post(`{ children(siteID: ${siteID}) { forname } }`, { cookie: manager });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.data).toBeNull();
      expect(body.errors).toEqual([
        {
          message: 'Cannot query field "forname" on type "Child".',
          locations: [{ line: 1, column: expect.any(Number) }],
          extensions: { code: 'err-invalid-request' },
        },
      ]);
      expect(res.body).not.toMatch(/did you mean|forename/i);
      expect(withoutSuggestions('Unknown argument "sitID". Did you mean "siteID"?')).toBe(
        'Unknown argument "sitID".',
      );
    });

    it('answers a syntax error and a wrongly typed variable with 400 err-invalid-request', async () => {
      for (const [query, variables] of [
        ['{ children(siteID: ', {}],
        ['query q($siteID: Int!) { children(siteID: $siteID) { id } }', { siteID: 'x' }],
      ] as const) {
        const res = await post(query, { cookie: manager, variables });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().data).toBeNull();
        expect(res.json().errors.map((e: { extensions: object }) => e.extensions)).toEqual([
          { code: 'err-invalid-request' },
        ]);
      }
      expect(resolverCalls()).toBe(0);
      expect(logLines().filter((l) => l.level >= 50)).toEqual([]);
    });

    it('keeps a resolver’s coded error: 404 err-not-found for another site (and once compiled by JIT)', async () => {
      // Mercurius compiles a document with graphql-jit from its second run (jit: 1).
      for (let run = 1; run <= 3; run++) {
        const res = await post('{ children(siteID: 999999) { id } }', { cookie: manager });
        expect(res.statusCode, `run ${run}`).toBe(404);
        expect(res.json()).toEqual({
          data: null,
          errors: [
            {
              message: 'Site not found.',
              locations: [{ line: 1, column: 3 }],
              path: ['children'],
              extensions: { code: 'err-not-found' },
            },
          ],
        });
      }
    });

    it('answers an unexpected resolver error with 500 err-internal, logged without the query’s values', async () => {
      // Drizzle's error repeats the statement (several lines) and its parameters in its message.
      const timeout = Object.assign(new Error('canceling statement due to statement timeout'), {
        code: '57014',
      });
      children.mockRejectedValueOnce(
        new DrizzleQueryError(
          'select *\n  from children\n  where notes = $1',
          ['secret-note-of-a-child'],
          timeout,
        ),
      );
      const res = await post(`{ children(siteID: ${siteID}) { id } }`, { cookie: manager });
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json()).toMatchObject({
        data: null,
        errors: [
          { message: 'Something went wrong. Please try again.', extensions: { code: 'err-internal' } },
        ],
      });
      expect(res.body).not.toContain('secret');
      const errors = logLines().filter((l) => l.level >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        msg: 'graphql resolver error',
        err: { message: timeout.message, code: '57014' },
      });
      expect(logs.join('\n')).not.toMatch(/secret-note|notes = \$1/);
    });
  });
});
