import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo';

export const WRITE = { 'X-Requested-With': 'nursery' } as const;

/**
 * Logs in through the API (the login screen has its own tests), so the page's cookie jar carries the
 * session; optionally chooses the site by name.
 */
export async function logInByApi(page: Page, email: string, siteName?: string): Promise<void> {
  const password = createHash('sha512').update(DEMO_PASSWORD).digest('hex');
  const res = await page.request.post('/api/v1/login', { headers: WRITE, data: { email, password } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  if (siteName) {
    const config = await (await page.request.get('/api/v1/config')).json();
    const site = Object.values(config.sitesByID as Record<string, { id: number; name: string }>).find(
      (s) => s.name === siteName,
    );
    if (!site) throw new Error(`no site ${siteName}`);
    await page.request.post('/api/v1/session/site', { headers: WRITE, data: { siteID: site.id } });
  }
}

export interface ConfigType {
  id: number;
  tag: string;
  value: string;
  codes: { id: number; value: string; key?: string | null }[];
}

export async function eventTypes(page: Page): Promise<ConfigType[]> {
  const config = await (await page.request.get('/api/v1/config')).json();
  return config.eventTypes as ConfigType[];
}

export async function typeByTag(page: Page, tag: string): Promise<ConfigType> {
  const type = (await eventTypes(page)).find((t) => t.tag === tag);
  if (!type) throw new Error(`no ${tag} type`);
  return type;
}

/** The logged-in user's key children (ids, from the config). */
export async function keyChildren(page: Page): Promise<number[]> {
  const config = await (await page.request.get('/api/v1/config')).json();
  return config.keyChildren as number[];
}

/** Children of a site (id, names) by the GetChildren query; the session's site when none is given. */
export async function siteChildren(
  page: Page,
  siteID?: number,
): Promise<{ id: number; forename: string; surname: string }[]> {
  const site = siteID ?? (await (await page.request.get('/api/v1/config')).json()).siteID;
  const res = await page.request.post('/graphql', {
    headers: WRITE,
    data: {
      query: 'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id forename surname } }',
      variables: { siteID: site },
    },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.children;
}
