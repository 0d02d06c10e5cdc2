import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { DEMO, describeEachDb, loginAs, makeTestApp, type TestApp } from '../../test/harness.ts';
import { clearEventConfigCache } from './event-config.ts';

describeEachDb('event configuration cache', (kind) => {
  let t: TestApp;
  afterEach(async () => t.close());

  const typeNames = async (cookie: string) => {
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie } })).json();
    return (config.eventTypes as { tag: string; value: string }[]).find((x) => x.tag === 'nappy')?.value;
  };

  it('keeps the configuration for the time given, and a clear makes the next read fresh', async () => {
    t = await makeTestApp(kind, { eventConfigCacheMs: 60_000 });
    const cookie = await loginAs(t.app, DEMO.manager);
    const before = await typeNames(cookie);
    await t.database.db.execute(sql`update event_types set value = 'Nappy change' where tag = 'nappy'`);
    expect(await typeNames(cookie)).toBe(before);
    clearEventConfigCache(t.database.db);
    expect(await typeNames(cookie)).toBe('Nappy change');
  });

  it('reads every time when off (the default)', async () => {
    t = await makeTestApp(kind);
    const cookie = await loginAs(t.app, DEMO.manager);
    await typeNames(cookie);
    await t.database.db.execute(sql`update event_types set value = 'Changing' where tag = 'nappy'`);
    expect(await typeNames(cookie)).toBe('Changing');
  });
});
