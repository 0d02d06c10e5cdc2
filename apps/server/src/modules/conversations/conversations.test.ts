// Conversations (issue 31): starting a thread from a published event (sendMessages, the event's
// visibility, 409 for an unpublished one), reading it oldest first in pages, replies and the
// in-app-message notification of the other participants (by their settings), the read mark, the
// user's list with unread counts, parents' replies, and who may see a thread (its site and child).
import { EventStatus } from '@nursery/domain/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp, WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, savedEvents } from '../events/event-fixtures.ts';
import { addParentReply } from './service.ts';

describeEachDb('conversations', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let keyChild: number;
  let published: number;
  let draft: number;
  let willowChild: number;
  let willowPublished: number;
  let users: { manager: number; practitioner: number };
  const q = <T>(text: string) => t.database.query<T>(text);
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...WRITE_HEADERS, cookie }, ...(payload ? { payload } : {}) });
  const start = (cookie: string, payload: object) => call(cookie, 'POST', '/api/v1/conversations', payload);
  const inAppMessages = (userId: number) =>
    q<{ blob: { threadID?: number; messageID?: number; message?: string; author?: string } }>(
      `select json_blob as blob from notifications where user_id = ${userId} and name = 'in-app-message'
         and json_blob ? 'threadID' order by id`,
    );

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    const userOf = async (email: string) =>
      (await q<{ id: number }>(`select id from user_accounts where email = '${email}'`))[0]!.id;
    users = {
      manager: await userOf('manager@example.org'),
      practitioner: await userOf('practitioner@example.org'),
    };
    // A key child of the practitioner at her site: she is a participant of its threads.
    keyChild = (
      await q<{ id: number }>(
        `select kc.child_id as id from key_children kc join staff s on s.provider_id = kc.provider_id
           and s.id = kc.staff_id join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id
           join children c on c.provider_id = kc.provider_id and c.id = kc.child_id
         where u.id = ${users.practitioner} and c.site_id = ${f.siteId} order by 1 limit 1`,
      )
    )[0]!.id;
    const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
    published = (
      await savedEvents(
        t,
        f.manager,
        newSave({
          ...obs,
          subjects: [keyChild],
          statusID: EventStatus.Published,
          notes: 'Built a tall tower with the blocks.',
        }),
      )
    )[0]!.id;
    draft = (await savedEvents(t, f.manager, newSave({ ...obs, subjects: [keyChild] })))[0]!.id;
    willowChild = (
      await q<{ id: number }>(
        `select id from children where provider_id = ${f.providerId} and site_id <> ${f.siteId} order by id limit 1`,
      )
    )[0]!.id;
    willowPublished = (
      await savedEvents(
        t,
        f.manager,
        newSave({
          ...obs,
          subjects: [willowChild],
          statusID: EventStatus.Published,
        }),
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  describe('starting a conversation', () => {
    it('starts a thread from a published event and notifies the key person', async () => {
      const res = await start(f.manager, {
        childID: keyChild,
        eventID: published,
        itemIDs: [f.item],
        text: '  Could we talk about the tower?  ',
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.thread).toMatchObject({
        child: { id: keyChild },
        event: {
          id: published,
          typeName: 'Observation',
          notesExcerpt: 'Built a tall tower with the blocks.',
        },
        itemIDs: [f.item],
        subject: expect.stringMatching(/^Observation of \d{2}\/\d{2}\/\d{4}$/),
        permittedActions: { reply: true },
      });
      expect(body.messages).toHaveLength(1);
      expect(body.messages[0]).toMatchObject({ text: 'Could we talk about the tower?', authorKind: 'staff' });
      const notes = await inAppMessages(users.practitioner);
      expect(notes.at(-1)!.blob).toMatchObject({
        threadID: body.thread.id,
        messageID: body.messages[0].id,
        message: 'Could we talk about the tower?',
      });
      // Never the author of the message.
      expect((await inAppMessages(users.manager)).some((n) => n.blob.threadID === body.thread.id)).toBe(
        false,
      );
    });

    it('refuses an unpublished event with 409 err-event-not-published', async () => {
      const res = await start(f.manager, { childID: keyChild, eventID: draft, text: 'Hi' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().err.code).toBe('err-event-not-published');
    });

    it('answers 404 for an event the user may not see or of another child', async () => {
      const willow = await start(f.practitioner, {
        childID: willowChild,
        eventID: willowPublished,
        text: 'Hi',
      });
      expect(willow.statusCode, willow.body).toBe(404);
      const otherChild = await start(f.manager, { childID: willowChild, eventID: published, text: 'Hi' });
      expect(otherChild.statusCode, otherChild.body).toBe(404);
      const otherProvider = await start(f.other, { childID: keyChild, eventID: published, text: 'Hi' });
      expect(otherProvider.statusCode, otherProvider.body).toBe(404);
    });

    it('refuses an empty or too long message', async () => {
      for (const text of ['   ', 'x'.repeat(2001)]) {
        const res = await start(f.manager, { childID: keyChild, eventID: published, text });
        expect(res.statusCode, res.body).toBe(400);
      }
    });

    it('needs sendMessages (403), to start and to reply', async () => {
      const thread = (await start(f.manager, { childID: keyChild, eventID: published, text: 'Perm' })).json()
        .thread.id as number;
      const role = `(select r.id from roles r join staff_roles sr on sr.provider_id = r.provider_id and sr.role_id = r.id
        join staff s on s.provider_id = sr.provider_id and s.id = sr.staff_id
        join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id where u.id = ${users.practitioner})`;
      await q(`update roles set permissions = array_remove(permissions, 'sendMessages') where id in ${role}`);
      try {
        const res = await start(f.practitioner, { childID: keyChild, eventID: published, text: 'Hi' });
        expect(res.statusCode, res.body).toBe(403);
        const reply = await call(f.practitioner, 'POST', `/api/v1/conversations/${thread}/messages`, {
          text: 'x',
        });
        expect(reply.statusCode, reply.body).toBe(403);
        // Reading stays open to her; the answer says she may not reply.
        const read = await call(f.practitioner, 'GET', `/api/v1/conversations/${thread}`);
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json().thread.permittedActions).toEqual({ reply: false });
      } finally {
        await q(
          `update roles set permissions = array_append(permissions, 'sendMessages') where id in ${role}`,
        );
      }
    });
  });

  describe('a thread', () => {
    let thread: number;
    beforeAll(async () => {
      thread = (await start(f.manager, { childID: keyChild, eventID: published, text: 'First' })).json()
        .thread.id as number;
    });

    it('takes replies, notifies the other participants, and pages oldest first', async () => {
      const reply = await call(f.practitioner, 'POST', `/api/v1/conversations/${thread}/messages`, {
        text: 'Second',
      });
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json()).toMatchObject({ threadID: thread, text: 'Second', authorKind: 'staff' });
      expect((await inAppMessages(users.manager)).at(-1)!.blob).toMatchObject({
        threadID: thread,
        message: 'Second',
      });
      await call(f.manager, 'POST', `/api/v1/conversations/${thread}/messages`, { text: 'Third' });
      const first = (await call(f.manager, 'GET', `/api/v1/conversations/${thread}?limit=2`)).json();
      expect(first.messages.map((m: { text: string }) => m.text)).toEqual(['First', 'Second']);
      expect(first.nextCursor).not.toBeNull();
      const second = (
        await call(f.manager, 'GET', `/api/v1/conversations/${thread}?limit=2&cursor=${first.nextCursor}`)
      ).json();
      expect(second.messages.map((m: { text: string }) => m.text)).toEqual(['Third']);
      expect(second.nextCursor).toBeNull();
      const bad = await call(f.manager, 'GET', `/api/v1/conversations/${thread}?cursor=nonsense`);
      expect(bad.statusCode).toBe(400);
    });

    it("honours the recipient's settings: in-app switched off, no notification", async () => {
      const type = (
        await q<{ id: number }>(
          `select id from notification_types where provider_id = ${f.providerId} and code = 'in-app-message'`,
        )
      )[0]!.id;
      await q(`insert into user_notification_settings (provider_id, user_id, type_id, method_ids)
               values (${f.providerId}, ${users.manager}, ${type}, '{}')`);
      try {
        const before = (await inAppMessages(users.manager)).length;
        await call(f.practitioner, 'POST', `/api/v1/conversations/${thread}/messages`, { text: 'Quiet' });
        expect(await inAppMessages(users.manager)).toHaveLength(before);
      } finally {
        await q(
          `delete from user_notification_settings where user_id = ${users.manager} and type_id = ${type}`,
        );
      }
    });

    it('keeps a read mark per person that only moves forward, and counts unread in the list', async () => {
      const messages = (await call(f.practitioner, 'GET', `/api/v1/conversations/${thread}`)).json()
        .messages as {
        id: number;
        text: string;
      }[];
      const listed = async () =>
        (await call(f.practitioner, 'GET', '/api/v1/conversations'))
          .json()
          .items.find((x: { id: number }) => x.id === thread) as {
          unreadCount: number;
          lastMessage: { text: string };
        };
      // Hers are never unread: First and Third are the manager's.
      expect((await listed()).unreadCount).toBe(2);
      const mark = await call(f.practitioner, 'PUT', `/api/v1/conversations/${thread}/read`, {
        messageID: messages.at(-1)!.id,
      });
      expect(mark.statusCode, mark.body).toBe(200);
      expect(mark.json()).toEqual({ lastReadMessageID: messages.at(-1)!.id });
      const back = await call(f.practitioner, 'PUT', `/api/v1/conversations/${thread}/read`, {
        messageID: messages[0]!.id,
      });
      expect(back.json()).toEqual({ lastReadMessageID: messages.at(-1)!.id });
      expect((await listed()).unreadCount).toBe(0);
      expect((await listed()).lastMessage.text).toBe('Quiet');
      const thread2 = (await call(f.practitioner, 'GET', `/api/v1/conversations/${thread}`)).json();
      expect(thread2.lastReadMessageID).toBe(messages.at(-1)!.id);
    });

    it("refuses a read mark on another thread's message", async () => {
      const other = (await start(f.manager, { childID: keyChild, eventID: published, text: 'Other' })).json();
      const res = await call(f.manager, 'PUT', `/api/v1/conversations/${thread}/read`, {
        messageID: other.messages[0].id,
      });
      expect(res.statusCode, res.body).toBe(404);
    });

    it("stores a parent's reply as a parent's and notifies the staff in the thread", async () => {
      const parent = (
        await q<{ person_id: number }>(
          `select c.person_id from child_contacts cc join contacts c on c.provider_id = cc.provider_id and c.id = cc.contact_id
           where cc.child_id = ${keyChild} order by cc.priority limit 1`,
        )
      )[0]!.person_id;
      const message = await addParentReply(t.database.db, f.providerId, new Date(), thread, parent, {
        text: 'Thank you!',
      });
      expect(message).toMatchObject({ authorKind: 'parent', authorPersonID: parent, text: 'Thank you!' });
      const shown = (await call(f.manager, 'GET', `/api/v1/conversations/${thread}`)).json().messages.at(-1);
      expect(shown).toMatchObject({ authorKind: 'parent', text: 'Thank you!' });
      expect((await inAppMessages(users.practitioner)).at(-1)!.blob).toMatchObject({ message: 'Thank you!' });
      const stranger = (
        await q<{ person_id: number }>(
          `select c.person_id from contacts c where c.provider_id = ${f.providerId} and not exists
             (select 1 from child_contacts cc where cc.contact_id = c.id and cc.child_id = ${keyChild}) limit 1`,
        )
      )[0]!.person_id;
      await expect(
        addParentReply(t.database.db, f.providerId, new Date(), thread, stranger, { text: 'Hello' }),
      ).rejects.toMatchObject({ statusCode: 404 });
      await expect(
        addParentReply(t.database.db, f.providerId, new Date(), thread, parent, { text: ' ' }),
      ).rejects.toThrow();
    });
  });

  describe('who sees a thread', () => {
    it("is the thread's site's and child's staff: 404 for the others, and not in their list", async () => {
      const res = await start(f.manager, { childID: willowChild, eventID: willowPublished, text: 'Willow' });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().thread.id as number;
      const messageID = res.json().messages[0].id as number;
      for (const [cookie, label] of [
        [f.practitioner, 'another site'],
        [f.other, 'another provider'],
      ] as const) {
        expect((await call(cookie, 'GET', `/api/v1/conversations/${id}`)).statusCode, label).toBe(404);
        const reply = await call(cookie, 'POST', `/api/v1/conversations/${id}/messages`, { text: 'x' });
        expect(reply.statusCode, label).toBe(404);
        const read = await call(cookie, 'PUT', `/api/v1/conversations/${id}/read`, { messageID });
        expect(read.statusCode, label).toBe(404);
        const list = (await call(cookie, 'GET', '/api/v1/conversations')).json().items as { id: number }[];
        expect(
          list.some((x) => x.id === id),
          label,
        ).toBe(false);
      }
      expect((await call(f.manager, 'GET', `/api/v1/conversations/${id}`)).statusCode).toBe(200);
      expect((await call(f.manager, 'GET', '/api/v1/conversations/987654321')).statusCode).toBe(404);
    });

    it('pages the list by its latest message', async () => {
      const first = (await call(f.manager, 'GET', '/api/v1/conversations?limit=1')).json();
      expect(first.items).toHaveLength(1);
      const second = (
        await call(f.manager, 'GET', `/api/v1/conversations?limit=1&cursor=${first.nextCursor}`)
      ).json();
      expect(second.items).toHaveLength(1);
      expect(second.items[0].lastMessage.id).toBeLessThan(first.items[0].lastMessage.id);
    });
  });
});
