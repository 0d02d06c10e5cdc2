// GraphQL updateEvent and spotlightEvent (spec 001 §4, §5; issue 16): a snapshot for three children,
// a learning story with a best fit, checkpoints and a consideration, the edit round trip, and each
// refusal as a coded GraphQL error (never a 500).
import { randomUUID } from 'node:crypto';
import { formatTime, toCalendarDate } from '@nursery/domain/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

const SAVE = `mutation Save($input: UpdateEventInput!) {
  updateEvent(input: $input) { created type statusID status ids events { id childID version } } }`;
const LOAD = `query Load($id: Int!) { spotlightEvent(id: $id) {
  id version typeID type code { id value } childIDs siteID date time notes childsVoice parentNotes
  media { id url type thumbnailUrl mediaToken } gradings { itemID value ageRangeID notes }
  bestFits { itemID ageRangeID } checkpointIDs checkpointNotes { checkpointID note } considerations { id status notes visibleToParents }
  editable statusID status textLimits { notes childsVoice parentNotes considerationNotes }
  permittedActions { saveStatusIDs addMedia addPhoto addVideo editParentNotes publishConsiderations } } }`;

const RESTRICTED =
  'You cannot save this event to archived/published because there is an Intervention or Staff Support consideration attached. Instead, you can save to pending so that the consideration can be looked at first.';

