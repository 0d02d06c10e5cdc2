// Notifications (spec 002 §2, §3, §6, §7, §9): the GraphQL list and read mark, the settings call and
// its rules, and the notifications each cause makes (published events, comments, parent writes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import {
  type Fixture,
  loadFixture,
  newSave,
  saveRequest,
  transitionRequest,
} from '../events/event-fixtures.ts';
import { acknowledgeConsideration, recordParentObservation } from './parent-causes.ts';

interface Item {
  id: number;
  name: string;
  typeName: string;
  jsonBlob: string;
  timestamp: string;
  read: boolean;
  eventID: number | null;
  message: string | null;
}
interface Page {
  items: Item[];
  nextCursor: string | null;
  unreadCount: number;
}
interface TypeSetting {
  id: number;
  code: string;
  group: 'general' | 'event';
  methodIDs: number[];
  methods: { id: number; choosable: boolean; reason: string | null }[];
}

const LIST = `query n($type: String, $since: String, $cursor: String, $limit: Int) {
  notifications(type: $type, since: $since, cursor: $cursor, limit: $limit) {
    items { id name typeName jsonBlob timestamp read eventID message } nextCursor unreadCount } }`;
const READ = 'mutation r($id: Int!) { readNotification(id: $id) { id read name } }';

describeEachDb('notifications', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let ids: { manager: number; practitioner: number; practitionerStaff: number; keyChild: number };
  const q = <T>(text: string) => t.database.query<T>(text);
  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query, variables },
    });
  const list = async (cookie: string, variables: Record<string, unknown> = {}) => {
    const res = await gql(cookie, LIST, variables);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.notifications as Page;
  };
  const config = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/v1/notifications/config', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { notificationMethods: { id: number }[]; types: TypeSetting[] };
  };
  const put = (cookie: string, url: string, types: { id: number; methodIDs: number[] }[] | unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { ...WRITE_HEADERS, cookie }, payload: { types } });
  const typeId = async (code: string) =>
    (
      await q<{ id: number }>(
        `select id from notification_types where provider_id = ${f.providerId} and code = '${code}'`,
      )
    )[0]!.id;
  const rowsOf = (userId: number, name: string) =>
    q<{ id: number; json_blob: { eventID?: number; message?: string } }>(
      `select id, json_blob from notifications where user_id = ${userId} and name = '${name}' order by id`,
    );

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    const user = async (email: string) =>
      (
        await q<{ id: number; staff_id: number }>(
          `select u.id, s.id as staff_id from user_accounts u
         join staff s on s.provider_id = u.provider_id and s.person_id = u.person_id where lower(u.email) = '${email}'`,
        )
      )[0]!;
    const [m, p] = await Promise.all([user(DEMO.manager), user(DEMO.practitioner)]);
    const [kc] = await q<{ child_id: number }>(
      `select child_id from key_children where staff_id = ${p.staff_id} order by child_id limit 1`,
    );
    ids = { manager: m.id, practitioner: p.id, practitionerStaff: p.staff_id, keyChild: kc!.child_id };
  });
  afterAll(() => t.close());

  describe('GraphQL notifications and readNotification', () => {
    it("answers the user's own notifications, newest first, with the type's name and the unread count", async () => {
      const page = await list(f.manager);
      const mine = await q<{ id: number; read: boolean }>(
        `select id, read_at is not null as read from notifications where user_id = ${ids.manager} order by timestamp desc, id desc`,
      );
      expect(page.items.map((n) => n.id)).toEqual(mine.map((n) => n.id));
      expect(page.unreadCount).toBe(mine.filter((n) => !n.read).length);
      expect(page.unreadCount).toBeGreaterThan(0);
      expect(page.nextCursor).toBeNull();
      const comment = page.items.find((n) => n.name === 'event-comment')!;
      expect(comment.typeName).toBe('Comments on my events');
      expect(JSON.parse(comment.jsonBlob).message).toBe(comment.message);
      // The practitioner's list holds none of the manager's.
      const theirs = await list(f.practitioner);
      expect(theirs.items.some((n) => mine.some((m) => m.id === n.id))).toBe(false);
    });

    it('filters by type and since, and pages by cursor without a gap or a repeat', async () => {
      const all = await list(f.manager);
      const byType = await list(f.manager, { type: 'parent-observation' });
      expect(byType.items.map((n) => n.id)).toEqual(
        all.items.filter((n) => n.name === 'parent-observation').map((n) => n.id),
      );
      const middle = all.items[1]!.timestamp;
      const since = await list(f.manager, { since: middle });
      expect(since.items.map((n) => n.id)).toEqual(
        all.items.filter((n) => n.timestamp > middle).map((n) => n.id),
      );
      const first = await list(f.manager, { limit: 2 });
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      const rest = await list(f.manager, { limit: 50, cursor: first.nextCursor });
      expect([...first.items, ...rest.items].map((n) => n.id)).toEqual(all.items.map((n) => n.id));
    });

    it('refuses an unknown type, a bad limit, a bad since and a forged cursor with 400 codes', async () => {
      for (const variables of [
        { type: 'nope' },
        { limit: 0 },
        { limit: 1000 },
        { since: 'yesterday' },
        { cursor: 'x' },
      ]) {
        const res = await gql(f.manager, LIST, variables);
        expect(res.json().errors?.[0]?.extensions?.code, JSON.stringify(variables)).toMatch(
          /^err-invalid-(request|cursor)$/,
        );
        expect(res.json().data).toBeNull();
      }
    });

    it('marks the own notification read (the unread count drops); another user’s or provider’s id is not found', async () => {
      const before = await list(f.manager);
      const unread = before.items.find((n) => !n.read)!;
      const res = await gql(f.manager, READ, { id: unread.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.readNotification).toEqual({ id: unread.id, read: true, name: unread.name });
      expect((await list(f.manager)).unreadCount).toBe(before.unreadCount - 1);
      // Again: still read, the count unchanged.
      await gql(f.manager, READ, { id: unread.id });
      expect((await list(f.manager)).unreadCount).toBe(before.unreadCount - 1);
      const another = before.items.filter((n) => !n.read)[1]!;
      for (const cookie of [f.practitioner, f.other]) {
        const other = await gql(cookie, READ, { id: another.id });
        expect(other.json().errors[0].extensions.code).toBe('err-not-found');
        expect(other.json().data).toBeNull();
      }
      const [stillUnread] = await q<{ read_at: unknown }>(
        `select read_at from notifications where id = ${another.id}`,
      );
      expect(stillUnread!.read_at).toBeNull();
      // A mutation is never run by GET.
      const byGet = await t.app.inject({
        url: `/graphql?query=${encodeURIComponent(`mutation { readNotification(id: ${unread.id}) { id } }`)}`,
        headers: { cookie: f.manager },
      });
      expect(byGet.statusCode).toBeGreaterThanOrEqual(400);
    });
  });

  describe('settings: GET notifications config, PUT notifications and eventNotifications', () => {
    it('answers the eight types with the user’s methods and what each method allows', async () => {
      const c = await config(f.manager);
      expect(c.notificationMethods.map((m) => m.id)).toEqual([1, 2, 4]);
      expect(c.types.map((x) => x.code)).toEqual([
        'event-comment',
        'key-group-parent-comment',
        'visible-parent-comment',
        'in-app-message',
        'booking-request',
        'parent-observation',
        'parent-consideration-acknowledge',
        'event-published',
      ]);
      // The demo's saved choice (booking requests by e-mail and in-app), and a type's default (in-app).
      expect(c.types.find((x) => x.code === 'booking-request')!.methodIDs).toEqual([1, 2]);
      expect(c.types.find((x) => x.code === 'in-app-message')!.methodIDs).toEqual([2]);
      // Booking requests do not offer push.
      expect(c.types.find((x) => x.code === 'booking-request')!.methods.find((m) => m.id === 4)).toEqual({
        id: 4,
        choosable: false,
        reason: 'not-offered',
      });
    });

    it('saves the methods, each group by its own call, and refuses what the rules do not allow with 400', async () => {
      const message = await typeId('in-app-message');
      const comment = await typeId('event-comment');
      const booking = await typeId('booking-request');
      const ok = await put(f.practitioner, '/api/v1/notifications', [{ id: message, methodIDs: [1, 2] }]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json().types as TypeSetting[]).find((x) => x.id === message)!.methodIDs).toEqual([1, 2]);
      const [saved] = await q<{ method_ids: number[] }>(
        `select method_ids from user_notification_settings where user_id = ${ids.practitioner} and type_id = ${message}`,
      );
      expect(saved!.method_ids).toEqual([1, 2]);
      const ev = await put(f.practitioner, '/api/v1/eventNotifications', [{ id: comment, methodIDs: [] }]);
      expect(ev.statusCode, ev.body).toBe(200);
      const refused = [
        ['/api/v1/notifications', [{ id: comment, methodIDs: [2] }]],
        ['/api/v1/eventNotifications', [{ id: message, methodIDs: [2] }]],
        ['/api/v1/notifications', [{ id: booking, methodIDs: [4] }]],
        ['/api/v1/notifications', [{ id: 999999, methodIDs: [2] }]],
      ] as const;
      for (const [url, body] of refused) {
        const res = await put(f.practitioner, url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().err.code).toBe('err-invalid-notification-settings');
      }
      for (const body of [
        [],
        [{ id: message, methodIDs: [3] }],
        [
          { id: message, methodIDs: [2] },
          { id: message, methodIDs: [] },
        ],
        'x',
      ]) {
        const res = await put(f.practitioner, '/api/v1/notifications', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('disables e-mail without receiveEmails, and event types without viewTimeline or key children', async () => {
      const message = await typeId('in-app-message');
      const comment = await typeId('event-comment');
      // A role of the practitioner's own, without receiveEmails and viewTimeline (restored after).
      const roles = await q<{ id: number; permissions: string[] }>(
        `select r.id, r.permissions from roles r join staff_roles sr on sr.provider_id = r.provider_id and sr.role_id = r.id
         where sr.staff_id = ${ids.practitionerStaff}`,
      );
      try {
        for (const r of roles) {
          await q(
            `update roles set permissions = array_remove(array_remove(permissions, 'receiveEmails'), 'viewTimeline') where id = ${r.id}`,
          );
        }
        const c = await config(f.practitioner);
        const general = c.types.find((x) => x.id === message)!;
        expect(general.methods.find((m) => m.id === 1)).toEqual({
          id: 1,
          choosable: false,
          reason: 'no-receive-emails',
        });
        expect(general.methods.find((m) => m.id === 2)!.choosable).toBe(true);
        // The e-mail chosen before is no longer received, so it is not shown as on.
        expect(general.methodIDs).toEqual([2]);
        const event = c.types.find((x) => x.id === comment)!;
        expect(event.methods.every((m) => !m.choosable && m.reason === 'no-event-access')).toBe(true);
        expect(
          (await put(f.practitioner, '/api/v1/notifications', [{ id: message, methodIDs: [1] }])).statusCode,
        ).toBe(400);
        expect(
          (await put(f.practitioner, '/api/v1/eventNotifications', [{ id: comment, methodIDs: [2] }]))
            .statusCode,
        ).toBe(400);
      } finally {
        for (const r of roles) {
          await q(`update roles set permissions = '{${r.permissions.join(',')}}' where id = ${r.id}`);
        }
      }
      // Key children are the other condition of event notifications.
      const keys = await q<{ child_id: number }>(
        `select child_id from key_children where staff_id = ${ids.practitionerStaff}`,
      );
      try {
        await q(`delete from key_children where staff_id = ${ids.practitionerStaff}`);
        const event = (await config(f.practitioner)).types.find((x) => x.id === comment)!;
        expect(event.methods.map((m) => m.reason)).toEqual([
          'no-event-access',
          'no-event-access',
          'no-event-access',
        ]);
      } finally {
        await q(
          `insert into key_children (provider_id, staff_id, child_id) values ${keys
            .map((k) => `(${f.providerId}, ${ids.practitionerStaff}, ${k.child_id})`)
            .join(',')}`,
        );
      }
      const back = (await config(f.practitioner)).types.find((x) => x.id === comment)!;
      expect(back.methods.find((m) => m.id === 2)!.choosable).toBe(true);
    });
  });

  describe('the causes', () => {
    it('an event published: its child’s key persons get an in-app notification, the publisher none', async () => {
      const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
      const before = await rowsOf(ids.practitioner, 'event-published');
      const res = await saveRequest(t, f.manager, newSave({ ...obs, subjects: [ids.keyChild], statusID: 5 }));
      expect(res.statusCode, res.body).toBe(201);
      const eventId = res.json()[0].id as number;
      const after = await rowsOf(ids.practitioner, 'event-published');
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)!.json_blob.eventID).toBe(eventId);
      const page = await list(f.practitioner, { type: 'event-published' });
      expect(page.items[0]).toMatchObject({ eventID: eventId, typeName: 'Events published', read: false });
      expect(await rowsOf(ids.manager, 'event-published')).toHaveLength(0);
      // A draft published later by POST transition notifies too; a draft saved as a draft does not.
      const draft = await saveRequest(t, f.manager, newSave({ ...obs, subjects: [ids.keyChild] }));
      const draftId = draft.json()[0].id as number;
      expect(await rowsOf(ids.practitioner, 'event-published')).toHaveLength(before.length + 1);
      const moved = await transitionRequest(t, f.manager, [draftId], 5);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().results[0].ok, moved.body).toBe(true);
      const last = (await rowsOf(ids.practitioner, 'event-published')).at(-1)!;
      expect(last.json_blob.eventID).toBe(draftId);
    });

    it('a comment on my event: the author gets it in-app and by e-mail as chosen; the outbox holds the e-mail', async () => {
      // The practitioner's event sent to the nursery (she has key children: event notifications are hers).
      const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
      const mine = await saveRequest(
        t,
        f.practitioner,
        newSave({ ...obs, subjects: [ids.keyChild], statusID: 3 }),
      );
      expect(mine.statusCode, mine.body).toBe(201);
      const eventId = mine.json()[0].id as number;
      const comment = await typeId('event-comment');
      const chose = await put(f.practitioner, '/api/v1/eventNotifications', [
        { id: comment, methodIDs: [1, 2] },
      ]);
      expect(chose.statusCode, chose.body).toBe(200);
      const post = (cookie: string, text: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/events/${eventId}/comments`,
          headers: { ...WRITE_HEADERS, cookie },
          payload: { text },
        });
      const res = await post(f.manager, '  Lovely counting today.  ');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ eventID: eventId, text: 'Lovely counting today.' });
      const rows = await rowsOf(ids.practitioner, 'event-comment');
      expect(rows.at(-1)!.json_blob).toMatchObject({ eventID: eventId, message: 'Lovely counting today.' });
      const mail = await q<{ to: string; subject: string; body: string; sent_at: unknown }>(
        `select "to", subject, body, sent_at from email_outbox where user_id = ${ids.practitioner} order by id`,
      );
      expect(mail.at(-1)).toMatchObject({
        to: DEMO.practitioner,
        subject: 'Comments on my events',
        sent_at: null,
      });
      expect(mail.at(-1)!.body).toContain('Lovely counting today.');
      // Commenting on one's own event notifies nobody; another provider's user gets 404; bad text 400.
      const own = await rowsOf(ids.practitioner, 'event-comment');
      expect((await post(f.practitioner, 'Mine')).statusCode).toBe(201);
      expect(await rowsOf(ids.practitioner, 'event-comment')).toHaveLength(own.length);
      expect((await post(f.other, 'Hello')).statusCode).toBe(404);
      for (const text of ['   ', 'x'.repeat(1501)])
        expect((await post(f.manager, text)).statusCode).toBe(400);
    });

    it('a type switched off by the provider, or a method the user turned off, makes nothing', async () => {
      const published = await typeId('event-published');
      const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
      const count = async () => (await rowsOf(ids.practitioner, 'event-published')).length;
      const before = await count();
      await put(f.practitioner, '/api/v1/eventNotifications', [{ id: published, methodIDs: [] }]);
      await saveRequest(t, f.manager, newSave({ ...obs, subjects: [ids.keyChild], statusID: 5 }));
      expect(await count()).toBe(before);
      await put(f.practitioner, '/api/v1/eventNotifications', [{ id: published, methodIDs: [2] }]);
      await q(`update notification_types set enabled = false where id = ${published}`);
      await saveRequest(t, f.manager, newSave({ ...obs, subjects: [ids.keyChild], statusID: 5 }));
      expect(await count()).toBe(before);
      await q(`update notification_types set enabled = true where id = ${published}`);
      await saveRequest(t, f.manager, newSave({ ...obs, subjects: [ids.keyChild], statusID: 5 }));
      expect(await count()).toBe(before + 1);
    });

    it("a parent's observation notifies the child's key persons; a consideration acknowledged notifies who raised it", async () => {
      const [contact] = await q<{ person_id: number; name: string }>(
        `select ct.person_id, p.forename || ' ' || p.surname as name from child_contacts cc
         join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
         join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
         where cc.child_id = ${ids.keyChild} order by ct.id limit 1`,
      );
      const deps = { db: t.database.db, clock: { now: () => new Date() } };
      const { eventId } = await recordParentObservation(
        deps,
        f.providerId,
        ids.keyChild,
        contact!.person_id,
        'Counted to ten.',
      );
      const obs = await rowsOf(ids.practitioner, 'parent-observation');
      expect(obs.at(-1)!.json_blob).toMatchObject({ eventID: eventId, message: 'Counted to ten.' });
      // Someone who is not the child's contact is refused, and nothing is written.
      await expect(
        recordParentObservation(deps, f.providerId, ids.keyChild, 999999, 'x'),
      ).rejects.toMatchObject({
        statusCode: 404,
      });

      const [consideration] = await q<{ id: number }>(
        `insert into considerations (provider_id, event_id, child_id, status, visible_to_parents, staff_id)
         values (${f.providerId}, ${eventId}, ${ids.keyChild}, 'Intervention', true, ${ids.practitionerStaff}) returning id`,
      );
      const before = (await rowsOf(ids.practitioner, 'parent-consideration-acknowledge')).length;
      expect(
        await acknowledgeConsideration(deps, f.providerId, consideration!.id, contact!.person_id),
      ).toEqual({
        acknowledged: true,
      });
      const acks = await rowsOf(ids.practitioner, 'parent-consideration-acknowledge');
      expect(acks).toHaveLength(before + 1);
      expect(acks.at(-1)!.json_blob.message).toBe(`${contact!.name} acknowledged the consideration.`);
      // Once only.
      expect(
        await acknowledgeConsideration(deps, f.providerId, consideration!.id, contact!.person_id),
      ).toEqual({
        acknowledged: false,
      });
      expect(await rowsOf(ids.practitioner, 'parent-consideration-acknowledge')).toHaveLength(before + 1);
    });
  });
});
