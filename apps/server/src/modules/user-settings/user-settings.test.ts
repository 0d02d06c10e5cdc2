// PUT api/v1/userSettings (spec 002 §7, issue 30): the signed-in user's own input box colour and line
// height, validated by the shared schema, last write wins, seen by the config and the next log-in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO,
  describeEachDb,
  loginAs,
  makeTestApp,
  type TestApp,
  WRITE_HEADERS,
} from '../../test/harness.ts';

describeEachDb('user settings', (kind) => {
  let t: TestApp;
  let practitioner: string;
  let manager: string;
  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/userSettings',
      headers: { ...WRITE_HEADERS, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const configOf = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().userSettings as { inputBoxColour: string; lineHeight: number };
  };
  const body = (newColour: string, newLineHeight: number, savedColour = 'FFFFFF', savedLineHeight = 2) => ({
    newColour,
    savedColour,
    newLineHeight,
    savedLineHeight,
  });

  beforeAll(async () => {
    t = await makeTestApp(kind);
    practitioner = await loginAs(t.app, DEMO.practitioner);
    manager = await loginAs(t.app, DEMO.manager);
  });
  afterAll(() => t.close());

  it('saves the colour and line height; the config and a new log-in carry them', async () => {
    const res = await put(practitioner, body('afd3e1', 2.5));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userSettings: { inputBoxColour: 'AFD3E1', lineHeight: 2.5 },
      replacedOtherChange: false,
    });
    expect(await configOf(practitioner)).toEqual({ inputBoxColour: 'AFD3E1', lineHeight: 2.5 });
    const again = await loginAs(t.app, DEMO.practitioner);
    expect(await configOf(again)).toEqual({ inputBoxColour: 'AFD3E1', lineHeight: 2.5 });
    // Only the caller's own settings change.
    expect(await configOf(manager)).toEqual({ inputBoxColour: 'FFFFFF', lineHeight: 2 });
  });

  it('keeps the last write and says when it replaced a change made elsewhere meanwhile', async () => {
    // The device believed White/2 was stored, but Aqua/2.5 is (the test above, "another device").
    const res = await put(practitioner, body('EEE8AA', 3, 'FFFFFF', 2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userSettings: { inputBoxColour: 'EEE8AA', lineHeight: 3 },
      replacedOtherChange: true,
    });
    expect(await configOf(practitioner)).toEqual({ inputBoxColour: 'EEE8AA', lineHeight: 3 });
    const next = await put(practitioner, body('FFFFFF', 2, 'EEE8AA', 3));
    expect(next.json().replacedOtherChange).toBe(false);
  });

  it.each([
    ['an unknown colour', body('000000', 2)],
    ['a colour with #', body('#FFFFFF', 2)],
    ['an unknown line height', body('FFFFFF', 1.5)],
    ['an unknown saved line height', body('FFFFFF', 2, 'FFFFFF', 4)],
    ['a missing field', { newColour: 'FFFFFF', newLineHeight: 2 }],
    ['a string line height', body('FFFFFF', '2' as unknown as number)],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const res = await put(practitioner, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(await configOf(practitioner)).toEqual({ inputBoxColour: 'FFFFFF', lineHeight: 2 });
  });

  it('needs a session and the CSRF header', async () => {
    expect((await put(undefined, body('AFD3E1', 2))).statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/userSettings',
      headers: { cookie: practitioner },
      payload: body('AFD3E1', 2),
    });
    expect(noHeader.statusCode).toBe(403);
    expect(await configOf(practitioner)).toEqual({ inputBoxColour: 'FFFFFF', lineHeight: 2 });
  });
});
