import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { texts as tx } from '../pages/texts';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Home's agenda and today's bookings (issue 15; spec 002 §2, §3 Agenda day, §5 Reminders, §8, §9): a
 * reminder for two children added through the modal (its form survives an accidental close) and seen
 * in the agenda; the agenda opened again with no network from the device's copy with the warnings; and
 * the error without a copy.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/home-agenda-${name}.png` });

test.use({ viewport: viewports.tablet });

const agenda = (page: Page) => page.locator('[data-qa="widget-agenda"]');
const days = (page: Page) => agenda(page).locator('[data-qa="agenda-day"]');
const modal = (page: Page) => page.locator('.mantine-Modal-content');

test('the manager adds a reminder for two children, sees it in the agenda, and reads the agenda offline', async ({
  page,
  context,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(agenda(page).getByRole('heading', { level: 2 })).toHaveText(tx['agenda-title']);
  // Today to two days ahead, labelled; every day open (issue 27: Today too).
  await expect(days(page)).toHaveCount(3, { timeout: 30_000 });
  await expect(days(page).nth(0).locator('[data-qa="agenda-day-toggle"]')).toContainText(tx['agenda-today']);
  await expect(days(page).nth(1).locator('[data-qa="agenda-day-toggle"]')).toContainText(
    tx['agenda-tomorrow'],
  );
  await expect(days(page).nth(0)).toHaveAttribute('data-open', 'true');
  await expect(days(page).nth(1)).toHaveAttribute('data-open', 'true');
  await expect(page.locator('[data-qa="widget-bookings"]')).toBeVisible();
  await shot(page, 'loaded');
  await expectTouchSized(page, 'home with the agenda');
  await expectNoSeriousA11yViolations(page, testInfo, 'home agenda');

  // The modal: saving with nobody chosen gives the spec's message.
  await page.locator('[data-qa="agenda-add-reminder"]').click();
  await expect(modal(page)).toBeVisible();
  const rows = modal(page).locator('[data-qa^="reminder-child-"]');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await modal(page).locator('[data-qa="reminder-save"]').click();
  await expect(modal(page).locator('[data-qa="reminder-subjects-error"]')).toHaveText(
    tx['select-child-or-staff'],
  );

  // Two children found by forename + surname in any case.
  const names: string[] = [];
  for (const index of [0, 1]) {
    const row = rows.nth(index);
    const name = (await row.locator('[data-qa="reminder-person-name"]').textContent())!.trim();
    names.push(name);
  }
  const search = modal(page).locator('[data-qa="reminder-search"]');
  for (const name of names) {
    await search.fill(name.toUpperCase());
    await expect(rows).not.toHaveCount(0);
    await expect(rows.first()).toContainText(name);
    await rows.first().getByRole('checkbox').check();
  }
  await search.fill('');
  await expect(modal(page).locator('[data-qa="reminder-chosen"]')).toHaveText('2 chosen');
  const notes = `  Bring wellies for the walk ${Date.now()}\n\n\n  `;
  await modal(page).locator('[data-qa="reminder-notes"]').fill(notes);
  await expectTouchSized(page, 'the reminder modal');
  await expectNoSeriousA11yViolations(page, testInfo, 'reminder modal');
  await shot(page, 'modal');

  // Closed by accident (Escape): nothing typed is lost.
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await page.locator('[data-qa="agenda-add-reminder"]').click();
  await expect(modal(page).locator('[data-qa="reminder-notes"]')).toHaveValue(notes);
  await expect(modal(page).locator('[data-qa="reminder-chosen"]')).toHaveText('2 chosen');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/events') && r.request().method() === 'POST',
  );
  await modal(page).locator('[data-qa="reminder-save"]').click();
  const answer = await (await saved).json();
  expect((await saved).status()).toBe(201);
  await expect(modal(page)).toHaveCount(0);
  await expect(agenda(page).locator('[data-qa="agenda-reminder-saved"]')).toHaveText(tx['reminder-saved']);

  // Due today: on the first day, open; one row per child, the notes trimmed.
  await expect(days(page).nth(0)).toHaveAttribute('data-open', 'true');
  const items = days(page).nth(0).locator(`[data-qa="agenda-item"][data-event-id="${answer.id}"]`);
  await expect(items).toHaveCount(2);
  for (const name of names) await expect(items.filter({ hasText: name })).toHaveCount(1);
  await expect(items.first()).toContainText(notes.trim());
  await expect(items.first().locator('[data-qa="agenda-edit-reminder"]')).toBeVisible();
  await shot(page, 'reminder');

  // Offline: Home from the device's copy (persisted under the version-5 key), with the warnings.
  await waitForServiceWorker(page);
  // The copy written after the save (it holds the new reminder), not an earlier one.
  await expect
    .poll(
      async () => {
        const copy = await persistedCopy(page);
        return /\[\\*"home\\*",\\*"overview\\*",5,\d+\]/.test(copy) && copy.includes(notes.trim());
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await goOffline(page, context);
  await page.reload();
  await expect(days(page)).toHaveCount(3, { timeout: 30_000 });
  await expect(agenda(page).locator('[data-qa="widget-agenda-offline"]')).toHaveText(
    tx['widget-agenda-offline-link'],
  );
  // How old the copy is, said once for the page (in Home's alerts), not again in each widget.
  await expect(page.locator('[data-qa="data-fetched"]')).toHaveCount(1);
  await expect(page.locator('[data-qa="home-alerts"] [data-qa="data-fetched"]')).toContainText(
    'This data was fetched:',
  );
  await expect(days(page).nth(0)).toHaveAttribute('data-open', 'true');
  await expect(days(page).nth(0).locator(`[data-event-id="${answer.id}"]`)).toHaveCount(2);
  await page.locator('[data-qa="agenda-add-reminder"]').click();
  await expect(agenda(page).locator('[data-qa="agenda-reminder-offline"]')).toHaveText(
    tx['create-reminder-offline'],
  );
  await days(page)
    .nth(0)
    .locator(`[data-event-id="${answer.id}"] [data-qa="agenda-edit-reminder"]`)
    .first()
    .click();
  await expect(agenda(page).locator('[data-qa="agenda-reminder-offline"]')).toHaveText(
    "You can't edit reminders when in offline mode, please go online and try again",
  );
  await expect(modal(page)).toHaveCount(0);
  await shot(page, 'offline');
  await goOnline(page, context);
});

test('with no copy on the device and no network the agenda says so', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.route('**/api/v1/home/overview**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(agenda(page).locator('[data-qa="widget-agenda-offline-no-cache"]')).toHaveText(
    tx['home-offline-no-cache-data'],
    { timeout: 30_000 },
  );
  await shot(page, 'no-copy');
});
