import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { demoSites, demoUsers, freezeClock, pretendNoPin, viewports } from '../pages/demo';
import { HomePage, SitePickerPage } from '../pages/home';
import { LoginPage } from '../pages/login';

/** Screenshots of the key screens, kept as test artefacts (test-results/) for review. */
async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Let fonts settle and transitions finish before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.beforeEach(async ({ page }) => {
  await freezeClock(page);
});

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test.describe(`screens at ${viewportName} size`, () => {
    test.use({ viewport });

    test('login, site picker and Home', async ({ page }, testInfo) => {
      const login = new LoginPage(page);
      await login.open();
      await capture(page, testInfo, `login-${viewportName}`);

      await login.logIn(demoUsers.manager.email);
      const picker = new SitePickerPage(page);
      await expect(picker.root).toBeVisible();
      await capture(page, testInfo, `site-picker-${viewportName}`);

      await picker.choose(demoSites.oakTree);
      const home = new HomePage(page);
      await home.expectLoaded();
      await capture(page, testInfo, `home-manager-${viewportName}`);

      if (await home.burger.isVisible()) {
        await home.burger.click();
        await expect(home.navigation).toBeVisible();
        await capture(page, testInfo, `navigation-open-${viewportName}`);
        await home.burger.click();
      }

      await home.logOut();
      await pretendNoPin(page);
      await login.logIn(demoUsers.practitioner.email);
      await expect(home.pinPrompt).toBeVisible();
      await capture(page, testInfo, `home-practitioner-${viewportName}`);
    });
  });
}
