import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { type Fixture, loadFixture, newSave, savedEvents } from '../events/event-fixtures.ts';

describeEachDb('next steps: outstanding and counts', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const create = (cookie: string, over: Record<string, unknown>) =>
    savedEvents(t, cookie, newSave({ subjects: [f.kids[0]!.id], ...over }));
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    f = await loadFixture(t);
  });
  afterAll(() => t.close());

  it('counts next steps per child, framework item and completion, and 404s for another provider child', async () => {
    const kid = f.kids[3]!.id;
    const count = async () => {
      const res = await get(f.manager, `/api/v1/next-step-counts?childIDs=${kid},${f.kids[4]!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as {
        childID: number;
        itemID: string;
        completed: boolean;
        countOfNextSteps: number;
      }[];
      const of = (completed: boolean) =>
        rows.find((r) => r.childID === kid && r.itemID === f.item && r.completed === completed)
          ?.countOfNextSteps ?? 0;
      return { open: of(false), done: of(true) };
    };
    const before = await count();
    await create(f.manager, {
      typeID: f.type('observation'),
      codeID: f.code('observation', 'observation'),
      subjects: [kid],
      nextSteps: [
        { notes: 'one', links: [f.item] },
        { notes: 'two', links: [f.item] },
        { notes: 'done', links: [f.item], completed: true },
        { notes: 'unlinked', links: [] },
      ],
    });
    const after = await count();
    expect(after.open - before.open).toBe(2);
    expect(after.done - before.done).toBe(1);
    const foreign = await get(f.manager, `/api/v1/next-step-counts?childIDs=${kid},${f.otherChild}`);
    expect(foreign.statusCode).toBe(404);
    const bad = await get(f.manager, '/api/v1/next-step-counts?childIDs=x');
    expect(bad.statusCode).toBe(400);
  });

  it('lists outstanding next steps of the children, not completed ones', async () => {
    const kid = f.kids[2]!.id;
    const [e] = await create(f.manager, {
      typeID: f.type('observation'),
      codeID: f.code('observation', 'observation'),
      subjects: [kid],
      nextSteps: [
        { notes: 'Outstanding one', links: [f.item] },
        { notes: 'Done one', links: [], completed: true },
      ],
    });
    const res = await t.app.inject({
      url: `/api/v1/outstanding-next-steps?childIDs=${kid}`,
      headers: { cookie: f.manager },
    });
    expect(res.statusCode, res.body).toBe(200);
    const steps = res.json() as {
      notes: string;
      event: { id: number };
      links: { itemID: string }[];
      child: { id: number };
    }[];
    const ours = steps.filter((s) => s.event.id === e!.id);
    expect(ours.map((s) => s.notes)).toEqual(['Outstanding one']);
    expect(ours[0]!.links).toEqual([{ itemID: f.item }]);
    expect(ours[0]!.child.id).toBe(kid);
    const other = await t.app.inject({
      url: `/api/v1/outstanding-next-steps?childIDs=${f.otherChild}`,
      headers: { cookie: f.manager },
    });
    expect(other.statusCode).toBe(404);
  });
});
