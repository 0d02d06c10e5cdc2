import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, freezeClock, viewports } from '../pages/demo';
import { EmergencyPage, emergencyTexts as tx } from '../pages/emergency';
import { persistedCopy, waitForServiceWorker } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Emergency contacts (spec 002 §2 "Other screens", §8): Willow Nursery holds the demo's one child
 * without contacts. Loaded, a room and 'show all at site', a letter quick link, no known contacts,
 * opened again with no network from the device's copy, and 'err-register-not-available' without one.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/emergency-${name}.png` });

interface Answer {
  children: { id: number; surname: string; roomID: number | null; contacts: unknown[] }[];
}

test.use({ viewport: viewports.tablet });

test('the manager finds a child by letter, filters by room, shows all, and opens the list offline', async ({
  page,
  context,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.willow);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  // The navigation entry (viewChildContacts).
  await page.locator('[data-qa="nav-emergency"]').first().click();
  const list = new EmergencyPage(page);
  await list.expectLoaded();
  await expect(page).toHaveURL(/#\/emergency$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tx['emergency-title']);
  await expect(list.fetched).toContainText('This data was fetched: a few seconds ago');
  await expect(list.fetched).toHaveAttribute('data-stale', 'false');

  const config = await (await page.request.get('/api/v1/config')).json();
  const answer = (await (
    await page.request.get(`/api/v1/sites/${config.siteID}/emergency-contacts`)
  ).json()) as Answer;
  // Every child of the site at first (no room chosen on this device yet), one line per contact.
  await expect(list.children).toHaveCount(answer.children.length);
  const first = answer.children.find((c) => c.contacts.length > 1)!;
  await expect(list.child(first.id).locator('[data-qa="emergency-contact"]')).toHaveCount(
    first.contacts.length,
  );
  await expect(list.child(first.id).locator('[data-qa="emergency-telmob"] a').first()).toHaveAttribute(
    'href',
    /^tel:07700900\d{3}$/,
  );
  await expect(page.locator('thead th').first()).toHaveText(tx['emergency-col-name']);

  // The child without contacts.
  const lonely = answer.children.find((c) => c.contacts.length === 0)!;
  await expect(list.child(lonely.id).locator('[data-qa="emergency-no-contacts"]')).toHaveText(
    tx['no-known-contacts'],
  );
  await shot(page, 'loaded');
  await expectTouchSized(page, 'emergency list');
  await expectNoSeriousA11yViolations(page, testInfo, 'emergency');

  // The last letter's quick link brings its group to the top, its heading focused.
  const lastLetter = (await list.letters.last().getAttribute('data-letter'))!;
  await list.letters.last().click();
  const heading = list.group(lastLetter).getByRole('heading', { level: 2 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await shot(page, 'letter');

  // A room: only its children; remembered on the device; 'show all at site' brings them all back.
  const roomID = answer.children.find((c) => c.roomID !== null)!.roomID!;
  const roomName = config.sitesByID[String(config.siteID)].rooms.find((r: { id: number }) => r.id === roomID)
    .name as string;
  await list.chooseRoom(roomName);
  await expect(list.children).toHaveCount(answer.children.filter((c) => c.roomID === roomID).length);
  expect(
    await page.evaluate((siteID) => localStorage.getItem(`nursery.emergency.room:${siteID}`), config.siteID),
  ).toBe(String(roomID));
  await shot(page, 'room');
  await list.showAll.click();
  await expect(list.children).toHaveCount(answer.children.length);
  await expect(list.showAll).toHaveCount(0);

  // Offline: the device's copy (persisted under ['emergency']) opens after a reload with no network.
  await waitForServiceWorker(page);
  await expect
    .poll(async () => /\[\\*"emergency\\*",\d+\]/.test(await persistedCopy(page)), { timeout: 10_000 })
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await list.expectLoaded();
  await expect(list.children).toHaveCount(answer.children.length);
  await expect(list.fetched).toContainText('This data was fetched:');
  await shot(page, 'offline');
  await context.setOffline(false);
});

test('with no copy on the device and no network the list says it is not available', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  // The network fails for this call (the app decides offline from a failed request).
  await page.route('**/api/v1/sites/*/emergency-contacts', (route) => route.abort('internetdisconnected'));
  const list = new EmergencyPage(page);
  await list.open();
  await expect(list.notAvailable).toHaveText(tx['err-register-not-available'], { timeout: 30_000 });
  await expect(list.root).toHaveAttribute('data-status', 'not-available');
  await shot(page, 'not-available');
});

test('data fetched over 8 hours ago carries the warning', async ({ page }) => {
  // The device's clock 9 hours after the server's answer.
  await freezeClock(page, new Date(Date.now() + 9 * 3600_000).toISOString());
  await logInByApi(page, demoUsers.practitioner.email);
  const list = new EmergencyPage(page);
  await list.open();
  await list.expectLoaded();
  await expect(list.fetched).toHaveAttribute('data-stale', 'true');
  await expect(list.fetched).toContainText('This data was fetched: 9 hours ago');
  await expect(page.locator('[data-qa="emergency-stale"]')).toHaveText(tx['emergency-data-stale']);
  await shot(page, 'stale');
});
