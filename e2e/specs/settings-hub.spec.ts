import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The settings hub (issue 29): #/settings with its cards by permission (the Device card always), a
 * category page with its tabs, and the Permissions page: a role change applies at once to the other
 * user's next request, so the card appears and goes again on their hub; the last holder of
 * settingsPermissions cannot remove it; offline the page says so and keeps what was typed.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/settings-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

const cards = (page: Page) => page.locator('[data-qa="settings-card"]');

async function openHub(page: Page) {
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="settings-menu"]').click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.locator('[data-qa="settings-page"]')).toBeVisible();
}

async function setPractitionerPermission(page: Page, on: boolean) {
  const role = page.locator('[data-qa="permissions-role"][data-role="Practitioner"]');
  if (!(await role.locator('[data-qa="permissions-role-name"]').isVisible()))
    await role.getByRole('button').first().click();
  const box = role.locator('[data-permission="settingsPermissions"]');
  await (on ? box.check() : box.uncheck());
  await role.locator('[data-qa="permissions-save"]').click();
  await expect(page.getByText('Saved Practitioner.').last()).toBeVisible();
  await expect(role.locator('[data-qa="permissions-save"]')).toBeDisabled();
}

test('the manager’s hub, a category with its tabs, and the Permissions page', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await openHub(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.locator('[data-qa="settings-category"]')).toHaveCount(4);
  await expect(cards(page)).toHaveText([
    /^Provider/,
    /^Sites and rooms/,
    /^Payment/,
    /^Parent app/,
    /^API access/,
    /^Permissions/,
    /^GDPR erasure requests/,
    /^Staff/,
    /^Children/,
    /^Contacts/,
    /^Add a contact/,
    /^Meals/,
    /^Frameworks/,
    /^Documents/,
    /^Activities/,
    /^This device/,
  ]);
  await shot(page, 'hub-manager');
  await expectTouchSized(page, 'settings hub');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-hub');

  await page.getByRole('link', { name: 'Open People' }).click();
  await expect(page).toHaveURL(/#\/settings\/categories\/people$/);
  await expect(page.locator('[data-qa="settings-tab-settings"]')).toBeVisible();
  await expect(cards(page)).toHaveText([/^Permissions/, /^GDPR erasure requests/]);
  await expectTouchSized(page, 'settings category');

  await cards(page).first().click();
  await expect(page).toHaveURL(/#\/settings\/permissions$/);
  const roles = page.locator('[data-qa="permissions-role"]');
  await expect(roles).toHaveCount(2);
  await expect(roles.first()).toContainText('Manager');
  await roles.nth(1).getByRole('button').first().click();
  await expect(roles.nth(1).locator('[data-permission="checkIn"]')).toBeChecked();
  await expect(roles.nth(1).locator('[data-permission="settingsPermissions"]')).not.toBeChecked();
  await expect(roles.nth(1).locator('[data-qa="permissions-save"]')).toBeVisible();
  // The accordion opens with a 200 ms animation: the picture is taken once it is open.
  await page.waitForTimeout(400);
  await shot(page, 'permissions');
  await expectTouchSized(page, 'permissions page');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-permissions');

  // An unknown category says so.
  await page.goto('/#/settings/categories/nowhere');
  await expect(page.locator('[data-qa="settings-category-not-found"]')).toBeVisible();
});

test('a role change adds a card to the practitioner’s hub and removing it takes the card away', async ({
  page,
  browser,
}) => {
  const practitionerContext = await browser.newContext({ viewport: viewports.tablet });
  const practitioner = await practitionerContext.newPage();
  try {
    await logInByApi(practitioner, demoUsers.practitioner.email, demoSites.oakTree);
    await openHub(practitioner);
    // Only the Device card: the other categories are hidden.
    await expect(practitioner.locator('[data-qa="settings-category"]')).toHaveCount(1);
    await expect(cards(practitioner)).toHaveText([/^This device/]);
    await shot(practitioner, 'hub-practitioner');

    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/settings/permissions');
    await setPractitionerPermission(page, true);
    // The practitioner's session has it on its next request: a fresh load of the hub shows the card.
    await expect
      .poll(async () => {
        await practitioner.reload();
        await expect(practitioner.locator('[data-qa="settings-page"]')).toBeVisible({ timeout: 30_000 });
        return practitioner.locator('[data-qa="settings-card"][data-card="permissions"]').count();
      })
      .toBe(1);

    await setPractitionerPermission(page, false);
    await expect
      .poll(async () => {
        await practitioner.reload();
        await expect(practitioner.locator('[data-qa="settings-page"]')).toBeVisible({ timeout: 30_000 });
        return practitioner.locator('[data-qa="settings-card"][data-card="permissions"]').count();
      })
      .toBe(0);

    // With the practitioner back to her role, the manager is the last holder: removing it is refused.
    const managerRole = page.locator('[data-qa="permissions-role"][data-role="Manager"]');
    await managerRole.getByRole('button').first().click();
    await managerRole.locator('[data-permission="settingsPermissions"]').uncheck();
    await managerRole.locator('[data-qa="permissions-save"]').click();
    await expect(managerRole.locator('[data-qa="permissions-problem"]')).toHaveText(
      'At least one member of staff must keep the permission to change permissions.',
    );
    await shot(page, 'permissions-refused');
  } finally {
    await practitionerContext.close();
  }
});

test.describe('offline', () => {
  // No service worker: an API answer it serves from its cache would tell the page it is online again.
  test.use({ serviceWorkers: 'block' });

  test('offline the Permissions page says so, keeps what was typed and saves once back online', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/settings/permissions');
    await expect(page.locator('[data-qa="permissions-role"]')).toHaveCount(2, { timeout: 30_000 });
    await goOffline(page, context);
    await expect(page.locator('[data-qa="permissions-offline"]')).toHaveText(
      'You are offline. Changing permissions needs a connection; what you type is kept until you are back online.',
    );
    const name = `Room lead ${Date.now().toString(36)}`;
    await page.locator('[data-qa="permissions-new-name"]').fill(name);
    await expect(page.locator('[data-qa="permissions-add"]')).toBeDisabled();
    await shot(page, 'permissions-offline');
    await goOnline(page, context);
    await expect(page.locator('[data-qa="permissions-add"]')).toBeEnabled({ timeout: 30_000 });
    await expect(page.locator('[data-qa="permissions-new-name"]')).toHaveValue(name);
    await page.locator('[data-qa="permissions-add"]').click();
    const added = page.locator(`[data-qa="permissions-role"][data-role="${name}"]`);
    await expect(added).toContainText('Held by nobody');
    // A role nobody holds can be deleted, after a confirmation.
    await added.getByRole('button').first().click();
    await added.locator('[data-qa="permissions-delete"]').click();
    await page.locator('[data-qa="permissions-delete-confirm"]').click();
    await expect(added).toHaveCount(0);
  });
});
