// POST children/:childID/markOff (issue 14): mark-off and undo with markOff, a request a manager
// approves without it, the notes rule.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import {
  booking,
  dueBookings,
  futureDate,
  getRegister,
  loadRegisterFixture,
  postMarkOff,
  type RegisterFixture,
} from './register-fixtures.ts';

describeEachDb('POST children/:childID/markOff', (kind) => {
  let t: TestApp;
  let f: RegisterFixture;
  let future: string;
  const q = <T>(text: string) => t.database.query<T>(text);
  const requests = (childId: number, date: string) =>
    q<{
      status: string;
      person_id: number;
      request_notes: string | null;
      mark_off_category_id: number | null;
    }>(
      `select status, person_id, request_notes, mark_off_category_id from booking_requests
       where provider_id = ${f.providerId} and child_id = ${childId} and date = '${date}' and type = 'MO'
       order by id`,
    );

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadRegisterFixture(t);
    future = await futureDate(t, f);
  });
  afterAll(() => t.close());

  it('the manager marks sessions off with a category and notes, then undoes it', async () => {
    const bookings = await dueBookings(t, f, future, { sessions: 1 });
    const b = bookings[0]!;
    const res = await postMarkOff(t, f.manager, b.child_id, {
      date: future,
      comboIDs: [b.combo_id],
      markOffCategoryID: f.categories.H!,
      notes: 'Family holiday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'marked-off',
      sessions: [
        expect.objectContaining({
          bookingID: b.id,
          isOff: true,
          markedOffCategoryID: f.categories.H,
          markOffNotes: 'Family holiday',
          version: b.version + 1,
        }),
      ],
    });
    expect(await booking(t, b.id)).toMatchObject({
      marked_off_category_id: f.categories.H,
      version: b.version + 1,
    });
    const register = (await getRegister(t, f.manager, f.siteId, future)).json();
    const child = register.children.find((c: { id: number }) => c.id === b.child_id);
    expect(child.sessions[0]).toMatchObject({ isOff: true, markedOffCategoryID: f.categories.H });

    const undo = await postMarkOff(t, f.manager, b.child_id, {
      date: future,
      comboIDs: [b.combo_id],
      markOffCategoryID: null,
      notes: '',
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      outcome: 'undone',
      sessions: [{ isOff: false, markedOffCategoryID: null, markOffNotes: null, version: b.version + 2 }],
    });
  });

  it("marks off today's due sessions; a checked-in session is refused (400, nothing written)", async () => {
    const [due] = await dueBookings(t, f, f.today);
    const ok = await postMarkOff(t, f.manager, due!.child_id, {
      date: f.today,
      comboIDs: [due!.combo_id],
      markOffCategoryID: f.categories.I!,
      notes: 'Poorly',
    });
    expect(ok.json()).toMatchObject({ outcome: 'marked-off' });
    const [checkedIn] = await dueBookings(t, f, f.today, { taken: [due!.child_id] });
    await q(`update bookings set actual_start = '08:00' where id = ${checkedIn!.id}`);
    const res = await postMarkOff(t, f.manager, checkedIn!.child_id, {
      date: f.today,
      comboIDs: [checkedIn!.combo_id],
      markOffCategoryID: f.categories.I!,
      notes: 'Went home',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().err.code).toBe('err-invalid-request');
    expect(await booking(t, checkedIn!.id)).toMatchObject({
      marked_off_category_id: null,
      actual_start: '08:00',
    });
  });

  it('refuses a disabled or foreign category, a past date, and missing notes when required', async () => {
    const [b] = await dueBookings(t, f, future);
    const body = { date: future, comboIDs: [b!.combo_id], markOffCategoryID: f.categories.H!, notes: 'x' };
    const send = (over: Partial<typeof body>) => postMarkOff(t, f.manager, b!.child_id, { ...body, ...over });
    await q(`update mark_off_categories set enabled = false where id = ${f.categories.U}`);
    try {
      const disabled = await send({ markOffCategoryID: f.categories.U! });
      expect(disabled.statusCode).toBe(400);
      expect(disabled.json().err.code).toBe('err-invalid-request');
    } finally {
      await q(`update mark_off_categories set enabled = true where id = ${f.categories.U}`);
    }
    const [foreign] = await q<{ id: number }>(
      `select id from mark_off_categories where provider_id <> ${f.providerId} order by id limit 1`,
    );
    expect((await send({ markOffCategoryID: foreign!.id })).statusCode).toBe(400);
    const [past] = await q<{ date: string }>(
      `select max(date)::text as date from bookings where provider_id = ${f.providerId} and site_id = ${f.siteId}
         and date < '${f.today}'`,
    );
    const [before] = await dueBookings(t, f, past!.date);
    const pastRes = await postMarkOff(t, f.manager, before!.child_id, {
      ...body,
      date: past!.date,
      comboIDs: [before!.combo_id],
    });
    expect(pastRes.statusCode, pastRes.body).toBe(400);
    expect(pastRes.json().err.code).toBe('err-invalid-request');
    const noNotes = await send({ notes: '   ' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().err).toMatchObject({ code: 'err-mark-off-notes-required' });
    expect(await booking(t, b!.id)).toMatchObject({ marked_off_category_id: null, version: b!.version });
    // The provider turns the rule off: no notes needed.
    await q(
      `update providers set flags = flags || '{"markOffNotesRequired": false}' where id = ${f.providerId}`,
    );
    try {
      const res = await send({ notes: '' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sessions[0]).toMatchObject({ isOff: true, markOffNotes: null });
    } finally {
      await q(`update providers set flags = flags - 'markOffNotesRequired' where id = ${f.providerId}`);
    }
  });

  it('without markOff the practitioner sends one pending request per session, never twice', async () => {
    const bookings = await dueBookings(t, f, future, { sessions: 2 }).catch(() => dueBookings(t, f, future));
    const comboIDs = bookings.map((b) => b.combo_id);
    const child = bookings[0]!.child_id;
    const res = await postMarkOff(t, f.practitioner, child, {
      date: future,
      comboIDs,
      markOffCategoryID: null,
      notes: 'Mum phoned: dentist',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('request-sent');
    expect(res.json().sessions).toHaveLength(bookings.length);
    for (const s of res.json().sessions) expect(s).toMatchObject({ isOff: false, markOffRequested: true });
    const [practitioner] = await q<{ person_id: number }>(
      `select person_id from user_accounts where lower(email) = 'practitioner@example.org'`,
    );
    const rows = await requests(child, future);
    expect(rows).toEqual(
      bookings.map(() => ({
        status: 'pending',
        person_id: practitioner!.person_id,
        request_notes: 'Mum phoned: dentist',
        mark_off_category_id: null,
      })),
    );
    // Sent again (a double tap, or with a category the practitioner may not choose): still one each.
    const again = await postMarkOff(t, f.practitioner, child, {
      date: future,
      comboIDs,
      markOffCategoryID: f.categories.H!,
      notes: 'Again',
    });
    expect(again.json().outcome).toBe('request-sent');
    expect(await requests(child, future)).toHaveLength(bookings.length);
    for (const b of bookings) expect(await booking(t, b.id)).toMatchObject({ marked_off_category_id: null });
    // Notes are required for a request too.
    const noNotes = await postMarkOff(t, f.practitioner, child, {
      date: future,
      comboIDs,
      markOffCategoryID: null,
      notes: '',
    });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().err.code).toBe('err-mark-off-notes-required');
  });

  it('the practitioner cannot undo or change a mark-off (403)', async () => {
    const [b] = await dueBookings(t, f, future);
    await q(`update bookings set marked_off_category_id = ${f.categories.H} where id = ${b!.id}`);
    for (const markOffCategoryID of [null, f.categories.I!]) {
      const res = await postMarkOff(t, f.practitioner, b!.child_id, {
        date: future,
        comboIDs: [b!.combo_id],
        markOffCategoryID,
        notes: 'Back after all',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().err.code).toBe('err-permission-denied');
    }
    expect(await booking(t, b!.id)).toMatchObject({ marked_off_category_id: f.categories.H });
  });

  it("another provider's manager, an unknown session or a child of a site not the user's: 404", async () => {
    const [b] = await dueBookings(t, f, future);
    const body = { date: future, comboIDs: [b!.combo_id], markOffCategoryID: f.categories.H!, notes: 'x' };
    const other = await postMarkOff(t, f.other, b!.child_id, body);
    expect(other.statusCode).toBe(404);
    expect(other.json().err.code).toBe('err-not-found');
    const unknown = await postMarkOff(t, f.manager, b!.child_id, {
      ...body,
      comboIDs: [b!.combo_id, 999_999],
    });
    expect(unknown.statusCode).toBe(404);
    const willowDate = await futureDate(t, f, f.willow);
    const [atWillow] = await dueBookings(t, f, willowDate, { siteId: f.willow });
    const practitioner = await postMarkOff(t, f.practitioner, atWillow!.child_id, {
      ...body,
      date: willowDate,
      comboIDs: [atWillow!.combo_id],
    });
    expect(practitioner.statusCode).toBe(404);
    expect(await booking(t, b!.id)).toMatchObject({ marked_off_category_id: null, version: b!.version });
  });
});

describeEachDb('POST children/:childID/markOff: the version the client saw (issue 26)', (kind) => {
  let t: TestApp;
  let f: RegisterFixture;
  let future: string;
  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadRegisterFixture(t);
    future = await futureDate(t, f);
  });
  afterAll(() => t.close());

  it('two managers mark off the same session from the same version: the second gets 409 with the session as it is', async () => {
    const [b] = await dueBookings(t, f, future, { sessions: 1 });
    const seen = { date: future, comboIDs: [b!.combo_id], versions: [b!.version], notes: 'Poorly' };
    const first = await postMarkOff(t, f.manager, b!.child_id, {
      ...seen,
      markOffCategoryID: f.categories.I!,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await postMarkOff(t, f.manager, b!.child_id, {
      ...seen,
      markOffCategoryID: f.categories.H!,
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toEqual({
      err: {
        code: 'err-conflict',
        message: 'This session was changed by someone else.',
        sessions: [
          expect.objectContaining({
            bookingID: b!.id,
            markedOffCategoryID: f.categories.I,
            version: b!.version + 1,
          }),
        ],
      },
    });
    // The first category stays: nothing was replaced silently.
    expect(await booking(t, b!.id)).toMatchObject({
      marked_off_category_id: f.categories.I,
      version: b!.version + 1,
    });
    // An undo decided on the old version is refused too; on the current one it applies.
    const staleUndo = await postMarkOff(t, f.manager, b!.child_id, { ...seen, markOffCategoryID: null });
    expect(staleUndo.statusCode).toBe(409);
    const undo = await postMarkOff(t, f.manager, b!.child_id, {
      ...seen,
      versions: [b!.version + 1],
      markOffCategoryID: null,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().outcome).toBe('undone');
  });

  it('refuses versions that do not pair with comboIDs (400)', async () => {
    const [b] = await dueBookings(t, f, future, { sessions: 1 });
    const res = await postMarkOff(t, f.manager, b!.child_id, {
      date: future,
      comboIDs: [b!.combo_id],
      versions: [b!.version, b!.version],
      markOffCategoryID: f.categories.H!,
      notes: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().err.code).toBe('err-invalid-request');
  });
});
