import { describe, expect, it } from 'vitest';
import { isTimeZone, SiteConfig } from './config.ts';

describe('isTimeZone (remembers the valid names it has checked)', () => {
  it('answers the same the first time and after', () => {
    for (let i = 0; i < 2; i++) {
      expect(isTimeZone('Europe/London')).toBe(true);
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isTimeZone('')).toBe(false);
    }
  });

  it("keeps a site's unknown time zone out of the configuration", () => {
    const site = {
      id: 1,
      name: 'Oak Tree',
      timeZone: 'Europe/London',
      registersEnabled: true,
      staffRegistersEnabled: true,
    };
    const shape = SiteConfig.safeParse(site);
    // Whatever else the schema asks for, the time zone is not what it refuses.
    const zoneIssue = (r: typeof shape) => r.error?.issues.some((i) => i.path[0] === 'timeZone') ?? false;
    expect(zoneIssue(shape)).toBe(false);
    expect(zoneIssue(SiteConfig.safeParse({ ...site, timeZone: 'Mars/Olympus_Mons' }))).toBe(true);
    expect(zoneIssue(SiteConfig.safeParse({ ...site, timeZone: 'Mars/Olympus_Mons' }))).toBe(true);
  });
});
