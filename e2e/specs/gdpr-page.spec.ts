import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * #/gdpr (issue 29): the manager raises a request to erase a child's data and one for a parent's, each
 * then waiting for approval in the list (her own: approval disabled); a second request for the same child
 * is refused with the page's words. The practitioner has no access.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/gdpr-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

async function choose(page: Page, qa: string, option: RegExp) {
  await page.locator(`[data-qa="${qa}"]`).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the manager raises erasure requests for a child and a parent from the hub', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings');
  await page.locator('[data-qa="settings-card"][data-card="gdpr"]').click();
  await expect(page).toHaveURL(/#\/gdpr$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GDPR erasure requests');

  // The last child of the list without a pending request, by the API (the list is by surname).
  const config = await (await page.request.get('/api/v1/config')).json();
  const pending = (await (await page.request.get('/api/v1/gdpr-erasure-requests')).json()).requests as {
    child: { id: number } | null;
  }[];
  const taken = new Set(pending.map((r) => r.child?.id));
  const children = (
    await (
      await page.request.post('/graphql', {
        headers: { 'X-Requested-With': 'nursery' },
        data: { query: `{ children(siteID: ${config.siteID}) { id forename surname } }` },
      })
    ).json()
  ).data.children as { id: number; forename: string; surname: string }[];
  const child = children.filter((c) => !taken.has(c.id)).at(-1)!;
  const name = `${child.forename} ${child.surname}`;

  await choose(page, 'gdpr-child', new RegExp(`^${name}`));
  await page.locator('[data-qa="gdpr-reason"]').fill('The family has left and asked for erasure.');
  await shot(page, 'raise');
  await expectTouchSized(page, 'gdpr page');
  await expectNoSeriousA11yViolations(page, testInfo, 'gdpr-page');
  await page.locator('[data-qa="gdpr-raise"]').click();
  await expect(page.getByText(`Erasure request raised for ${name}.`, { exact: false })).toBeVisible();
  const card = page.locator('[data-qa="gdpr-request"]').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.locator('[data-qa="gdpr-request-approve"]')).toBeDisabled();

  // The same child again: refused, nothing added.
  await choose(page, 'gdpr-child', new RegExp(`^${name}`));
  await page.locator('[data-qa="gdpr-raise"]').click();
  await expect(page.locator('[data-qa="gdpr-problem"]')).toHaveText(
    'An erasure request for them is already waiting for approval.',
  );
  await expect(card).toHaveCount(1);

  // A parent of another child.
  const other = children.filter((c) => c.id !== child.id && !taken.has(c.id)).at(-1)!;
  await choose(page, 'gdpr-child', new RegExp(`^${other.forename} ${other.surname}`));
  await page.locator('[data-qa="gdpr-subject-contact"]').check();
  await page.locator('[data-qa="gdpr-contact"]').click();
  const contactOption = page.getByRole('option').first();
  const contactName = (await contactOption.textContent())!.trim();
  await contactOption.click();
  await page.locator('[data-qa="gdpr-raise"]').click();
  await expect(page.getByText(`Erasure request raised for ${contactName}.`, { exact: false })).toBeVisible();
  await expect(
    page.locator('[data-qa="gdpr-request"]').filter({ hasText: contactName }).first(),
  ).toBeVisible();
  await shot(page, 'raised');
});

test('the practitioner has no access to #/gdpr and no GDPR card', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/gdpr');
  await expect(page.locator('[data-qa="gdpr-no-access"]')).toBeVisible({ timeout: 30_000 });
  await page.goto('/#/settings');
  await expect(page.locator('[data-qa="settings-page"]')).toBeVisible();
  await expect(page.locator('[data-qa="settings-card"][data-card="gdpr"]')).toHaveCount(0);
});
