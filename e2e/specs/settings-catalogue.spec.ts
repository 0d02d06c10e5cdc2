import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The settings hub's catalogue pages (issue 29): the read-only cards show today's configuration (the
 * provider's name and features; a card with nothing set up says so), and the Frameworks page switches a
 * framework off at a site (it leaves that site's pickers: the floor's frameworks answer) and back on,
 * and stars a favourite. The practitioner has none of the cards; offline the pages say they need a
 * connection.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/settings-catalogue-${name}.png`, fullPage: true });

test.use({ viewport: { width: 1024, height: 768 } });

const floorFrameworkNames = async (page: Page): Promise<string[]> => {
  const config = await (await page.request.get('/api/v1/config')).json();
  const answer = await (await page.request.get(`/api/v1/frameworks?siteID=${config.siteID}`)).json();
  return (answer.frameworks as { name: string }[]).map((f) => f.name);
};

test('the manager reads the provider card and a card with nothing set up', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/categories/organisation');
  await page.locator('[data-qa="settings-card"][data-card="provider"]').click();
  await expect(page).toHaveURL(/#\/settings\/provider$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Provider');
  await expect(page.locator('[data-qa="settings-overview-about"]')).toHaveText(
    "Your organisation's name and the features it has switched on.",
  );
  const fact = (key: string) => page.locator(`[data-qa="settings-overview-fact"][data-key="${key}"]`);
  await expect(fact('name')).toContainText('Name');
  await expect(fact('sites')).toContainText(/Sites\s*2/);
  await expect(fact('enableSpotlight')).toContainText(/Spotlight.*On/);
  await expect(fact('enableRestrictStaffRegisterAmendments')).toContainText(/Off$/);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await shot(page, 'provider-1024');
  await expectTouchSized(page, 'provider card');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-provider');

  await page.goto('/#/settings/payment');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
  await expect(page.locator('[data-qa="settings-overview-not-set-up"]')).toContainText('Not set up');
  await page.goto('/#/settings/openapi');
  await expect(page.locator('[data-qa="settings-overview-fact"][data-key="apiDescription"]')).toContainText(
    '/api/docs',
  );
  await page.setViewportSize(viewports.phone);
  await page.goto('/#/settings/provider');
  await expect(page.locator('[data-qa="settings-overview-fact"]').first()).toBeVisible();
  await shot(page, 'provider-390');
  await expectTouchSized(page, 'provider card, phone');
});

test('the manager switches a framework off at a site and back on, and stars a favourite', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/categories/learning-and-care');
  await page.locator('[data-qa="settings-card"][data-card="frameworks"]').click();
  await expect(page).toHaveURL(/#\/settings\/frameworks$/);
  const rows = page.locator('[data-qa="frameworks-row"]');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const row = rows.filter({ hasText: 'Development Matters' }).first();
  const atSite = row.getByRole('switch');
  await expect(atSite).toBeChecked();
  await shot(page, 'frameworks-1024');
  await expectTouchSized(page, 'frameworks page');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-frameworks');

  // Off at Oak Tree: the site's pickers no longer offer it.
  await row.locator('[data-qa="frameworks-at-site"]').click();
  await expect(page.getByText(/Development Matters.* is off at Oak Tree Nursery\./).last()).toBeVisible();
  await expect(atSite).not.toBeChecked();
  const offersDM = async () =>
    (await floorFrameworkNames(page)).some((n) => n.includes('Development Matters'));
  await expect.poll(offersDM).toBe(false);
  await page.reload();
  await expect(rows.filter({ hasText: 'Development Matters' }).first().getByRole('switch')).not.toBeChecked({
    timeout: 30_000,
  });
  // And back on.
  await rows
    .filter({ hasText: 'Development Matters' })
    .first()
    .locator('[data-qa="frameworks-at-site"]')
    .click();
  await expect(page.getByText(/Development Matters.* is on at Oak Tree Nursery\./).last()).toBeVisible();
  await expect.poll(offersDM).toBe(true);

  // A favourite is the user's own list (the one Spotlight's picker reads).
  const star = rows.filter({ hasText: 'Development Matters' }).first().getByRole('checkbox');
  const before = await star.isChecked();
  await star.click();
  const frameworkId = await row.getAttribute('data-framework');
  const starred = async () =>
    (await (await page.request.get('/api/v1/favourite-frameworks')).json()).frameworkIDs.includes(
      frameworkId,
    );
  await expect.poll(starred).toBe(!before);
  await star.click();
  await expect.poll(starred).toBe(before);
  await expect(star).toBeChecked({ checked: before });

  // The search narrows the list; nothing matching says so.
  await page.locator('[data-qa="frameworks-search"]').fill('zzz');
  await expect(page.locator('[data-qa="frameworks-no-match"]')).toHaveText('No framework matches “zzz”.');
  await page.locator('[data-qa="frameworks-search"]').fill('');
  await page.setViewportSize(viewports.phone);
  await page.reload();
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'frameworks-390');
  await expectTouchSized(page, 'frameworks page, phone');
});

test('the practitioner has none of the cards and the pages say so', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/settings');
  await expect(page.locator('[data-qa="settings-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="settings-card"][data-card="provider"]')).toHaveCount(0);
  await expect(page.locator('[data-qa="settings-card"][data-card="frameworks"]')).toHaveCount(0);
  await page.goto('/#/settings/provider');
  await expect(page.locator('[data-qa="settings-overview-no-access"]')).toBeVisible();
  await page.goto('/#/settings/frameworks');
  await expect(page.locator('[data-qa="frameworks-no-access"]')).toBeVisible();
  expect((await page.request.get('/api/v1/settings/overview/provider')).status()).toBe(403);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'block' });

  test('offline the Frameworks page says it needs a connection and its switches wait', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/settings/frameworks');
    await expect(page.locator('[data-qa="frameworks-row"]').first()).toBeVisible({ timeout: 30_000 });
    await goOffline(page, context);
    // A request already answered while the network went (the device's preparation) may mark the app online
    // again after the browser's 'offline' event: the event is sent once more, now that every call fails.
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.locator('[data-qa="frameworks-offline"]')).toHaveText(
      'You are offline. This page needs a connection.',
    );
    await page.locator('[data-qa="frameworks-search"]').fill('Leuven');
    await expect(page.locator('[data-qa="frameworks-row"]').first().getByRole('switch')).toBeDisabled();
    await goOnline(page, context);
    await expect(page.locator('[data-qa="frameworks-row"]').first().getByRole('switch')).toBeEnabled({
      timeout: 30_000,
    });
    await expect(page.locator('[data-qa="frameworks-search"]')).toHaveValue('Leuven');
  });
});

test('the manager adds, edits, disables, archives and restores a meal type', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/categories/learning-and-care');
  await page.locator('[data-qa="settings-card"][data-card="meals"]').click();
  await expect(page).toHaveURL(/#\/settings\/meals$/);
  const rows = page.locator('[data-qa="meals-row"]');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });

  // A name too long is refused under the field, before anything is sent.
  await page.locator('[data-qa="meals-new-name"]').fill('x'.repeat(51));
  await page.locator('[data-qa="meals-add"]').click();
  await expect(page.getByText('This field has a maximum length of 50 characters.').first()).toBeVisible();
  const name = `Supper ${Date.now().toString(36)}`;
  await page.locator('[data-qa="meals-new-name"]').fill(name);
  await page.locator('[data-qa="meals-add"]').click();
  await expect(page.getByText(`Added ${name}.`).last()).toBeVisible();
  await page.locator('[data-qa="meals-search"]').fill(name);
  const row = page.locator(`[data-qa="meals-row"][data-name="${name}"]`);
  await expect(rows).toHaveCount(1);
  await expect(row).toBeVisible();
  await shot(page, 'meals-1024');
  await expectTouchSized(page, 'meals page');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-meals');

  // Renamed and disabled: the floor's meal pickers no longer offer it.
  const renamed = `${name} late`;
  await row.locator('[data-qa="meals-row-name"]').fill(renamed);
  await row.locator('[data-qa="meals-row-enabled"]').click();
  await row.locator('[data-qa="meals-save"]').click();
  await expect(page.getByText(`Saved ${renamed}.`).last()).toBeVisible();
  await page.locator('[data-qa="meals-search"]').fill(renamed);
  const renamedRow = page.locator(`[data-qa="meals-row"][data-name="${renamed}"]`);
  await expect(renamedRow).toContainText('Disabled');
  const floorTypes = async () => {
    const config = await (await page.request.get('/api/v1/config')).json();
    const answer = await (await page.request.get(`/api/v1/meals?siteID=${config.siteID}`)).json();
    return (answer.mealTypes as { name: string }[]).map((m) => m.name);
  };
  expect(await floorTypes()).not.toContain(renamed);

  // Archived after a confirmation: hidden unless archived ones are shown, then restored.
  await renamedRow.locator('[data-qa="meals-archive"]').click();
  await page.locator('[data-qa="meals-archive-confirm"]').click();
  await expect(page.getByText(`Archived ${renamed}.`).last()).toBeVisible();
  await expect(page.locator('[data-qa="meals-empty"]')).toHaveText(`No meal type matches “${renamed}”.`);
  await page.locator('[data-qa="meals-show-archived"]').click();
  await expect(renamedRow).toContainText('Archived');
  await renamedRow.locator('[data-qa="meals-restore"]').click();
  await expect(page.getByText(`Restored ${renamed}.`).last()).toBeVisible();
  await expect(renamedRow.locator('[data-qa="meals-row-name"]')).toHaveValue(renamed);
  await page.setViewportSize(viewports.phone);
  await page.reload();
  await expect(page.locator('[data-qa="meals-row"]').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'meals-390');
  await expectTouchSized(page, 'meals page, phone');
});
