import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { goOffline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Issue 27 "Offline from the first second": the network goes 500 ms after Home appears on a slow
 * (4x CPU-throttled) tablet. Add, Drafts, Sync and both registers still open, in the same tab (in-app
 * navigation) and in a new tab of the same browser, because the service worker took control at once and
 * precached every screen's code; the shell says how far the device got with "Getting this device ready
 * to work offline… n %" and then "Ready to work offline".
 */

const SCREENS = 'test-results/screens';
const FIRST_LOAD_MS = 30_000;

/** The screens a practitioner reaches for on the floor, and what shows that each one opened. */
const FLOOR_SCREENS = [
  { name: 'Add', hash: '#/add', shown: '[data-qa="event-save-bar"]' },
  { name: 'Drafts', hash: '#/draft', shown: '[data-qa="drafts-page"]' },
  { name: 'Sync', hash: '#/sync', shown: '[data-qa="sync-page"]' },
  { name: 'child register', hash: '#/register', shown: '[data-qa="register-page"]' },
  { name: 'staff register', hash: '#/staff-register', shown: '[data-qa="staff-register-page"]' },
] as const;

async function throttleCpu(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function expectScreen(page: Page, screen: (typeof FLOOR_SCREENS)[number]): Promise<void> {
  await expect(page.locator(screen.shown), `${screen.name} opens offline`).toBeVisible({
    timeout: FIRST_LOAD_MS,
  });
  await expect(page.locator('[data-qa="route-error"]')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test('offline 500 ms after Home on a 4x throttled tablet: Add, Drafts, Sync and both registers open in the same tab and in a new tab', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await throttleCpu(context, page);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await page.waitForTimeout(500);
  await goOffline(page, context);

  // The same tab: in-app navigation, as a tap on the navigation does.
  for (const screen of FLOOR_SCREENS) {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, screen.hash);
    await expectScreen(page, screen);
    await page.screenshot({ path: `${SCREENS}/first-second-same-tab-${screen.hash.slice(2)}.png` });
  }

  // A new tab of the same browser, still offline: the service worker serves the app and every screen.
  const tab = await context.newPage();
  for (const screen of FLOOR_SCREENS) {
    await tab.goto(`/${screen.hash}`);
    await expectScreen(tab, screen);
    await tab.screenshot({ path: `${SCREENS}/first-second-new-tab-${screen.hash.slice(2)}.png` });
  }
});

test('the shell says how far the device got, "Getting this device ready to work offline… n %", then "Ready to work offline"', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await logInByApi(page, demoUsers.practitioner.email);
  await throttleCpu(context, page);
  // Every percentage the banner shows, in order, from the page's first paint.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { readinessSeen: string[] }).readinessSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-qa="offline-first-second"]')?.textContent ?? '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/');
  const banner = page.locator('[data-qa="offline-first-second"]');
  await expect(banner).toHaveText(/^Getting this device ready to work offline… \d{1,3} %$/, {
    timeout: FIRST_LOAD_MS,
  });
  await page.screenshot({ path: `${SCREENS}/first-second-getting-ready.png` });
  await expect(banner).toHaveText('Ready to work offline', { timeout: 120_000 });
  await page.screenshot({ path: `${SCREENS}/first-second-ready.png` });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Real progress: the percentages only go up, and more than one step was shown on the way.
  const seen = await page.evaluate(() => (window as unknown as { readinessSeen: string[] }).readinessSeen);
  const percents = seen
    .map((t) => /(\d+) %/.exec(t)?.[1])
    .filter((p) => p !== undefined)
    .map(Number);
  expect(percents.length).toBeGreaterThan(1);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(seen[seen.length - 1]).toBe('Ready to work offline');
});

test.describe('a screen whose code is not on the device', () => {
  // No service worker and no file of the build reachable once offline: the device never got Add's code.
  test.use({ serviceWorkers: 'block' });

  test('says so with a retry, inside the shell, never "Something went wrong"', async ({
    page,
    context,
  }, testInfo) => {
    // Add's own file never reaches this device: the shell loads the floor screens' code as soon as
    // Home is up (app/floorScreens.ts), so going offline after Home would race that download.
    await page.route('**/assets/EventEditorPage-*', (route) => route.abort('internetdisconnected'));
    await logInByApi(page, demoUsers.practitioner.email);
    await page.goto('/');
    await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
    await goOffline(page, context);
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => {
      window.location.hash = '#/add';
    });
    const notOnDevice = page.locator('[data-qa="route-not-on-device"]');
    await expect(notOnDevice).toBeVisible({ timeout: FIRST_LOAD_MS });
    await expect(notOnDevice.getByRole('heading', { level: 1 })).toHaveText(
      'This screen is not on this device yet',
    );
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    // The navigation stays: the screens that are on the device are a tap away.
    await expect(page.locator('[data-qa="main-navigation"]')).toBeVisible();
    // Still offline, the retry does not trade the app for the browser's "no internet" page.
    await page.locator('[data-qa="route-not-on-device-retry"]').click();
    await expect(page.locator('[data-qa="route-not-on-device-offline"]')).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/first-second-not-on-device.png` });
    await expectTouchSized(page, 'a screen not on the device');
    await expectNoSeriousA11yViolations(page, testInfo, 'a screen not on the device');
  });
});
