// Issue 26, "privacy inside the provider": the access probe's third dimension, sites and statuses.
// The demo practitioner of Oak Tree (site A) calls every route the server registered and every GraphQL
// root field naming what she may not see: Willow's (site B) events, photos, signatures, children,
// bookings, staff, shifts and requests, and other people's draft, pending and archived events at Oak
// Tree. She must get 404 (or the per-id err-not-found outcome, or a GraphQL err-not-found with null for
// the field); 403 only where her role has no permission for the operation at all. No answer may hold
// the hidden objects' notes or the Willow child's name; her view of an Oak Tree child (counts, lists,
// last event, today) must be what it was before the hidden events were saved; and no write may change
// anything (the provider's rows and media files fingerprinted around every write).
// A route or field without an entry in site-status-probes.ts fails the test. A failure lists the
// leaking probes one per line: operation, probe, status, what leaked.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { todayInZone } from '@nursery/domain/common';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Fixture, loadFixture } from '../modules/events/event-fixtures.ts';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../test/harness.ts';
import { codeOf, fingerprint, graphqlFields, registeredRoutes } from './probe-kit.ts';
import { type Ctx, type Expect, type GqlProbe, GRAPHQL, REST, type RestProbe } from './site-status-probes.ts';
import { seedHidden, seedWillow } from './site-status-setup.ts';

/** A probe to send: a REST call or a GraphQL document (POSTed to /graphql). */
interface Sendable {
  operation: string;
  label: string;
  rest?: RestProbe;
  gql?: { query: string; field: string };
  expect: Expect;
}

