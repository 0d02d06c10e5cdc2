import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, freezeClock, pretendNoPin, viewports } from '../pages/demo';
import { HomePage, SitePickerPage } from '../pages/home';
import { LoginPage } from '../pages/login';

test.beforeEach(async ({ page }) => {
  await freezeClock(page);
});

for (const [viewportName, viewport] of Object.entries({ tablet: viewports.tablet, phone: viewports.phone })) {
  test.describe(`at ${viewportName} size`, () => {
    test.use({ viewport });

    test('login, site picker and Home have no serious or critical axe violations', async ({
      page,
    }, testInfo) => {
      const login = new LoginPage(page);
      await login.open();
      await expectNoSeriousA11yViolations(page, testInfo, `login-${viewportName}`);

      // The error state too: the alert must be readable.
      await login.logIn(demoUsers.manager.email, 'not-the-password');
      await expect(login.error).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo, `login-error-${viewportName}`);

      await login.logIn(demoUsers.manager.email);
      const picker = new SitePickerPage(page);
      await expect(picker.root).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo, `site-picker-${viewportName}`);

      await picker.choose(demoSites.oakTree);
      const home = new HomePage(page);
      await home.expectLoaded();
      await expectNoSeriousA11yViolations(page, testInfo, `home-manager-${viewportName}`);
    });

    test('Home with the PIN prompt has no serious or critical axe violations', async ({ page }, testInfo) => {
      await pretendNoPin(page);
      const login = new LoginPage(page);
      await login.open();
      await login.logIn(demoUsers.practitioner.email);
      const home = new HomePage(page);
      await expect(home.pinPrompt).toBeVisible();
      await home.pinSave.click(); // show the field errors as well
      await expectNoSeriousA11yViolations(page, testInfo, `home-pin-prompt-${viewportName}`);
    });
  });
}

test('the login page works with the keyboard alone', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await expect(login.email).toBeFocused();
  await page.keyboard.type(demoUsers.practitioner.email);
  await page.keyboard.press('Tab');
  await expect(login.password).toBeFocused();
  await page.keyboard.type('nursery-demo');
  await page.keyboard.press('Enter');
  await new HomePage(page).expectLoaded();
});

test('each page has landmarks and exactly one h1', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  await login.logIn(demoUsers.practitioner.email);
  const home = new HomePage(page);
  await home.expectLoaded();
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('header')).toHaveCount(1);
  await expect(page.locator('nav')).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
});
