import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, makeTestApp, type TestApp } from '../../test/harness.ts';
import { loadEventConfig } from '../config/event-config.ts';
import { loadVisibility, visibilityFromConfig } from './search-queries.ts';

describeEachDb('search visibility', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(kind);
  });
  afterAll(async () => t.close());

  it('computed from the configuration equals the roles query, for every demo staff role', async () => {
    const r = await t.database.db.execute<{ provider_id: number; staff_id: number }>(sql`
      select distinct on (sr.role_id) s.provider_id, s.id as staff_id
      from staff s join staff_roles sr on sr.provider_id = s.provider_id and sr.staff_id = s.id
      order by sr.role_id, s.id`);
    expect(r.rows.length).toBeGreaterThan(1);
    for (const row of r.rows) {
      const fromQuery = await loadVisibility(t.database.db, row.provider_id, row.staff_id);
      const config = await loadEventConfig(t.database.db, row.provider_id, row.staff_id);
      const computed = visibilityFromConfig(config, row.staff_id, fromQuery.siteIds);
      expect(computed.own).toEqual([...fromQuery.own].sort((a, b) => a - b));
      expect(computed.others).toEqual([...fromQuery.others].sort((a, b) => a - b));
      expect(fromQuery.siteIds.length).toBeGreaterThan(0);
    }
  });
});
