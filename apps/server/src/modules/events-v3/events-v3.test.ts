// Issue 31: GET api/v3/events/{ids} (the drawer's read: order, include, actions, one visibility rule
// for the whole call) and the timeline's search additions (roomID, fields=timeline, cursors across days).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { newSave, saveRequest } from '../events/event-fixtures.ts';
import { loadRegisterFixture, type RegisterFixture } from '../registers/register-fixtures.ts';

interface V3Event {
  id: number;
  statusID: number;
  notes: string | null;
  editable: boolean;
  permittedActions: number[];
  actions: { comment: boolean; edit: boolean; startConversation: boolean; viewHistory: boolean };
  media?: { id: string; kind: string; mimeType: string; mediaToken: string; d: string }[];
  comments?: {
    id: number;
    text: string;
    created: string;
    author: {
      personID: number;
      forename: string;
      surname: string;
      hasImage: boolean;
      staffID: number | null;
    };
  }[];
  signatures?: {
    id: number;
    signatureType: string;
    personID: number;
    staffID: number | null;
    contactID: number | null;
    forename: string;
    surname: string;
    created: string;
    imageUrl: string;
  }[];
}
interface Card {
  id: number;
  raised: string;
  typeID: number;
  child: {
    id: number;
    forename: string;
    surname: string;
    hasImage: boolean;
    dob?: string;
    roomID?: number | null;
    roomName?: string | null;
  } | null;
  typeTag?: string;
  codeName?: string;
  mediaCount?: number;
  firstMediaID?: string | null;
  commentCount?: number;
}
interface Page {
  events: Card[];
  next: string | null;
  previous: string | null;
}