describeEachDb('Spotlight save (updateEvent)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let dmItems: string[];
  let b5Aspect: string;
  let b5Range: number;
  let checkpoints: number[];
  const q = <T>(text: string) => t.database.query<T>(text);
  const anHourAgo = new Date(Date.now() - 3_600_000);
  const when = { date: toCalendarDate(anHourAgo), time: formatTime(anHourAgo) };

  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...WRITE_HEADERS, cookie },
      payload: { query, variables },
    });
  const save = (cookie: string, input: Record<string, unknown>) => gql(cookie, SAVE, { input });
  const errorOf = (res: { json(): { errors?: { message: string; extensions: { code: string } }[] } }) =>
    res.json().errors?.[0];

  const snapshot = (over: Record<string, unknown> = {}) => ({
    type: 'snapshot',
    codeID: f.code('snapshot', 'snapshot'),
    childIDs: [f.kids[0]!.id],
    ...when,
    notes: 'Built a tower.',
    gradings: [],
    bestFits: [],
    checkpointIDs: [],
    considerations: [],
    mediaTokens: [],
    statusID: 1,
    ...over,
  });
  const learningStory = (over: Record<string, unknown> = {}) =>
    snapshot({ type: 'learningStory', codeID: f.code('learningStory', 'learning-story'), ...over });

  async function addMedium(token: string, personId: number | null = null) {
    const id = randomUUID();
    await q(
      `insert into media (provider_id, id, type, mime_type, media_token, size, storage_path, uploaded_by_person_id)
       values (${f.providerId}, '${id}', 'image', 'image/webp', '${token}', 10, 'x/${id}', ${personId ?? 'null'})`,
    );
    return id;
  }

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
    dmItems = (
      await q<{ id: string }>(
        `select fi.id from framework_items fi where fi.provider_id = ${f.providerId}
           and fi.framework_id = (select framework_id from framework_schemes where provider_id = ${f.providerId}
             and event_type_id = ${f.type('snapshot')} and framework_id <> '-23' order by framework_id limit 1)
           and fi.depth > 1 order by fi.id limit 4`,
      )
    ).map((r) => r.id);
    b5Aspect = (
      await q<{ id: string }>(
        `select id from framework_items where provider_id = ${f.providerId} and id like '/-23/%' and depth = 2 order by id limit 1`,
      )
    )[0]!.id;
    b5Range = (
      await q<{ id: number }>(
        `select id from age_ranges where provider_id = ${f.providerId} and id between -2506 and -2500 order by id desc limit 1`,
      )
    )[0]!.id;
    checkpoints = (
      await q<{ id: number }>(
        `select id from development_checkpoints where provider_id = ${f.providerId} and enabled order by id limit 2`,
      )
    ).map((r) => r.id);
  });
  afterAll(() => t.close());

  it('adds a snapshot for three children with four indicators and a photo, in one save', async () => {
    expect(dmItems).toHaveLength(4);
    const token = randomUUID();
    const medium = await addMedium(token);
    const kids = f.kids.slice(0, 3).map((k) => k.id);
    const res = await save(
      f.practitioner,
      snapshot({
        childIDs: kids,
        gradings: dmItems.map((itemID, i) => ({ itemID, value: i % 2 })),
        mediaTokens: [{ mediaID: medium, token }],
        statusID: 3,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data.updateEvent;
    expect(r).toMatchObject({ created: true, type: 'snapshot', statusID: 3, status: 'Pending' });
    expect(r.ids).toHaveLength(3);
    expect(r.events.map((e: { childID: number }) => e.childID).sort()).toEqual([...kids].sort());
    const ids = r.ids.join(',');
    const [counts] = await q<{ g: number; m: number; h: number }>(
      `select (select count(*)::int from gradings where provider_id = ${f.providerId} and event_id in (${ids})) as g,
              (select count(*)::int from event_media where provider_id = ${f.providerId} and event_id in (${ids})) as m,
              (select count(*)::int from event_history where provider_id = ${f.providerId} and event_id in (${ids})) as h`,
    );
    expect(counts).toEqual({ g: 12, m: 3, h: 3 });
  });

  it('saves a learning story with a best fit, two checkpoints and an Intervention, and loads it back', async () => {
    expect(checkpoints).toHaveLength(2);
    const res = await save(
      f.practitioner,
      learningStory({
        parentNotes: null,
        gradings: [{ itemID: dmItems[0], value: 1 }],
        bestFits: [{ itemID: b5Aspect, ageRangeID: b5Range }],
        checkpointIDs: checkpoints,
        checkpointNotes: [
          { checkpointID: checkpoints[0], note: ' Points at the ducks. ' },
          { checkpointID: checkpoints[1], note: '   ' },
        ],
        considerations: [{ status: 'Intervention', notes: 'Speech', visibleToParents: true }],
        statusID: 1,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().data.updateEvent.ids;
    // A note on a checkpoint the event does not have is refused.
    const stray = await save(
      f.practitioner,
      learningStory({
        checkpointIDs: [checkpoints[0]],
        checkpointNotes: [{ checkpointID: checkpoints[1], note: 'x' }],
      }),
    );
    expect(errorOf(stray)?.extensions.code).toBe('err-invalid-checkpoint');
    const load = await gql(f.practitioner, LOAD, { id });
    expect(load.statusCode, load.body).toBe(200);
    const e = load.json().data.spotlightEvent;
    expect(e).toMatchObject({
      id,
      version: 1,
      type: 'learningStory',
      childIDs: [f.kids[0]!.id],
      ...when,
      notes: 'Built a tower.',
      gradings: [{ itemID: dmItems[0], value: 1, ageRangeID: null, notes: null }],
      bestFits: [{ itemID: b5Aspect, ageRangeID: b5Range }],
      checkpointIDs: [...checkpoints].sort((a, b) => a - b),
      // Trimmed; the blank one is not stored.
      checkpointNotes: [{ checkpointID: checkpoints[0], note: 'Points at the ducks.' }],
      considerations: [{ status: 'Intervention', notes: 'Speech', visibleToParents: true }],
      status: 'Draft',
      editable: true,
    });
    expect(e.permittedActions.saveStatusIDs).toContain(1);
    expect(e.textLimits.considerationNotes).toBeGreaterThan(0);

    // The edit: the consideration kept (same id), its status changed: visibleToParents is cleared.
    const considerationId = e.considerations[0].id;
    const edit = await save(
      f.practitioner,
      learningStory({
        id,
        version: e.version,
        bestFits: [],
        checkpointIDs: [checkpoints[0]],
        considerations: [{ id: considerationId, status: 'Monitor', notes: 'Speech', visibleToParents: true }],
        statusID: e.statusID,
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.updateEvent).toMatchObject({
      created: false,
      ids: [id],
      events: [{ version: 2 }],
    });
    const again = (await gql(f.practitioner, LOAD, { id })).json().data.spotlightEvent;
    expect(again.considerations).toEqual([
      { id: considerationId, status: 'Monitor', notes: 'Speech', visibleToParents: false },
    ]);
    expect(again.bestFits).toEqual([]);
    expect(again.checkpointIDs).toEqual([checkpoints[0]]);
    // The edit sent no notes: the event's notes are replaced by none.
    expect(again.checkpointNotes).toEqual([]);
    expect(again.gradings).toEqual([]);

    // A stale version is a conflict.
    const stale = await save(f.practitioner, learningStory({ id, version: 1, statusID: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)?.extensions.code).toBe('err-conflict');
  });

  it('answers the first save again for a repeated uuid', async () => {
    const uuid = randomUUID();
    const first = (await save(f.practitioner, snapshot({ uuid }))).json().data.updateEvent;
    const second = (await save(f.practitioner, snapshot({ uuid }))).json().data.updateEvent;
    expect(second.ids).toEqual(first.ids);
  });

  describe('refusals', () => {
    const refused = async (
      cookie: string,
      input: Record<string, unknown>,
      code: string,
      status: number,
      message?: string,
    ) => {
      const res = await save(cookie, input);
      expect(res.statusCode, res.body).toBe(status);
      const err = errorOf(res);
      expect(err?.extensions.code, res.body).toBe(code);
      if (message) expect(err?.message).toBe(message);
    };

    it('a learning story for two children, an existing event for two, none, over 200', async () => {
      await refused(
        f.practitioner,
        learningStory({ childIDs: [f.kids[0]!.id, f.kids[1]!.id] }),
        'err-wrong-child-count',
        400,
        'You must select a single child when adding a learning story.',
      );
      const [id] = (await save(f.practitioner, snapshot())).json().data.updateEvent.ids;
      await refused(
        f.practitioner,
        snapshot({ id, version: 1, childIDs: [f.kids[0]!.id, f.kids[1]!.id] }),
        'err-wrong-child-count',
        400,
      );
      await refused(f.practitioner, snapshot({ childIDs: [] }), 'err-invalid-request', 400);
      const many = Array.from({ length: 201 }, (_, i) => i + 1);
      await refused(f.practitioner, snapshot({ childIDs: many }), 'err-invalid-request', 400);
    });

    it("another provider's child, and another provider's event, are not found", async () => {
      await refused(f.practitioner, snapshot({ childIDs: [f.otherChild] }), 'err-not-found', 404);
      const [id] = (await save(f.practitioner, snapshot())).json().data.updateEvent.ids;
      const load = await gql(f.other, LOAD, { id });
      expect(errorOf(load)?.extensions.code).toBe('err-not-found');
      await refused(f.other, snapshot({ id, version: 1 }), 'err-not-found', 404);
    });

    it('more than 255 gradings plus best fits', async () => {
      const gradings = Array.from({ length: 255 }, (_, i) => ({ itemID: `/-29/${i}/`, value: 1 }));
      await refused(
        f.practitioner,
        learningStory({ gradings, bestFits: [{ itemID: b5Aspect, ageRangeID: b5Range }] }),
        'err-too-many-gradings',
        400,
        'Too many gradings have been attached to this event. The maximum allowed is 255 (you have added 256).',
      );
    });

    it('text over the limit, and fields the type does not have', async () => {
      const setup = (
        await gql(f.practitioner, '{ spotlightSetup { types { type textLimits { notes } } } }')
      ).json().data.spotlightSetup;
      const limit = setup.types.find((x: { type: string }) => x.type === 'snapshot').textLimits
        .notes as number;
      await refused(f.practitioner, snapshot({ notes: 'x'.repeat(limit + 1) }), 'err-text-too-long', 400);
      await refused(f.practitioner, snapshot({ checkpointIDs: checkpoints }), 'err-field-not-for-type', 400);
      await refused(f.practitioner, learningStory({ childsVoice: 'Hello' }), 'err-field-not-for-type', 400);
      await refused(f.practitioner, snapshot({ parentNotes: 'Hello' }), 'err-field-not-for-type', 400);
    });

    it('a status the role does not allow', async () => {
      await refused(f.practitioner, snapshot({ statusID: 5 }), 'err-status-not-allowed', 403);
    });

    it('a medium with a wrong token, or of another provider', async () => {
      const medium = await addMedium(randomUUID());
      await refused(
        f.practitioner,
        snapshot({ mediaTokens: [{ mediaID: medium, token: 'not-the-token' }] }),
        'err-media-token-invalid',
        400,
      );
      await refused(
        f.practitioner,
        snapshot({ mediaTokens: [{ mediaID: randomUUID(), token: 'x' }] }),
        'err-media-token-invalid',
        400,
      );
    });

    it('an event the role cannot edit', async () => {
      const [id] = (await save(f.manager, snapshot({ statusID: 5 }))).json().data.updateEvent.ids;
      const load = (await gql(f.practitioner, LOAD, { id })).json();
      // The practitioner sees the manager's published snapshot but may not edit it.
      expect(load.data.spotlightEvent).toMatchObject({
        editable: false,
        permittedActions: { saveStatusIDs: [] },
      });
      await refused(f.practitioner, snapshot({ id, version: 1, statusID: 5 }), 'err-not-editable', 403);
    });

    it('a two-year check for a child outside 22-36 months', async () => {
      const oldest = f.kids[0]!; // ordered by dob: the oldest first
      await refused(
        f.practitioner,
        learningStory({ codeID: f.code('learningStory', 'two-year-check'), childIDs: [oldest.id] }),
        'selected-child-invalid-twoyear',
        400,
        'The selected child is not in the allowed age range for two year checks',
      );
    });

    it('a bad input shape is a 400 naming the field', async () => {
      await refused(f.practitioner, snapshot({ time: '25:00' }), 'err-invalid-request', 400);
      await refused(
        f.practitioner,
        snapshot({
          considerations: [
            { status: 'Monitor', visibleToParents: false },
            { status: 'Monitor', visibleToParents: false },
          ],
        }),
        'err-invalid-request',
        400,
      );
    });
  });

  describe('without publishConsiderations', () => {
    let manager: string;
    beforeAll(async () => {
      await q(
        `update roles set permissions = array_remove(permissions, 'publishConsiderations')
         where provider_id = ${f.providerId} and name = 'Manager'`,
      );
      manager = await loginAs(t.app, DEMO.manager);
    });
    afterAll(async () => {
      await q(
        `update roles set permissions = array_append(permissions, 'publishConsiderations')
         where provider_id = ${f.providerId} and name = 'Manager'`,
      );
    });

    it('refuses archived/published with an Intervention or Staff Support consideration; pending is allowed', async () => {
      for (const status of ['Intervention', 'StaffSupport']) {
        const input = learningStory({ considerations: [{ status, notes: 'n', visibleToParents: false }] });
        for (const statusID of [4, 5]) {
          const res = await save(manager, { ...input, statusID });
          expect(res.statusCode, res.body).toBe(403);
          expect(errorOf(res)).toMatchObject({
            message: RESTRICTED,
            extensions: { code: 'err-restricted-consideration' },
          });
        }
        const pending = await save(manager, { ...input, statusID: 3 });
        expect(pending.statusCode, pending.body).toBe(200);
        const load = (await gql(manager, LOAD, { id: pending.json().data.updateEvent.ids[0] })).json();
        expect(load.data.spotlightEvent.permittedActions.publishConsiderations).toBe(false);
      }
      const monitor = await save(
        manager,
        learningStory({
          considerations: [{ status: 'Monitor', notes: null, visibleToParents: false }],
          statusID: 5,
        }),
      );
      expect(monitor.statusCode, monitor.body).toBe(200);
    });
  });
});
