// The test run's clock (issue 11). Under NURSERY_TEST_NOW the whole run is at that instant:
// Date in every test file, PGlite's SQL now(), and the seed of the test templates. The
// templates' demo data is never in the future relative to the seed's now.
import { todayInZone } from '@nursery/domain/common';
import { describe, expect, inject, it } from 'vitest';
import { fixedTestNow, TEST_NOW_ENV } from './fixed-now.ts';
import { describeEachDb, openTestDatabase } from './harness.ts';
import { checkRecordedFacts } from './recorded-facts.ts';

const fixed = fixedTestNow();

describe('the test clock', () => {
  it('seeds the templates at the run’s now and dates them in Europe/London', () => {
    const seedNow = new Date(inject('seedNow'));
    expect(inject('seedToday')).toBe(todayInZone(seedNow));
    if (fixed) expect(seedNow.toISOString()).toBe(fixed.toISOString());
  });

  // Without NURSERY_TEST_NOW every file starts at the seed's instant, so a run that crosses
  // midnight still finds the seeded day's registers (CI run of 05/12/2026).
  it(`Date and PGlite's SQL now() read the run's clock (${TEST_NOW_ENV}, else the seed's now)`, async () => {
    const expected = fixed ?? new Date(inject('seedNow'));
    expect(todayInZone(new Date())).toBe(inject('seedToday'));
    // Fails when the fake is not in effect: the real day is not the fixed one.
    expect(todayInZone(new Date())).toBe(todayInZone(expected));
    expect(todayInZone(new Date(Date.now()))).toBe(todayInZone(expected));
    expect(Date.now()).toBeGreaterThanOrEqual(expected.getTime());
    const database = await openTestDatabase('pglite');
    try {
      const [{ today }] = await database.query<{ today: string }>(
        `select to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD') as today`,
      );
      expect(today).toBe(todayInZone(expected));
    } finally {
      await database.close();
    }
  });
});

describeEachDb('the seeded test template', (kind) => {
  it('has no recorded fact after the seed’s now', async () => {
    const database = await openTestDatabase(kind);
    try {
      expect(await checkRecordedFacts(database, new Date(inject('seedNow')))).toEqual({
        unclassified: [],
        missing: [],
        future: [],
      });
    } finally {
      await database.close();
    }
  });
});
