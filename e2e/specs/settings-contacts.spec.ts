import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The settings' contacts (issue 29): the list (search, show archived), adding a contact with a field
 * error shown under its field, editing it, linking it to a child, showing its collection password,
 * archiving it after a confirmation and restoring it; the pages at 1024 and 390 px wide; offline the
 * form says so and keeps what was typed.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/settings-contacts-${name}.png`, fullPage: true });

const rows = (page: Page) => page.locator('[data-qa="contacts-row"]');
const unique = () => Date.now().toString(36).slice(-5);

async function openContacts(page: Page) {
  await page.goto('/#/settings/contacts');
  await expect(page.locator('[data-qa="contacts-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

test.use({ viewport: { width: 1024, height: 768 } });

test('list, add with a field error, edit, link a child, show the password, archive and restore', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings');
  await page.locator('[data-qa="settings-card"][data-card="contacts"]').click();
  await expect(page).toHaveURL(/#\/settings\/contacts$/);
  await expect(rows(page)).toHaveCount(25, { timeout: 30_000 });
  await expect(page.locator('[data-qa="contacts-more"]')).toBeVisible();
  await shot(page, 'list-1024');
  await expectTouchSized(page, 'contacts list');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-contacts-list');

  // Search narrows the list by name.
  const surname = (await rows(page).nth(2).locator('[data-qa="contacts-open"]').innerText()).split(',')[0]!;
  await page.locator('[data-qa="contacts-search"]').fill(surname);
  await expect(async () => {
    const names = await page.locator('[data-qa="contacts-open"]').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(25);
  }).toPass({ timeout: 15_000 });

  // Add: a name over 50 characters is shown under its field and nothing is sent.
  await page.locator('[data-qa="contacts-add"]').click();
  await expect(page).toHaveURL(/#\/settings\/contacts\/new$/);
  const name = `Quill${unique()}`;
  await page.locator('[data-qa="contact-forename"]').fill('x'.repeat(51));
  await page.locator('[data-qa="contact-surname"]').fill(name);
  await page.locator('[data-qa="contact-postCode"]').fill('BS1 4DJ');
  await page.locator('[data-qa="contact-collectionPassword"]').fill('blue giraffe');
  await page.locator('[data-qa="contact-create"]').click();
  await expect(page.getByText('This field has a maximum length of 50 characters.')).toBeVisible();
  await expect(page).toHaveURL(/#\/settings\/contacts\/new$/);
  await shot(page, 'new-error-1024');
  await page.locator('[data-qa="contact-forename"]').fill('Ada');
  await page.locator('[data-qa="contact-type"]').selectOption('Grandparent');
  await page.locator('[data-qa="contact-create"]').click();
  await expect(page).toHaveURL(/#\/settings\/contacts\/\d+$/);
  await expect(page.locator('[data-qa="contact-name"]')).toHaveText(`Ada ${name}`);
  await expect(page.locator('[data-qa="contact-links-empty"]')).toBeVisible();

  // Edit: the mobile number.
  await page.locator('[data-qa="contact-telmob"]').fill('07700 900123');
  await page.locator('[data-qa="contact-save"]').click();
  await expect(page.getByText(`Saved Ada ${name}.`)).toBeVisible();

  // The collection password is shown only on demand.
  await expect(page.locator('[data-qa="contact-password-state"]')).toHaveText(
    'A collection password is set.',
  );
  await page.locator('[data-qa="contact-password-show"]').click();
  await expect(page.locator('[data-qa="contact-password-value"]')).toHaveText('blue giraffe');

  // Link a child found by name.
  await page.locator('[data-qa="contact-link-find"]').fill('an');
  const choice = page.locator('[data-qa="contact-link-choice"]').first();
  await expect(choice).toBeVisible({ timeout: 15_000 });
  await page
    .locator('[data-qa="contact-link-add"] [data-qa="contact-link-relationship"]')
    .fill('Grandmother');
  await choice.click();
  const link = page.locator('[data-qa="contact-link"]');
  await expect(link).toHaveCount(1);
  await expect(link.locator('[data-qa="contact-link-relationship"]')).toHaveValue('Grandmother');
  await shot(page, 'detail-1024');
  await expectTouchSized(page, 'contact page');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-contact');

  // Archive after a confirmation: the link to the current child ends; hidden from the list by default.
  await page.locator('[data-qa="contact-archive"]').click();
  await page.locator('[data-qa="contact-archive-confirm"]').click();
  await expect(page.locator('[data-qa="contact-archived-badge"]')).toBeVisible();
  await expect(link).toHaveCount(0);
  await page.locator('[data-qa="contact-back"]').click();
  await page.locator('[data-qa="contacts-search"]').fill(name);
  await expect(page.locator('[data-qa="contacts-empty"]')).toBeVisible({ timeout: 15_000 });
  await page.locator('[data-qa="contacts-show-archived"]').check();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Archived');
  await rows(page).locator('[data-qa="contacts-open"]').click();
  await page.locator('[data-qa="contact-restore"]').click();
  await expect(page.locator('[data-qa="contact-archived-badge"]')).toHaveCount(0);
  await expect(page.locator('[data-qa="contact-save"]')).toBeVisible();
});

test('the pages at 390 px wide', async ({ page }, testInfo) => {
  await page.setViewportSize(viewports.phone);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await openContacts(page);
  await shot(page, 'list-390');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-contacts-list-phone');
  await rows(page).first().locator('[data-qa="contacts-open"]').click();
  await expect(page.locator('[data-qa="contact-name"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="contact-link"]').first()).toBeVisible();
  await shot(page, 'detail-390');
  await expectTouchSized(page, 'contact page, phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe('offline', () => {
  // No service worker: an API answer it serves from its cache would tell the page it is online again.
  test.use({ serviceWorkers: 'block' });

  test('the add form says it needs a connection, keeps what was typed and adds once back online', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/settings/contacts/new');
    await expect(page.locator('[data-qa="contact-forename"]')).toBeVisible({ timeout: 30_000 });
    await goOffline(page, context);
    await expect(page.locator('[data-qa="contact-offline"]')).toBeVisible();
    const name = `Offline${unique()}`;
    await page.locator('[data-qa="contact-forename"]').fill('Pat');
    await page.locator('[data-qa="contact-surname"]').fill(name);
    await expect(page.locator('[data-qa="contact-create"]')).toBeDisabled();
    await shot(page, 'offline');
    await goOnline(page, context);
    await expect(page.locator('[data-qa="contact-create"]')).toBeEnabled({ timeout: 30_000 });
    await expect(page.locator('[data-qa="contact-surname"]')).toHaveValue(name);
    await page.locator('[data-qa="contact-create"]').click();
    await expect(page.locator('[data-qa="contact-name"]')).toHaveText(`Pat ${name}`);
  });
});
