// Shared set-up of the event write tests: logins, the demo provider's types, codes, children.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { loginDemoStaff, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';

export interface Fixture {
  manager: string;
  practitioner: string;
  other: string;
  providerId: number;
  siteId: number;
  type: (tag: string) => number;
  code: (tag: string, key: string) => number;
  /** Children of the site: [id, dob] newest-born last. */
  kids: { id: number; dob: string }[];
  otherChild: number;
  item: string;
  ageRange: number;
}

export async function loadFixture(t: TestApp): Promise<Fixture> {
  const [manager, practitioner, other] = await loginDemoStaff(t.app);
  const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json();
  const siteId = config.siteID as number;
  const q = t.database.query.bind(t.database);
  const providerId = (await q<{ p: number }>(`select provider_id as p from sites where id = ${siteId}`))[0]!
    .p;
  const types = await q<{ id: number; tag: string }>(
    `select id, tag from event_types where provider_id = ${providerId}`,
  );
  const codes = await q<{ id: number; type_id: number; code_key: string }>(
    `select id, type_id, code_key from event_codes where provider_id = ${providerId}`,
  );
  const type = (tag: string) => types.find((x) => x.tag === tag)!.id;
  const code = (tag: string, key: string) =>
    codes.find((c) => c.type_id === type(tag) && c.code_key === key)!.id;
  const kids = await q<{ id: number; dob: string }>(
    `select id, dob::text as dob from children where provider_id = ${providerId} and site_id = ${siteId} order by dob, id`,
  );
  const otherChild = (
    await q<{ id: number }>(`select id from children where provider_id <> ${providerId} limit 1`)
  )[0]!.id;
  const item = (
    await q<{ id: string }>(
      `select fi.id from framework_items fi join framework_schemes fs on fs.provider_id = fi.provider_id
         and fs.framework_id = fi.framework_id
       where fi.provider_id = ${providerId} and fs.event_type_id = ${type('assessment')} and fi.depth > 0
       order by fi.id limit 1`,
    )
  )[0]!.id;
  const ageRange = (
    await q<{ id: number }>(`select id from age_ranges where provider_id = ${providerId} limit 1`)
  )[0]!.id;
  return { manager, practitioner, other, providerId, siteId, type, code, kids, otherChild, item, ageRange };
}

export const months = (dob: string, at: Date) => {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let n = (at.getUTCFullYear() - y) * 12 + (at.getUTCMonth() + 1 - m);
  if (at.getUTCDate() < d) n -= 1;
  return n;
};

export function saveRequest(
  t: TestApp,
  cookie: string,
  payload: Record<string, unknown>,
  method = 'POST',
  url = '/api/v2/events',
) {
  return t.app.inject({ method: method as 'POST', url, headers: { ...WRITE_HEADERS, cookie }, payload });
}

/** Saves as `cookie`, expects 201 (the body in the failure), and answers the saved events. */
export async function savedEvents(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const res = await saveRequest(t, cookie, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; statusID: number; childID: number }[];
}

/** POST /api/v1/transition as `cookie`: the events to `statusID` (200 with an outcome per id). */
export function transitionRequest(t: TestApp, cookie: string, ids: number[], statusID: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/transition',
    headers: { ...WRITE_HEADERS, cookie },
    payload: { ids, statusID },
  });
}

/**
 * A save payload: an hour ago, a draft, with notes (an event must hold something: the content rule,
 * issue 13); `over` replaces any of it (`notes: null` for an event without notes).
 */
export const newSave = (over: Record<string, unknown>) => ({
  uuid: randomUUID(),
  raised: new Date(Date.now() - 3_600_000).toISOString(),
  statusID: 1,
  notes: 'Recorded in a test.',
  ...over,
});
