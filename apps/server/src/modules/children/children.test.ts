// Children you can tell apart (issue 13): the photo consent and the demo's namesakes in GetChildren,
// and GET api/v1/children/{childID}/photo with its session, tenant and site checks.
import { PHOTO_CONSENTS } from '@nursery/domain/children';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  loginRequest,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { portraitLook, portraitSvg } from './portrait.ts';

interface ChildRow {
  id: number;
  forename: string;
  surname: string;
  hasImage: boolean;
  dob: string;
  roomID: number | null;
  siteID: number;
  photoConsent: string;
}

describeEachDb('children: photo consent and photos', (kind) => {
  let t: TestApp;
  let practitioner: string;
  let otherManager: string;
  let siteId: number;
  let children: ChildRow[];

  const graphql = async (cookie: string, query: string, variables: object) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie, 'content-type': 'application/json' },
      payload: { query, variables },
    });
  const photo = (
    cookie: string | undefined,
    childId: number | string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      url: `/api/v1/children/${childId}/photo`,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [practitioner, otherManager] = await Promise.all([
      loginAs(t.app, DEMO.practitioner),
      loginAs(t.app, DEMO.otherManager),
    ]);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json();
    siteId = config.siteID as number;
    const res = await graphql(
      practitioner,
      'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id forename surname hasImage dob roomID siteID photoConsent } }',
      { siteID: siteId },
    );
    expect(res.statusCode, res.body).toBe(200);
    children = res.json().data.children;
  });
  afterAll(() => t.close());

  it('answers every child’s photo consent, and the demo site has children of each value', async () => {
    expect(children.length).toBeGreaterThan(20);
    for (const c of children) expect(PHOTO_CONSENTS).toContain(c.photoConsent);
    const values = new Set(children.map((c) => c.photoConsent));
    expect([...values].sort()).toEqual(['no', 'notAsked', 'yes']);
    // Stored as the database says (the column, not a default of the presenter).
    const rows = await t.database.query<{ id: number; photo_consent: string }>(
      `select id::int as id, photo_consent from children where site_id = ${siteId}`,
    );
    const stored = new Map(rows.map((r) => [r.id, r.photo_consent]));
    for (const c of children) expect(c.photoConsent).toBe(stored.get(c.id));
  });

  it('has two unrelated children named Amelia Murphy at the site, told apart by room, birth date and photo', () => {
    const amelias = children.filter((c) => c.forename === 'Amelia' && c.surname === 'Murphy');
    expect(amelias).toHaveLength(2);
    const [a, b] = amelias;
    expect(a.roomID).not.toBe(b.roomID);
    expect(a.dob).not.toBe(b.dob);
    expect(a.hasImage && b.hasImage).toBe(true);
    expect(portraitSvg(a.id)).not.toBe(portraitSvg(b.id));
  });

  it('defaults a new child’s consent to not asked and refuses other values', async () => {
    const [{ provider_id: providerId }] = await t.database.query<{ provider_id: number }>(
      `select provider_id from sites where id = ${siteId}`,
    );
    const [row] = await t.database.query<{ photo_consent: string }>(
      `insert into children (provider_id, site_id, forename, surname, dob, start_date)
       values (${providerId}, ${siteId}, 'New', 'Child', '2024-01-01', '2024-06-01') returning photo_consent`,
    );
    expect(row.photo_consent).toBe('notAsked');
    await expect(
      t.database.query(
        `insert into children (provider_id, site_id, forename, surname, dob, start_date, photo_consent)
         values (${providerId}, ${siteId}, 'Bad', 'Child', '2024-01-01', '2024-06-01', 'maybe')`,
      ),
    ).rejects.toThrow();
  });

  it('serves a child’s portrait: SVG, never stored by the browser, not sniffed, nothing in it may run', async () => {
    const child = children.find((c) => c.hasImage)!;
    const res = await photo(practitioner, child.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // Not in the browser's HTTP cache, where it outlives logout on a shared tablet (issue 26).
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).not.toMatch(/<script|href=|on[a-z]+=/i);
    // The same child always gets the same portrait; a revalidation with its ETag answers 304.
    const again = await photo(practitioner, child.id);
    expect(again.body).toBe(res.body);
    const etag = String(res.headers.etag);
    const cached = await photo(practitioner, child.id, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('varies the portraits between children', () => {
    const looks = new Set(children.map((c) => JSON.stringify(portraitLook(c.id))));
    expect(looks.size).toBeGreaterThan(children.length / 2);
  });

  it('answers 404 for a child without a photo, an unknown child, another provider’s child and a child of another site', async () => {
    const without = children.find((c) => !c.hasImage);
    expect(without, 'some demo children have no photo (initials)').toBeDefined();
    const none = await photo(practitioner, without!.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().err.code).toBe('err-not-found');
    expect((await photo(practitioner, 2_000_000_000)).statusCode).toBe(404);
    // Another provider's manager asks for one of ours: the same 404 as a child that does not exist.
    const foreign = await photo(otherManager, children.find((c) => c.hasImage)!.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().err.code).toBe('err-not-found');
    // The practitioner works at one site; a child with a photo at the provider's other site is not theirs.
    const [other] = await t.database.query<{ id: number }>(
      `select c.id::int as id from children c
       where c.provider_id = (select provider_id from sites where id = ${siteId})
         and c.site_id <> ${siteId} and c.has_image order by c.id limit 1`,
    );
    expect(other).toBeDefined();
    expect((await photo(practitioner, other.id)).statusCode).toBe(404);
  });

  it('needs a staff session and a proper id', async () => {
    const child = children.find((c) => c.hasImage)!;
    const anonymous = await photo(undefined, child.id);
    expect(anonymous.statusCode).toBe(401);
    const parent = (await loginRequest(t.app, DEMO.parent)).cookies.find((c) => c.name === 'nursery_sid');
    if (parent) {
      const res = await photo(`nursery_sid=${parent.value}`, child.id);
      expect(res.statusCode).toBe(403);
    }
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await photo(practitioner, bad);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
