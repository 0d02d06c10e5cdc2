import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoSites, demoUsers, freezeClock, pretendNoPin } from '../pages/demo';
import { HomePage, SitePickerPage } from '../pages/home';
import { LoginPage } from '../pages/login';
import { logInByApi } from '../pages/session';
import { texts } from '../pages/texts';

test.beforeEach(async ({ page }) => {
  await freezeClock(page);
});

test('an unauthenticated visit goes to login', async ({ page }) => {
  await page.goto('/#/');
  await expect(page).toHaveURL(/#\/login/);
  const login = new LoginPage(page);
  await expect(login.root).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts['login-title']);
});

test('manager with two sites chooses Oak Tree Nursery and lands on Home', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.manager.email);

  const picker = new SitePickerPage(page);
  await expect(picker.root).toBeVisible();
  await expect(picker.option(demoSites.oakTree)).toBeVisible();
  await expect(picker.option(demoSites.willow)).toBeVisible();
  await picker.choose(demoSites.oakTree);

  const home = new HomePage(page);
  await home.expectLoaded();
  await expect(home.date).toHaveText('Saturday 21 November 2026');
  await expect(home.time).toHaveText('14:05');
  await expect(home.siteName).toHaveText(demoSites.oakTree);
  await expect(home.headerSiteName).toHaveText(demoSites.oakTree);
  await expect(page.locator('[data-qa="user-menu"]')).toContainText(demoUsers.manager.name);
  // The manager has a PIN already (DEMO.md), so no prompt.
  await expect(home.pinPrompt).toHaveCount(0);
});

test('practitioner with one site goes straight to Home', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.practitioner.email);

  const home = new HomePage(page);
  await home.expectLoaded();
  await expect(page.locator('[data-qa="site-picker"]')).toHaveCount(0);
  await expect(page.locator('[data-qa="site-switcher"]')).toHaveCount(0);
  await expect(home.siteName).toHaveText(demoSites.oakTree);
  await expect(home.headerSiteName).toHaveText(demoSites.oakTree);
  await expect(home.dueIn).toBeVisible();
  await expect(home.dueIn).toHaveAttribute('href', '#/register');
});

test('staff without a PIN are asked to set one, and differing PINs are refused', async ({ page }) => {
  await pretendNoPin(page);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.practitioner.email);

  const home = new HomePage(page);
  await expect(home.pinPrompt).toBeVisible();
  await home.pin.fill('1234');
  await home.pinConfirm.fill('4321');
  await home.pinSave.click();
  await expect(home.pinPrompt).toContainText(texts['confirmation-pin-not-the-same']);
  await expect(home.pinPrompt).toBeVisible();

  await home.pin.fill('12');
  await home.pinConfirm.fill('12');
  await home.pinSave.click();
  await expect(home.pinPrompt).toContainText(texts['pin-must-be-4-digits']);
});

test('the parent account is refused with a clear message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.parent.email);
  await expect(login.error).toBeVisible();
  await expect(login.error).toContainText(texts['err-no-staff-access']);
  await expect(page).toHaveURL(/#\/login/);
});

test('a wrong password shows the error and keeps the e-mail address', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.manager.email, `${DEMO_PASSWORD}-wrong`);
  await expect(login.error).toContainText(texts['err-invalid-login']);
  await expect(login.email).toHaveValue(demoUsers.manager.email);
  await expect(login.password).toHaveValue('');
  await expect(login.password).toBeFocused();
});

test('empty fields are reported next to the fields', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.submit.click();
  await expect(login.root).toContainText(texts['login-email-required']);
  await expect(login.root).toContainText(texts['login-password-required']);
  await expect(login.email).toBeFocused();
});

test('after login the user returns to the page they asked for', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(page).toHaveURL(/#\/login\?next=%2Fno-such-page/);
  await new LoginPage(page).logIn(demoUsers.practitioner.email);
  await expect(page).toHaveURL(/#\/no-such-page$/);
  await expect(page.locator('[data-qa="not-found-page"]')).toBeVisible();
});

test('an expired session returns to login with a notice', async ({ page, context }) => {
  await pretendNoPin(page);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.practitioner.email);
  const home = new HomePage(page);
  await expect(home.pinPrompt).toBeVisible();

  await context.clearCookies();
  // The app's background calls (the sync loop, device reports) may find the session gone before the
  // PIN save does: whichever request comes first, the user lands on login with the notice.
  const savePin = (async () => {
    await home.pin.fill('1234');
    await home.pinConfirm.fill('1234');
    await home.pinSave.click();
  })().catch(() => undefined);

  await expect(login.notice).toContainText(texts['err-session-expired']);
  await Promise.race([savePin, page.waitForTimeout(500)]);
  await expect(page).toHaveURL(/#\/login/);
});

test('log out returns to login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.practitioner.email);
  const home = new HomePage(page);
  await home.expectLoaded();
  await home.logOut();
  await expect(login.notice).toContainText(texts['login-logged-out']);
  // The session is gone on the server too.
  await page.goto('/#/');
  await expect(login.root).toBeVisible();
});

test('a signed-in device opening the app from the network starts without the config call', async ({
  browser,
}) => {
  // No service worker: the page comes from the server, which puts the session's configuration in it.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await freezeClock(page);
  await logInByApi(page, demoUsers.practitioner.email);
  const configCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/config') configCalls.push(r.url());
  });
  await page.goto('/#/');
  const home = new HomePage(page);
  await home.expectLoaded();
  await expect(home.siteName).toHaveText(demoSites.oakTree);
  await expect(page.locator('[data-qa="user-menu"]')).toContainText(demoUsers.practitioner.name);
  expect(configCalls).toEqual([]);
  // The block is read once and removed: the page holds no copy of it.
  await expect(page.locator('#nursery-config')).toHaveCount(0);
  await context.close();
});
