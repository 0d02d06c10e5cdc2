// The set-up of the site-and-status probe (site-status-probe.test.ts): the objects of Willow (site B)
// the Oak Tree practitioner will name, and, once her view of an Oak Tree child is recorded, the events
// she may not view at Oak Tree (another practitioner's draft and pending ones, the manager's archived
// one). Every note carries the run's secret, so an answer holding it is a leak.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EventStatus, formatTime, toCalendarDate, todayInZone } from '@nursery/domain/common';
import sharp from 'sharp';
import { type Fixture, newSave } from '../modules/events/event-fixtures.ts';
import { DEMO, type TestApp, WRITE_HEADERS } from '../test/harness.ts';
import { directSession, multipart, PROBE_PNG } from './probe-kit.ts';
import type { Ctx } from './site-status-probes.ts';

/** A note of the probe: the run's secret in it (a marker). */
export const probeNote = (secret: string, what: string) => `Probe ${what} ${secret}`;

/** Set-up calls as a given user, failing loudly (they are not probes). */
function kit(t: TestApp, f: Fixture) {
  const q = <T>(text: string) => t.database.query<T & Record<string, unknown>>(text);
  const one = async <T>(text: string): Promise<T> => {
    const [row] = await q<T>(text);
    if (!row) throw new Error(`no row: ${text}`);
    return row as T;
  };
  const p = f.providerId;
  const oak = f.siteId;
  const day = todayInZone(new Date(), 'Europe/London');
  const cookieOf = (cookie: string) => ({ ...WRITE_HEADERS, cookie });
  const inject = async (
    cookie: string,
    method: 'POST' | 'PUT',
    url: string,
    payload: unknown,
    ok: number[],
  ) => {
    const res = await t.app.inject({ method, url, headers: cookieOf(cookie), payload: payload as object });
    if (!ok.includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const saveEvent = async (cookie: string, payload: Record<string, unknown>) => {
    const body = newSave(payload);
    const res = await inject(cookie, 'POST', '/api/v2/events', body, [201]);
    return { id: res.json()[0].id as number, uuid: body.uuid as string };
  };
  const upload = async (cookie: string, background: string) => {
    const data = await sharp({ create: { width: 32, height: 24, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const id = randomUUID();
    const body = multipart([
      { name: 'id', value: id },
      { name: 'typeID', value: String(f.type('observation')) },
      { name: 'file', filename: 'photo.jpg', data },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...cookieOf(cookie), 'content-type': body.contentType },
      payload: body.payload,
    });
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    return id;
  };
  const spotlight = async (cookie: string, input: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: cookieOf(cookie),
      payload: {
        query:
          'mutation S($input: UpdateEventInput!) { updateEvent(input: $input) { events { id version } } }',
        variables: { input },
      },
    });
    const saved = res.json().data?.updateEvent?.events?.[0];
    if (!saved) throw new Error(`updateEvent: ${res.body}`);
    return saved as { id: number; version: number };
  };
  const obs = { typeID: f.type('observation'), codeID: f.code('observation', 'observation') };
  const sleep = { typeID: f.type('sleep'), codeID: f.code('sleep', 'sleep') };
  const twoHoursAgo = new Date(Date.now() - 7_200_000).toISOString();
  return { q, one, p, oak, day, inject, saveEvent, upload, spotlight, obs, sleep, twoHoursAgo };
}

/**
 * Willow's objects (the manager's event, photo and sleep saved there; the demo's reminder, accident,
 * snapshot, shift, bookings and requests) and the ids the probes name; `hidden` holds placeholders until
 * seedHidden. Answers the context and the markers (the secret and the Willow child's name).
 */
export async function seedWillow(
  t: TestApp,
  f: Fixture,
  mediaDir: string,
  secret: string,
): Promise<{ ctx: Ctx; markers: string[] }> {
  const { q, one, p, oak, day, inject, saveEvent, upload, obs, sleep, twoHoursAgo } = kit(t, f);
  const note = (what: string) => probeNote(secret, what);
  const willow = (
    await one<{ id: number }>(`select id from sites where provider_id = ${p} and name = 'Willow Nursery'`)
  ).id;

  // Willow: a child whose surname no Oak Tree child or person shares (its name is a marker), a member
  // of staff of Willow only, and the manager's objects there.
  const willowChild = await one<{ id: number; forename: string; surname: string }>(
    `select c.id, c.forename, c.surname from children c where c.provider_id = ${p} and c.site_id = ${willow}
       and not exists (select 1 from children x where x.provider_id = ${p} and x.site_id <> ${willow}
                       and lower(x.surname) = lower(c.surname))
       and not exists (
         -- A person of that surname is fine only as a contact of Willow's children (their parents).
         select 1 from people x where x.provider_id = ${p} and lower(x.surname) = lower(c.surname)
           and (exists (select 1 from contacts k
                          join child_contacts cc on cc.provider_id = k.provider_id and cc.contact_id = k.id
                          join children y on y.provider_id = cc.provider_id and y.id = cc.child_id
                         where k.provider_id = x.provider_id and k.person_id = x.id and y.site_id <> ${willow})
                or not exists (select 1 from contacts k
                          join child_contacts cc on cc.provider_id = k.provider_id and cc.contact_id = k.id
                          join children y on y.provider_id = cc.provider_id and y.id = cc.child_id
                         where k.provider_id = x.provider_id and k.person_id = x.id and y.site_id = ${willow})))
     order by c.id limit 1`,
  );
  const willowStaff = await one<{ id: number }>(
    `select s.id from staff s where s.provider_id = ${p} and s.site_id = ${willow}
       and not exists (select 1 from staff_sites x where x.provider_id = s.provider_id and x.staff_id = s.id
                       and x.site_id <> ${willow})
     order by s.id limit 1`,
  );
  const willowMedia = await upload(f.manager, '#37a');
  const willowPublished = await saveEvent(f.manager, {
    ...obs,
    subjects: [willowChild.id],
    statusID: EventStatus.Published,
    notes: note('Willow published'),
    mediaIDs: [willowMedia],
  });
  const willowSleep = await saveEvent(f.manager, {
    ...sleep,
    subjects: [willowChild.id],
    raised: twoHoursAgo,
  });
  const willowAccident = await one<{ id: number; personID: number }>(
    `select e.id::int as id, ct.person_id as "personID" from events e
     join event_types et on et.provider_id = e.provider_id and et.id = e.type_id and et.tag = 'accident'
     join child_contacts cc on cc.provider_id = e.provider_id and cc.child_id = e.child_id
     join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
     where e.provider_id = ${p} and e.site_id = ${willow} and e.status_id = ${EventStatus.Published}
       and not exists (select 1 from event_signatures s where s.provider_id = e.provider_id
                       and s.event_id = e.id and s.signature_type = 'Parent')
     order by e.id, ct.id limit 1`,
  );
  const willowSnapshot = await one<{ id: number; version: number }>(
    `select id::int as id, version from events where provider_id = ${p} and type_id = ${f.type('snapshot')}
       and status_id = ${EventStatus.Published} and site_id = ${willow} order by id limit 1`,
  );
  // A Willow shift today with a signed check-in and a break with a signed start (files written as the
  // staff register writes them).
  const shift = await one<{ id: number; version: number }>(
    `select id::int as id, version from shifts where provider_id = ${p} and site_id = ${willow}
       and date = '${day}' order by id limit 1`,
  );
  const signatureFile = async () => {
    const name = `sig-${randomBytes(16).toString('hex')}.png`;
    await mkdir(path.join(mediaDir, String(p)), { recursive: true });
    await writeFile(
      path.join(mediaDir, String(p), name),
      Buffer.from(PROBE_PNG.slice('data:image/png;base64,'.length), 'base64'),
    );
    return `${p}/${name}`;
  };
  await q(
    `update shifts set actual_from_signature = '${await signatureFile()}' where provider_id = ${p} and id = ${shift.id}`,
  );
  const breakID = (
    await one<{ id: number }>(
      `insert into shift_breaks (provider_id, shift_id, time_from, time_to, from_signature)
       values (${p}, ${shift.id}, '00:00', '00:05', '${await signatureFile()}') returning id::int as id`,
    )
  ).id;
  const willowShift = {
    ...(await one<{ id: number; version: number }>(
      `select id::int as id, version from shifts where provider_id = ${p} and id = ${shift.id}`,
    )),
    breakID,
  };
  // A Willow child booked today, with a contact: the manager's register signature (with its image).
  const willowSigning = await one<{ childID: number; comboID: number; personID: number; typeID: number }>(
    `select b.child_id as "childID", b.combo_id as "comboID", ct.person_id as "personID",
       (select id from register_signature_types s where s.provider_id = b.provider_id order by id limit 1) as "typeID"
     from bookings b
     join child_contacts cc on cc.provider_id = b.provider_id and cc.child_id = b.child_id
     join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
     where b.provider_id = ${p} and b.site_id = ${willow} and b.date = '${day}' and not b.deleted
     order by b.id, ct.id limit 1`,
  );
  await inject(
    f.manager,
    'POST',
    '/api/v1/signatures',
    {
      childID: willowSigning.childID,
      comboIDs: [willowSigning.comboID],
      date: day,
      signature: PROBE_PNG,
      personID: willowSigning.personID,
      typeID: willowSigning.typeID,
    },
    [201],
  );
  const willowRegisterSignature = await one<{ id: number; key: string }>(
    `select s.id::int as id, s.key from register_signatures s join children ch on ch.provider_id = s.provider_id
       and ch.id = s.child_id
     where s.provider_id = ${p} and ch.site_id = ${willow} and s.data_path is not null order by s.id desc limit 1`,
  );
  const willowBooking = await one<{ childID: number; comboID: number; date: string; version: number }>(
    `select child_id as "childID", combo_id as "comboID", date::text as date, version from bookings
     where provider_id = ${p} and site_id = ${willow} and date = '${day}' and not deleted order by id limit 1`,
  );
  const willowFutureBooking = await one<{
    childID: number;
    comboID: number;
    date: string;
    category: number;
  }>(
    `select b.child_id as "childID", b.combo_id as "comboID", b.date::text as date,
       (select id from mark_off_categories m where m.provider_id = b.provider_id and m.enabled
        order by sort_order, id limit 1) as category
     from bookings b where b.provider_id = ${p} and b.site_id = ${willow} and b.date > '${day}'
       and not b.deleted and b.actual_start is null and b.marked_off_category_id is null
     order by b.date, b.id limit 1`,
  );
  // Requests: any Willow attendance request (the probe only names it), booking, change and erasure
  // requests (the practitioner may handle none of these: her role lacks the permissions).
  const anyId = async (text: string) => (await q<{ id: number }>(text))[0]?.id ?? 999_999;
  const willowAttendanceRequest = await anyId(
    `select id::int as id from attendance_requests where provider_id = ${p} and site_id = ${willow} order by id limit 1`,
  );
  const willowBookingRequest = await anyId(
    `select br.id::int as id from booking_requests br join children ch on ch.provider_id = br.provider_id
       and ch.id = br.child_id where br.provider_id = ${p} and ch.site_id = ${willow} order by br.id limit 1`,
  );
  const changeRequest = await anyId(
    `select id::int as id from change_requests where provider_id = ${p} order by id limit 1`,
  );
  const erasureRequest = await anyId(
    `select id::int as id from gdpr_erasure_requests where provider_id = ${p} order by id limit 1`,
  );

  // A contact of Willow children only (issue 29): its collection password is Willow's to read.
  const willowContact = await anyId(
    `select cc.contact_id as id from child_contacts cc where cc.provider_id = ${p} group by cc.contact_id
     having bool_and(exists (select 1 from children c where c.provider_id = cc.provider_id
       and c.id = cc.child_id and c.site_id = ${willow})) order by 1 limit 1`,
  );

  // The quiet Oak Tree child: the hidden events below are about it.
  const quietChild = f.kids[0]!.id;
  const ctx: Ctx = {
    providerId: p,
    oak,
    willow,
    obs,
    snapshotType: f.type('snapshot'),
    snapshotCode: f.code('snapshot', 'snapshot'),
    learningStoryType: f.type('learningStory'),
    medicationCode: f.code('medication', 'medication'),
    willowMedication: await one<{ id: number; version: number }>(
      `select id::int as id, version from events where provider_id = ${p} and type_id = ${f.type('medication')}
         and site_id = ${willow} order by id limit 1`,
    ),
    quietChild,
    willowStaff: willowStaff.id,
    willowChild: willowChild.id,
    willowContact,
    willowChildWithPhoto: (
      await one<{ id: number }>(
        `select id::int as id from children where provider_id = ${p} and site_id = ${willow} and has_image order by id limit 1`,
      )
    ).id,
    willowPublished: willowPublished.id,
    willowMedia,
    willowSleep: willowSleep.id,
    // A Willow reminder due today or later (the demo's).
    willowReminder: await one<{ id: number; version: number; due: string }>(
      `select e.id::int as id, e.version, to_char(e.due at time zone 'Europe/London', 'YYYY-MM-DD') as due
       from events e join event_codes k on k.provider_id = e.provider_id and k.id = e.code_id
       where e.provider_id = ${p} and e.site_id = ${willow} and k.code_key = 'reminder'
         and e.status_id <> ${EventStatus.Deleted} and e.due >= now() order by e.id limit 1`,
    ),
    willowAccident,
    willowSnapshot,
    willowShift,
    willowRegisterSignature,
    willowBooking,
    willowFutureBooking,
    willowSigning,
    willowAttendanceRequest,
    willowBookingRequest,
    changeRequest,
    erasureRequest,
    shiftMarkOffStatus: (
      await one<{ id: number }>(`select id from shift_statuses where provider_id = ${p} and code = 'T'`)
    ).id,
    versionOf: {},
    othersNotification: (
      await one<{ id: number }>(
        `select n.id::int as id from notifications n join user_accounts u on u.provider_id = n.provider_id
           and u.id = n.user_id where lower(u.email) = '${DEMO.manager}' order by n.id limit 1`,
      )
    ).id,
    // Filled below, once her view of the quiet child is recorded (the views name no hidden id).
    hidden: {
      draft: 0,
      draftUuid: randomUUID(),
      draftMedia: randomUUID(),
      pending: 0,
      archived: 0,
      sleep: 0,
      reminder: { id: 0, version: 1, due: day },
      story: { id: 0, version: 1 },
      snapshotPending: { id: 0, version: 1 },
    },
  };

  const markers = [
    `"forename":"${willowChild.forename}","surname":"${willowChild.surname}"`,
    willowChild.surname,
    secret,
  ];
  return { ctx, markers };
}

/** The events at Oak Tree the practitioner may not view, about the quiet child: into ctx.hidden. */
export async function seedHidden(t: TestApp, f: Fixture, ctx: Ctx, secret: string): Promise<void> {
  const { q, one, p, oak, day, inject, saveEvent, upload, spotlight, obs, sleep, twoHoursAgo } = kit(t, f);
  const note = (what: string) => probeNote(secret, what);
  const quietChild = ctx.quietChild;
  // Another practitioner of Oak Tree only (an account waiting for activation: a session made directly).
  const other = await one<{ userId: number }>(
    `select u.id::int as "userId" from staff s
     join user_accounts u on u.provider_id = s.provider_id and u.person_id = s.person_id
     join staff_roles sr on sr.provider_id = s.provider_id and sr.staff_id = s.id
     join roles r on r.provider_id = sr.provider_id and r.id = sr.role_id and r.name = 'Practitioner'
     where s.provider_id = ${p} and s.site_id = ${oak} and lower(u.email) <> '${DEMO.practitioner}'
       and not exists (select 1 from staff_sites x where x.provider_id = s.provider_id and x.staff_id = s.id
                       and x.site_id <> ${oak})
     order by s.id limit 1`,
  );
  const colleague = (
    await directSession(t, { providerId: p, userId: other.userId, siteId: oak }, 'site-probe')
  ).cookie;
  const draftMedia = await upload(colleague, '#a73');
  const draft = await saveEvent(colleague, {
    ...obs,
    subjects: [quietChild],
    notes: note('draft'),
    nextSteps: [{ notes: note('next step'), links: [] }],
    mediaIDs: [draftMedia],
  });
  const pending = await saveEvent(colleague, {
    ...obs,
    subjects: [quietChild],
    statusID: EventStatus.Pending,
    notes: note('pending'),
    nextSteps: [{ notes: note('pending next step'), links: [] }],
  });
  const archived = await saveEvent(f.manager, {
    ...obs,
    subjects: [quietChild],
    statusID: EventStatus.Archived,
    notes: note('archived'),
  });
  const hiddenSleep = await saveEvent(colleague, { ...sleep, subjects: [quietChild], raised: twoHoursAgo });
  // The colleague's reminder: a practitioner's new reminder is pending (she may not publish).
  await inject(
    colleague,
    'POST',
    '/api/v1/events',
    { siteID: oak, subjects: [{ childID: quietChild }], due: day, notes: note('reminder') },
    [201],
  );
  const items = (
    await q<{ id: string }>(
      `select fi.id from framework_items fi where fi.provider_id = ${p}
         and fi.framework_id = (select framework_id from framework_schemes where provider_id = ${p}
           and event_type_id = ${f.type('snapshot')} and framework_id <> '-23' order by framework_id limit 1)
         and fi.depth > 1 order by fi.id limit 2`,
    )
  ).map((r) => r.id);
  const checkpoint = (
    await one<{ id: number }>(
      `select id from development_checkpoints where provider_id = ${p} and enabled order by id limit 1`,
    )
  ).id;
  const anHourAgo = new Date(Date.now() - 3_600_000);
  const when = { date: toCalendarDate(anHourAgo), time: formatTime(anHourAgo) };
  const story = await spotlight(colleague, {
    type: 'learningStory',
    codeID: f.code('learningStory', 'learning-story'),
    childIDs: [quietChild],
    ...when,
    notes: note('learning story'),
    gradings: items.map((itemID) => ({ itemID, value: 1 })),
    bestFits: [],
    checkpointIDs: [checkpoint],
    checkpointNotes: [{ checkpointID: checkpoint, note: note('checkpoint note') }],
    considerations: [{ status: 'Intervention', notes: note('consideration'), visibleToParents: false }],
    mediaTokens: [],
    statusID: EventStatus.Draft,
  });
  const snapshotPending = await spotlight(colleague, {
    type: 'snapshot',
    codeID: f.code('snapshot', 'snapshot'),
    childIDs: [quietChild],
    ...when,
    notes: note('pending snapshot'),
    gradings: items.map((itemID) => ({ itemID, value: 0 })),
    bestFits: [],
    checkpointIDs: [],
    considerations: [],
    mediaTokens: [],
    statusID: EventStatus.Pending,
  });
  ctx.hidden = {
    draft: draft.id,
    draftUuid: draft.uuid,
    draftMedia,
    pending: pending.id,
    archived: archived.id,
    sleep: hiddenSleep.id,
    reminder: await one<{ id: number; version: number; due: string }>(
      `select e.id::int as id, e.version, to_char(e.due at time zone 'Europe/London', 'YYYY-MM-DD') as due
       from events e where e.provider_id = ${p} and e.notes = '${note('reminder')}'`,
    ),
    story,
    snapshotPending,
  };
  const named = [ctx.willowPublished, draft.id, pending.id, archived.id];
  for (const row of await q<{ id: number; version: number }>(
    `select id::int as id, version from events where provider_id = ${p} and id in (${named.join(',')})`,
  ))
    ctx.versionOf[row.id] = row.version;
}
