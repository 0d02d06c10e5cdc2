/**
 * Issue 32: #/settings/device's "Background jobs" section. The e2e server runs the real job queue
 * (pg-boss on its PGlite database), where no job fails: the manager sees the empty state. A failed job
 * is then given to the page as the server answers one (the call intercepted), to check the rows, Retry,
 * the confirmation before Delete, the 44 px controls and axe. A practitioner has no such section.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/background-jobs-${name}.png`, fullPage: true });

const LIST = '/api/v1/settings/background-jobs/dead-letters';

test('the manager sees the failed background jobs, retries one and deletes one after confirming', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/device');
  const section = page.locator('[data-qa="jobs"]');
  await expect(section.getByRole('heading', { name: 'Background jobs' })).toBeVisible({ timeout: 30_000 });
  await expect(section.locator('[data-qa="jobs-empty"]')).toHaveText('No failed background jobs.');

  let letters = [
    {
      id: '3f1c9a52-7d4e-4b8a-9c21-5e6f7a8b9c01',
      job: 'erased-media-files',
      failedAt: '2026-11-20T10:15:00.000Z',
      attempts: 6,
      error: 'EACCES: permission denied, unlink',
    },
    {
      id: '3f1c9a52-7d4e-4b8a-9c21-5e6f7a8b9c02',
      job: 'erased-media-files',
      failedAt: '2026-11-20T09:00:00.000Z',
      attempts: 6,
      error: 'EIO: i/o error',
    },
  ];
  const sent: string[] = [];
  await page.route(`**${LIST}**`, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'GET')
      return route.fulfill({
        json: { deadLetters: letters, permittedActions: { retry: true, delete: true } },
      });
    const path = new URL(request.url()).pathname;
    sent.push(`${request.method()} ${path}`);
    letters = letters.filter((l) => !path.includes(l.id));
    return route.fulfill({ status: 204 });
  });
  await page.reload();
  const rows = section.locator('[data-qa="jobs-letter"]');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await expect(rows.first()).toContainText('Deleting erased photos and videos');
  await expect(rows.first()).toContainText('EACCES: permission denied, unlink');
  await expect(rows.first()).toContainText('6');
  await shot(page, 'letters-1024');
  await expectTouchSized(page, 'background jobs');
  await expectNoSeriousA11yViolations(page, testInfo, 'background-jobs');

  // Retry: sent at once, the list read again.
  await rows.first().locator('[data-qa="jobs-letter-retry"]').click();
  await expect(rows).toHaveCount(1);
  expect(sent).toEqual([`POST ${LIST}/3f1c9a52-7d4e-4b8a-9c21-5e6f7a8b9c01/retry`]);

  // Delete asks first: cancelling sends nothing.
  await rows.first().locator('[data-qa="jobs-letter-delete"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete this failed job?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toHaveLength(1);
  await rows.first().locator('[data-qa="jobs-letter-delete"]').click();
  await page.locator('[data-qa="jobs-delete-confirm"]').click();
  await expect(section.locator('[data-qa="jobs-empty"]')).toBeVisible();
  expect(sent[1]).toBe(`DELETE ${LIST}/3f1c9a52-7d4e-4b8a-9c21-5e6f7a8b9c02`);
});

test('the failed jobs that cannot be loaded show an error with Retry', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.route(`**${LIST}**`, (route) =>
    route.fulfill({ status: 500, json: { err: { code: 'err-unknown', message: 'x' } } }),
  );
  await page.goto('/#/settings/device');
  const section = page.locator('[data-qa="jobs"]');
  await expect(section.locator('[data-qa="jobs-error"]')).toContainText('Unable to load the failed jobs.', {
    timeout: 30_000,
  });
  await expect(section.locator('[data-qa="jobs-retry"]')).toBeVisible();
});

test('a practitioner has no background jobs section', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/settings/device');
  await expect(page.locator('[data-qa="device-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-qa="jobs"]')).toHaveCount(0);
});
