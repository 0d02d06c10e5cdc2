// Issue 30: the profile's help, feedback and privacy links from the environment, all optional, with a
// self-hosted install's defaults; the config answer (and the page's embedded copy) carries them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginAs, makeTestApp, type TestApp } from '../test/harness.ts';
import { appLinks, readEnv } from './env.ts';

describe('the profile links from the environment', () => {
  it('has no help or privacy address unless set, and feedback by e-mail to the support address', () => {
    expect(appLinks({})).toEqual({ help: null, feedback: null, privacy: null });
    expect(appLinks({ SUPPORT_EMAIL: 'help@nursery.example' })).toEqual({
      help: null,
      feedback: 'mailto:help@nursery.example?subject=Nursery%20app%20feedback',
      privacy: null,
    });
    // Without a support address, the administrator's (when it is an e-mail address).
    expect(appLinks({ ADMIN_EMAIL: 'admin@nursery.example' }).feedback).toBe(
      'mailto:admin@nursery.example?subject=Nursery%20app%20feedback',
    );
    expect(appLinks({ ADMIN_EMAIL: 'not an address' }).feedback).toBeNull();
  });

  it('takes the addresses set, and refuses anything but http(s) and mailto', () => {
    const env = readEnv({
      HELP_URL: 'https://help.example.org/nursery',
      FEEDBACK_URL: 'https://forms.example.org/feedback',
      PRIVACY_URL: 'https://example.org/privacy',
      SUPPORT_EMAIL: 'help@nursery.example',
    });
    expect(env.links).toEqual({
      help: 'https://help.example.org/nursery',
      feedback: 'https://forms.example.org/feedback',
      privacy: 'https://example.org/privacy',
    });
    expect(readEnv({}).links).toEqual({ help: null, feedback: null, privacy: null });
    expect(() => readEnv({ HELP_URL: 'javascript:alert(1)' })).toThrow();
    expect(() => readEnv({ PRIVACY_URL: 'not a url' })).toThrow();
    expect(() => readEnv({ SUPPORT_EMAIL: 'nobody' })).toThrow();
  });
});

describe('the config answer carries the links', () => {
  let t: TestApp;
  const links = { help: 'https://help.example.org', feedback: 'mailto:help@nursery.example', privacy: null };
  beforeAll(async () => {
    t = await makeTestApp('pglite', { links });
  });
  afterAll(() => t.close());

  it('in GET api/v1/config', async () => {
    const cookie = await loginAs(t.app, DEMO.practitioner);
    const res = await t.app.inject({ url: '/api/v1/config', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().links).toEqual(links);
  });
});