describeEachDb('site and status probe: the Oak Tree practitioner and what she may not see', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let c: Ctx;
  let mediaDir: string;
  let markers: string[];
  /** `operation [label]` → the body she got before the hidden events existed (the SAME probes). */
  const before = new Map<string, string>();
  /** The London day those answers were recorded on (a day's answers are compared within that day only). */
  let beforeDay: string;
  const failures: string[] = [];
  let probes = 0;
  let operations = 0;
  let skipped = 0;

  function send(p: Sendable): Promise<LightMyRequestResponse> {
    const headers = { ...WRITE_HEADERS, cookie: f.practitioner };
    if (p.gql)
      return t.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: p.gql.query } });
    const r = p.rest!;
    return t.app.inject({
      method: r.method,
      url: r.url,
      headers: r.multipart ? { ...headers, 'content-type': r.multipart.contentType } : headers,
      ...(r.multipart
        ? { payload: r.multipart.payload }
        : r.payload !== undefined
          ? { payload: r.payload as Record<string, unknown> }
          : {}),
    });
  }

  /** Every probe of the catalogue, reads first (a write that leaks must not spoil a later read's check). */
  function catalogue(): Sendable[] {
    const rest = Object.entries(REST).flatMap(([operation, entry]) =>
      'skip' in entry
        ? []
        : entry(c).map((r) => ({ operation, label: r.label, rest: r, expect: r.expect }) satisfies Sendable),
    );
    const gql = Object.entries(GRAPHQL).flatMap(([name, entry]) =>
      'skip' in entry
        ? []
        : entry(c).map(
            (g: GqlProbe) =>
              ({
                operation: `graphql ${name}`,
                label: g.label,
                gql: { query: g.query, field: name.replace(/^Mutation\./, '') },
                expect: g.expect,
              }) satisfies Sendable,
          ),
    );
    const isWrite = (p: Sendable) =>
      (p.rest && p.rest.method !== 'GET') || (p.gql?.query.startsWith('mutation') ?? false);
    // Moving her session to Willow, if it were allowed, would change what every later probe meets: last.
    const movesSession = (p: Sendable) => p.operation === 'POST /api/v1/session/site';
    const all = [...rest, ...gql];
    return [
      ...all.filter((p) => !isWrite(p)),
      ...all.filter((p) => isWrite(p) && !movesSession(p)),
      ...all.filter(movesSession),
    ];
  }

  const keyOf = (p: Sendable) => `${p.operation} [${p.label}]`;

  /** The same probe naming `missing` where it names `real` (in the path, query, body or document). */
  function withMissing(p: Sendable, real: number, missing: number): Sendable {
    // The id as a whole path segment, parameter value or list element, never inside a date or another id.
    const inText = (text: string) =>
      text.replace(new RegExp(`(?<=[=/\\[,(:]\\s*)${real}(?=\\s*(?:$|[&/,\\])]))`, 'g'), String(missing));
    const inValue = (v: unknown): unknown =>
      v === real
        ? missing
        : Array.isArray(v)
          ? v.map(inValue)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inValue(x)]))
            : v;
    if (p.gql) return { ...p, gql: { ...p.gql, query: inText(p.gql.query) } };
    const r = p.rest!;
    return { ...p, rest: { ...r, url: inText(r.url), payload: inValue(r.payload) } };
  }

  /** What is wrong with an answer (undefined: nothing): a refusal missing, or data of hidden objects. */
  async function judge(p: Sendable, res: LightMyRequestResponse): Promise<string | undefined> {
    const found = markers.filter((m) => res.body.includes(m));
    const holds = found.length ? `; the answer holds ${found.map((m) => `"${m}"`).join(', ')}` : '';
    const e = p.expect;
    const code = codeOf(res);
    const snippet = () => res.body.replace(/\s+/g, ' ').slice(0, 160);
    // A refusal other than a missing id's tells that the object exists (and often what it is).
    const tells = () =>
      res.statusCode >= 400 && res.statusCode < 500 ? ' (tells that the object exists)' : '';
    if ('same' in e) {
      if (res.statusCode !== 200) return `expected 200 as before the hidden events${holds}`;
      // A run that crosses midnight meets another day's answers (today, next steps due): only the
      // markers can be judged then.
      const sameDay = todayInZone(new Date(), 'Europe/London') === beforeDay;
      if (sameDay && res.body !== before.get(keyOf(p)))
        return `the answer changed once the hidden events existed${holds}`;
      return found.length ? `200${holds}` : undefined;
    }
    if ('likeMissing' in e) {
      const { real, missing } = e.likeMissing;
      const variant = withMissing(p, real, missing);
      if (JSON.stringify(variant) === JSON.stringify(p))
        throw new Error(`${keyOf(p)}: the probe does not name ${real}`);
      const other = await send(variant);
      const expected = other.body.split(String(missing)).join(String(real));
      if (other.statusCode !== res.statusCode || expected !== res.body)
        return `answered unlike a missing id (${other.statusCode} ${other.body.slice(0, 80)})${holds || `; got: ${snippet()}`}`;
      return found.length ? `answered like a missing id, but${holds.slice(1)}` : undefined;
    }
    if ('status' in e) {
      if (res.statusCode !== e.status || (e.code && code !== e.code))
        return `expected ${e.status}${e.code ? ` ${e.code}` : ''}${tells()}${holds || `; got: ${snippet()}`}`;
    } else if ('outcomes' in e) {
      const results =
        res.statusCode === 200 ? ((res.json().results ?? []) as { ok: boolean; code?: string }[]) : [];
      if (results.length === 0 || results.some((r) => r.ok || r.code !== 'err-not-found'))
        return `expected every id err-not-found${holds || `; got: ${snippet()}`}`;
    } else {
      const body = res.json();
      const data = body.data?.[p.gql!.field] ?? null;
      if (![200, 404].includes(res.statusCode) || code !== 'err-not-found' || data !== null)
        return `expected a GraphQL err-not-found with null data${tells()}${holds || `; got: ${snippet()}`}`;
    }
    return found.length ? `refused as expected, but${holds.slice(1)}` : undefined;
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'nursery-site-status-probe-'));
    t = await makeTestApp(kind, { mediaDir });
    f = await loadFixture(t);
    const secret = randomBytes(6).toString('hex');
    const seeded = await seedWillow(t, f, mediaDir, secret);
    c = seeded.ctx;
    markers = seeded.markers;
    // Her view of the quiet child before anyone else's hidden events exist.
    beforeDay = todayInZone(new Date(), 'Europe/London');
    for (const probe of catalogue().filter((x) => 'same' in x.expect)) {
      const res = await send(probe);
      expect(res.statusCode, `${keyOf(probe)}: ${res.body}`).toBe(200);
      before.set(keyOf(probe), res.body);
    }
    await seedHidden(t, f, c, secret);
  });

  afterAll(async () => {
    console.log(
      `site-status probe [${kind}]: ${operations} operations probed (${skipped} routes and fields named ` +
        `with a reason), ${probes} probes, ${failures.length} failing`,
    );
    await t?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('every registered route and every GraphQL field has an entry (probes, or why none)', () => {
    const routes = registeredRoutes(t);
    expect(
      routes.filter((r) => !(r in REST)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(REST).filter((r) => !routes.includes(r)),
      'entries of no route',
    ).toEqual([]);
    const fields = graphqlFields(t);
    const keys = Object.keys(GRAPHQL).map((k) => (k.includes('.') ? k : `Query.${k}`));
    expect(
      fields.filter((x) => !keys.includes(x)),
      'GraphQL fields without an entry',
    ).toEqual([]);
    expect(
      keys.filter((x) => !fields.includes(x)),
      'entries of no GraphQL field',
    ).toEqual([]);
    const entries = [...Object.values(REST), ...Object.values(GRAPHQL)];
    skipped = entries.filter((e) => 'skip' in e).length;
    operations = entries.length - skipped;
  });

  it('names of Willow and of hidden statuses reach nothing, read nothing, change nothing', async () => {
    let unchanged = await fingerprint(t, mediaDir, c.providerId);
    for (const probe of catalogue()) {
      const write = probe.rest ? probe.rest.method !== 'GET' : probe.gql!.query.startsWith('mutation');
      const res = await send(probe);
      probes += 1;
      const wrong = await judge(probe, res);
      const problems = wrong ? [wrong] : [];
      if (res.statusCode >= 500) problems.push('a 5xx');
      if (write) {
        const now = await fingerprint(t, mediaDir, c.providerId);
        const changed = Object.keys(now).filter((k) => now[k] !== unchanged[k]);
        if (changed.length) problems.push(`changed ${changed.join(', ')}`);
        unchanged = now;
      }
      if (problems.length)
        failures.push(
          `${probe.operation} | ${probe.label} | ${res.statusCode}${codeOf(res) ? ` ${codeOf(res)}` : ''} | ${problems.join('; ')}`,
        );
    }
    expect(
      failures.length,
      `leaking probes (operation | probe | status | what leaked):\n${failures.join('\n')}`,
    ).toBe(0);
  });
});