describeEachDb('events v3 and the timeline (issue 31)', (kind) => {
  let t: TestApp;
  let f: RegisterFixture;
  /** The manager's published observation of the first Oak Tree child: two photos, two comments. */
  let published: number;
  /** The manager's draft observation (the practitioner may not see another's draft). */
  let draft: number;
  /** The manager's published observation of a Willow child (the practitioner works at Oak Tree only). */
  let willow: number;
  /** A demo medication event at Oak Tree with its signatures, visible to the manager. */
  let medication: number;
  const photos = [randomUUID(), randomUUID()];
  const NOTES = `Timeline test ${randomUUID()}`;
  const DRAFT_NOTES = `Manager's draft ${randomUUID()}`;
  const WILLOW_NOTES = `Willow only ${randomUUID()}`;
  const q = <T>(text: string) => t.database.query<T>(text);
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const v3 = async (cookie: string, ids: number[], include?: string) => {
    const res = await get(
      cookie,
      `/api/v3/events/${ids.join(',')}${include === undefined ? '' : `?include=${include}`}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { events: V3Event[] }).events;
  };
  const comment = async (cookie: string, id: number, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/events/${id}/comments`,
      headers: { ...WRITE_HEADERS, cookie },
      payload: { text },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const save = async (cookie: string, payload: Record<string, unknown>) => {
    const res = await saveRequest(t, cookie, newSave(payload));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }[])[0]!.id;
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadRegisterFixture(t);
    const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
    published = await save(f.manager, { ...obs, subjects: [f.kids[0]!.id], statusID: 5, notes: NOTES });
    draft = await save(f.manager, { ...obs, subjects: [f.kids[0]!.id], notes: DRAFT_NOTES });
    const [willowChild] = await q<{ id: number }>(
      `select id from children where provider_id = ${f.providerId} and site_id = ${f.willow} order by id limit 1`,
    );
    willow = await save(f.manager, { ...obs, subjects: [willowChild!.id], statusID: 5, notes: WILLOW_NOTES });
    // Two photos attached in the order second, first (sort order decides, not the id).
    for (const [i, id] of photos.entries()) {
      await q(`insert into media (provider_id, id, type, mime_type, media_token, size, storage_path)
               values (${f.providerId}, '${id}', 'image', 'image/jpeg', 'token${i}', 10, 'x/${id}.jpg')`);
      await q(`insert into event_media (provider_id, event_id, media_id, sort_order)
               values (${f.providerId}, ${published}, '${id}', ${1 - i})`);
    }
    await comment(f.manager, published, 'First comment.');
    await comment(f.practitioner, published, 'Second comment.');
    const [med] = await q<{ id: number }>(
      `select e.id::int as id from events e
         join event_types ty on ty.provider_id = e.provider_id and ty.id = e.type_id and ty.tag = 'medication'
        where e.provider_id = ${f.providerId} and e.site_id = ${f.siteId} and e.status_id = 5
          and (select count(*) from event_signatures s where s.provider_id = e.provider_id and s.event_id = e.id) >= 2
        order by e.id limit 1`,
    );
    medication = med!.id;
  }, 120_000);
  afterAll(() => t.close());

  it('answers the events in the order asked, each as GET api/v2/events/{id} answers it', async () => {
    const events = await v3(f.manager, [medication, published]);
    expect(events.map((e) => e.id)).toEqual([medication, published]);
    for (const e of events) {
      const v2 = await get(f.manager, `/api/v2/events/${e.id}`);
      expect(e).toMatchObject(v2.json());
      // Nothing included: no part keys at all.
      expect('comments' in e || 'signatures' in e || 'media' in e).toBe(false);
    }
    expect((await v3(f.manager, [published, medication])).map((e) => e.id)).toEqual([published, medication]);
    // A repeated id is answered once.
    expect((await v3(f.manager, [published, published])).map((e) => e.id)).toEqual([published]);
  });

  it('includes media, comments and signatures as asked, each alone or together', async () => {
    const [withMedia] = await v3(f.manager, [published], 'media');
    expect(withMedia!.media).toEqual([
      { id: photos[1], kind: 'photo', mimeType: 'image/jpeg', mediaToken: 'token1', d: expect.any(String) },
      { id: photos[0], kind: 'photo', mimeType: 'image/jpeg', mediaToken: 'token0', d: expect.any(String) },
    ]);
    expect('comments' in withMedia! || 'signatures' in withMedia!).toBe(false);

    const [withComments] = await v3(f.manager, [published], 'comments');
    expect(withComments!.comments!.map((c) => c.text)).toEqual(['First comment.', 'Second comment.']);
    const [first] = withComments!.comments!;
    const [manager] = await q<{ person_id: number; staff_id: number }>(
      `select u.person_id, s.id as staff_id from user_accounts u
         join staff s on s.provider_id = u.provider_id and s.person_id = u.person_id
        where u.provider_id = ${f.providerId} and u.email = '${DEMO.manager}'`,
    );
    if (manager)
      expect(first!.author).toMatchObject({ personID: manager.person_id, staffID: manager.staff_id });
    expect(first!.author.forename.length).toBeGreaterThan(0);
    expect('media' in withComments!).toBe(false);

    const all = await v3(f.manager, [published, medication], 'signatures,comments,media');
    const med = all.find((e) => e.id === medication)!;
    const rows = await q<{ id: number; key: string; signature_type: string }>(
      `select id::int as id, key, signature_type from event_signatures
        where provider_id = ${f.providerId} and event_id = ${medication} order by created_at, id`,
    );
    expect(med.signatures!.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    for (const [i, s] of med.signatures!.entries()) {
      expect(s.imageUrl).toBe(`/api/v1/providers/${f.providerId}/signature/${rows[i]!.id}/${rows[i]!.key}`);
      expect(s.signatureType).toBe(rows[i]!.signature_type);
      expect(s.forename.length).toBeGreaterThan(0);
      expect(s.staffID === null).toBe(s.contactID !== null);
    }
    expect(med.media).toEqual([]);
    expect(med.comments).toEqual([]);
    const obs = all.find((e) => e.id === published)!;
    expect(obs.signatures).toEqual([]);
    expect(obs.media).toHaveLength(2);
    expect(obs.comments).toHaveLength(2);
  });

  it("answers the user's actions: comment, edit, a conversation on a published event, history", async () => {
    const permissions = (await get(f.manager, '/api/v1/config')).json().permissions as Record<
      string,
      boolean
    >;
    const [pub, dr] = await v3(f.manager, [published, draft]);
    expect(pub!.actions).toEqual({
      comment: true,
      edit: pub!.editable,
      startConversation: permissions.sendMessages,
      viewHistory: permissions.viewEventHistory,
    });
    expect(dr!.actions.startConversation).toBe(false);
    expect(dr!.actions.edit).toBe(dr!.editable);
  });

  it('answers 404 for the whole call when one id is hidden: another site, a draft, another provider', async () => {
    const expectHidden = async (cookie: string, ids: number[]) => {
      const res = await get(cookie, `/api/v3/events/${ids.join(',')}?include=media,comments,signatures`);
      expect(res.statusCode, res.body).toBe(404);
      for (const secret of [NOTES, DRAFT_NOTES, WILLOW_NOTES, 'First comment.', photos[0]!]) {
        expect(res.body).not.toContain(secret);
      }
    };
    // The practitioner sees the published event, not Willow's nor the manager's draft.
    expect(await v3(f.practitioner, [published])).toHaveLength(1);
    await expectHidden(f.practitioner, [published, willow]);
    await expectHidden(f.practitioner, [draft, published]);
    // Another provider's event, and an id no event has.
    const [foreign] = await q<{ id: number }>(
      `select id::int as id from events where provider_id <> ${f.providerId} order by id limit 1`,
    );
    await expectHidden(f.manager, [published, foreign!.id]);
    await expectHidden(f.manager, [published, 987_654_321]);
    // The other provider's manager sees none of it.
    await expectHidden(f.other, [published]);
  });

  it("hides an event of a type the user's roles may not view", async () => {
    const roles = await q<Record<string, unknown>>(
      `select rer.* from role_event_roles rer
         join staff_roles sr on sr.provider_id = rer.provider_id and sr.role_id = rer.role_id
         join user_accounts u on u.provider_id = sr.provider_id
         join staff s on s.provider_id = u.provider_id and s.person_id = u.person_id and s.id = sr.staff_id
        where rer.provider_id = ${f.providerId} and rer.event_type_id = ${f.type('observation')}
          and u.email = '${DEMO.practitioner}'`,
    );
    expect(roles.length).toBeGreaterThan(0);
    const where = `provider_id = ${f.providerId} and event_type_id = ${f.type('observation')}
      and role_id in (${roles.map((r) => r.role_id).join(',')})`;
    // The rows are kept in the test, not in a temporary table: on PostgreSQL each query may take
    // another pooled connection, and a temporary table lives in one.
    const kept = await t.database.query<Record<string, unknown>>(
      `select coalesce(json_agg(r), '[]'::json) as rows from role_event_roles r where ${where}`,
    );
    await q(`delete from role_event_roles where ${where}`);
    try {
      const res = await get(f.practitioner, `/api/v3/events/${published}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(NOTES);
    } finally {
      await t.database.query(
        'insert into role_event_roles select * from json_populate_recordset(null::role_event_roles, $1::json)',
        [JSON.stringify(kept[0]!.rows)],
      );
    }
    expect(await v3(f.practitioner, [published])).toHaveLength(1);
  });

  it('refuses more than 20 ids and an unknown include', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => published + i).join(',');
    expect((await get(f.manager, `/api/v3/events/${ids}`)).statusCode).toBe(400);
    expect((await get(f.manager, `/api/v3/events/${published}?include=photos`)).statusCode).toBe(400);
    // Twenty ids of int4's full width are a legitimate call (not a 414 for an over-long parameter).
    const widest = Array.from({ length: 20 }, (_, i) => 2_147_483_647 - i).join(',');
    expect((await get(f.manager, `/api/v3/events/${widest}`)).statusCode).toBe(404);
  });

  const pageOf = async (cookie: string, query: string): Promise<Page> => {
    const res = await get(cookie, `/api/v2/events?siteID=${f.siteId}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('fields=timeline adds the child tile, the tag, the code name and the counts', async () => {
    const page = await pageOf(f.manager, `fields=timeline&childIDs=${f.kids[0]!.id}&limit=100`);
    const card = page.events.find((e) => e.id === published)!;
    const [child] = await q<{ dob: string; room_id: number | null; room_name: string | null }>(
      `select c.dob::text as dob, c.room_id, r.name as room_name from children c
         left join rooms r on r.provider_id = c.provider_id and r.id = c.room_id
        where c.provider_id = ${f.providerId} and c.id = ${f.kids[0]!.id}`,
    );
    const [code] = await q<{ value: string }>(
      `select value from event_codes where provider_id = ${f.providerId} and id = ${f.code('observation', 'observation')}`,
    );
    expect(card).toMatchObject({
      child: { id: f.kids[0]!.id, dob: child!.dob, roomID: child!.room_id, roomName: child!.room_name },
      typeTag: 'observation',
      codeName: code!.value,
      mediaCount: 2,
      firstMediaID: photos[1],
      commentCount: 2,
    });
    const other = page.events.find((e) => e.id !== published && e.typeID === f.type('observation'));
    if (other) expect(other.mediaCount).toBeGreaterThanOrEqual(0);
    // Without fields=timeline the search answers as before.
    const plain = await pageOf(f.manager, `childIDs=${f.kids[0]!.id}&limit=100`);
    const before = plain.events.find((e) => e.id === published)!;
    expect(before).not.toHaveProperty('typeTag');
    expect(before.child).not.toHaveProperty('dob');
  });

  it("roomID keeps the events of the room's children only; another provider's room is refused", async () => {
    const [room] = await q<{ id: number; n: number }>(
      `select c.room_id as id, count(*)::int as n from children c
        where c.provider_id = ${f.providerId} and c.site_id = ${f.siteId} and c.room_id is not null
          and c.id = ${f.kids[0]!.id} group by c.room_id`,
    );
    const roomChildren = new Set(
      (
        await q<{ id: number }>(
          `select id from children where provider_id = ${f.providerId} and room_id = ${room!.id}`,
        )
      ).map((r) => r.id),
    );
    const page = await pageOf(f.manager, `roomID=${room!.id}&fields=timeline&limit=100`);
    expect(page.events.length).toBeGreaterThan(0);
    for (const e of page.events) {
      expect(roomChildren.has(e.child!.id)).toBe(true);
      expect(e.child!.roomID).toBe(room!.id);
    }
    expect(page.events.map((e) => e.id)).toContain(published);
    // The site's other rooms' events are left out.
    const all = await pageOf(f.manager, 'limit=100');
    const outside = all.events.filter((e) => e.child && !roomChildren.has(e.child.id));
    expect(outside.length).toBeGreaterThan(0);
    for (const e of outside) expect(page.events.map((x) => x.id)).not.toContain(e.id);
    const [foreignRoom] = await q<{ id: number }>(
      `select id from rooms where provider_id <> ${f.providerId} order by id limit 1`,
    );
    const res = await get(f.manager, `/api/v2/events?siteID=${f.siteId}&roomID=${foreignRoom!.id}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().err.code).toBe('err-invalid-filter');
  });

  it('pages the timeline by cursor across days without a gap or a repeat', async () => {
    const filter = `fields=timeline&childIDs=${f.kids[1]!.id}`;
    const whole = (await pageOf(f.manager, `${filter}&limit=100`)).events;
    const days = new Set(whole.map((e) => e.raised.slice(0, 10)));
    expect(days.size).toBeGreaterThan(2);
    const paged: Card[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 200; i++) {
      const page: Page = await pageOf(f.manager, `${filter}&limit=3${cursor ? `&after=${cursor}` : ''}`);
      paged.push(...page.events);
      cursor = page.next;
      if (!cursor) break;
    }
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    const raised = paged.map((e) => e.raised);
    expect([...raised].sort().reverse()).toEqual(raised);
  });
});
