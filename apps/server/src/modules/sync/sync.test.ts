import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDb,
  loginDemoStaff,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

describeEachDb('sync reports of devices', (kind) => {
  let t: TestApp;
  let manager: string;
  let practitioner: string;
  let other: string;
  let siteID: number;
  /** The demo data's own report: the practitioner's room tablet still holds unsynced items. */
  let base: number;

  const report = (cookie: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/report',
      headers: { ...WRITE_HEADERS, cookie },
      payload: body,
    });
  const others = async (cookie: string, deviceID: string, site = siteID) => {
    const res = await t.app.inject({
      url: `/api/v1/sync/others?siteID=${site}&deviceID=${deviceID}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { otherDevicesUnsynced: number }).otherDevicesUnsynced;
  };

  beforeAll(async () => {
    t = await makeTestApp(kind);
    [manager, practitioner, other] = await loginDemoStaff(t.app);
    const config = (await t.app.inject({ url: '/api/v1/config', headers: { cookie: practitioner } })).json();
    siteID = config.siteID as number;
    base = await others(manager, 'device-manager-1');
  });
  afterAll(() => t.close());

  it('counts other devices at the site with unsynced events, never this device, one row per device', async () => {
    expect(base).toBeGreaterThanOrEqual(0);
    let res = await report(practitioner, {
      deviceID: 'device-tablet-1',
      siteID,
      unsyncedEvents: 2,
      unsyncedMedia: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await others(manager, 'device-manager-1')).toBe(base + 1);
    // The reporting device does not count itself.
    expect(await others(practitioner, 'device-tablet-1')).toBe(base);
    // The latest report wins: the same device again with nothing left is no longer counted.
    res = await report(practitioner, {
      deviceID: 'device-tablet-1',
      siteID,
      unsyncedEvents: 0,
      unsyncedMedia: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await others(manager, 'device-manager-1')).toBe(base);
    const rows = await t.database.query<{ n: number }>(
      `select count(*)::int as n from device_sync_reports where device_id = 'device-tablet-1'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('ignores reports older than seven days and devices with media only', async () => {
    await report(practitioner, { deviceID: 'device-old', siteID, unsyncedEvents: 4, unsyncedMedia: 0 });
    await t.database.query(
      // Eight days before the app's clock (a PostgreSQL server's now() keeps the real one).
      `update device_sync_reports set reported_at = '${new Date().toISOString()}'::timestamptz - interval '8 days'
       where device_id = 'device-old'`,
    );
    await report(practitioner, { deviceID: 'device-media', siteID, unsyncedEvents: 0, unsyncedMedia: 2 });
    expect(await others(manager, 'device-manager-1')).toBe(base);
  });

  it("keeps providers apart and refuses another provider's site", async () => {
    await report(practitioner, { deviceID: 'device-tablet-2', siteID, unsyncedEvents: 1, unsyncedMedia: 0 });
    const res = await t.app.inject({
      url: `/api/v1/sync/others?siteID=${siteID}&deviceID=device-x`,
      headers: { cookie: other },
    });
    expect(res.statusCode).toBe(404);
    const refused = await report(other, {
      deviceID: 'device-y',
      siteID,
      unsyncedEvents: 1,
      unsyncedMedia: 0,
    });
    expect(refused.statusCode).toBe(404);
    expect(await others(manager, 'device-manager-1')).toBe(base + 1);
  });

  it('validates the body and needs a login and the CSRF header', async () => {
    expect((await report(manager, { deviceID: 'x', unsyncedEvents: 1, unsyncedMedia: 0 })).statusCode).toBe(
      400,
    );
    expect(
      (await report(manager, { deviceID: 'device-z', unsyncedEvents: -1, unsyncedMedia: 0 })).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/report',
      headers: WRITE_HEADERS,
      payload: { deviceID: 'device-z', unsyncedEvents: 0, unsyncedMedia: 0 },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/report',
      headers: { cookie: manager },
      payload: { deviceID: 'device-z', unsyncedEvents: 0, unsyncedMedia: 0 },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('lists other devices with whose work they hold to a manager; a practitioner is refused', async () => {
    await report(practitioner, { deviceID: 'device-list-1', siteID, unsyncedEvents: 3, unsyncedMedia: 2 });
    const devices = async (cookie: string, deviceID: string) =>
      t.app.inject({
        url: `/api/v1/sync/devices?siteID=${siteID}&deviceID=${deviceID}`,
        headers: { cookie },
      });
    const res = await devices(manager, 'device-manager-1');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().devices as {
      deviceID: string;
      staffName: string;
      unsyncedEvents: number;
      unsyncedMedia: number;
      reportedAt: string;
    }[];
    // The same devices the count names, newest report first.
    expect(list).toHaveLength(await others(manager, 'device-manager-1'));
    expect(list[0]).toMatchObject({ deviceID: 'device-list-1', unsyncedEvents: 3, unsyncedMedia: 2 });
    expect(list[0]!.staffName).toMatch(/\S+ \S+/);
    expect(Number.isNaN(Date.parse(list[0]!.reportedAt))).toBe(false);
    // Never the asking device itself.
    expect(
      (await devices(manager, 'device-list-1')).json().devices.map((d: { deviceID: string }) => d.deviceID),
    ).not.toContain('device-list-1');
    // The access check: practitioners do not have viewDeviceSync.
    const refused = await devices(practitioner, 'device-list-1');
    expect(refused.statusCode).toBe(403);
    // Another provider's manager: their own role has the permission, our site is not theirs.
    expect((await devices(other, 'device-x')).statusCode).toBe(404);
  });
});
