import { expect, type Locator, type Page, test } from '@playwright/test';
import { aboutStrings } from '../../apps/web/src/features/about/strings.ts';
import { accessibilityStrings as tx } from '../../apps/web/src/features/profile/strings/accessibility.ts';
import { APP_VERSION } from '../../packages/domain/src/limits.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { RegisterPage } from '../pages/register';
import { logInByApi, WRITE } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Issue 30: the profile's Accessibility section (spec 002 §2, §8, §9). The manager chooses an input box
 * colour and a line height; every input box takes them at once (the register's time field, by its
 * computed style), after a reload too, and on another device once saved. A choice made offline applies
 * at once, says "saved to cache offline" and reaches the server when the device is back online. The
 * About page (#/about) lists the version and the licences. The manager's settings are put back at the
 * end (other specs log in with the demo accounts).
 */
const SHOTS = '.tmp/shots';
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${SHOTS}/profile-accessibility-${name}.png`, fullPage });

const AQUA = 'rgb(175, 211, 225)';
const GOLDEN_ROD = 'rgb(238, 232, 170)';

/** The background of the first ancestor-or-self that paints one (the time field paints its frame). */
const paintedBackground = (input: Locator) =>
  input.evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
    }
    return null;
  });
/** A box's height over its font size: the line height plus a quarter em above and below. */
const heightInEms = (input: Locator) =>
  input.evaluate(
    (el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).fontSize),
  );
const lineHeightInEms = (input: Locator) =>
  input.evaluate((el) => {
    const style = getComputedStyle(el);
    return Number.parseFloat(style.lineHeight) / Number.parseFloat(style.fontSize);
  });

/** A narrow screen: the layout settled, nothing wider than the screen. */
async function phoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function serverSettings(page: Page) {
  const res = await page.request.get('/api/v1/config');
  expect(res.ok()).toBe(true);
  return (await res.json()).userSettings as { inputBoxColour: string; lineHeight: number };
}

async function openSection(page: Page) {
  await page.goto('/#/profile?section=accessibility');
  const section = page.locator('[data-qa="accessibility-section"]');
  await expect(section).toBeVisible({ timeout: 30_000 });
  return section;
}

async function choose(page: Page, colour: string, lineHeight: string) {
  await page.getByRole('radio', { name: colour, exact: true }).check();
  await page.locator('[data-qa="accessibility-line-height"]').getByText(lineHeight, { exact: true }).click();
}

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInByApi(page, demoUsers.manager.email);
  const now = await serverSettings(page);
  await page.request.put('/api/v1/userSettings', {
    headers: WRITE,
    data: {
      newColour: 'FFFFFF',
      savedColour: now.inputBoxColour,
      newLineHeight: 2,
      savedLineHeight: now.lineHeight,
    },
  });
  await context.close();
});

test('the input colour and line height apply to every box at once, after a reload, offline and on another device', async ({
  page,
  context,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  expect(await serverSettings(page)).toEqual({ inputBoxColour: 'FFFFFF', lineHeight: 2 });
  await openSection(page);
  const save = page.locator('[data-qa="accessibility-save"]');
  await expect(save).toBeDisabled();
  // The 11 colours of spec 002 §9, White chosen.
  const colours = page.getByRole('radiogroup', { name: tx['accessibility-colour-legend'] });
  await expect(colours.getByRole('radio')).toHaveCount(11);
  await expect(page.getByRole('radio', { name: 'White', exact: true })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Golden-rod', exact: true })).toBeVisible();

  // Keyboard: the colours are one radio group (arrow keys move the choice).
  await page.getByRole('radio', { name: 'White', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Aqua', exact: true })).toBeChecked();

  await choose(page, 'Aqua', '3');
  // The preview shows the choice before it is saved; the page does not yet.
  const previewNotes = page.locator('[data-qa="accessibility-preview"] textarea');
  expect(await lineHeightInEms(previewNotes)).toBeCloseTo(3, 1);
  expect(await paintedBackground(previewNotes)).toBe(AQUA);
  await shot(page, 'section-1024');
  await expectTouchSized(page, 'accessibility section');
  await expectNoSeriousA11yViolations(page, testInfo, 'profile accessibility');

  await save.click();
  await expect(page.locator('[data-qa="accessibility-saved"]')).toHaveText(tx['accessibility-save-done']);
  const icon = page.locator('[data-qa="accessibility-section"] [data-qa="save-icon"]');
  await expect(icon).toHaveAttribute('data-state', 'saved');
  await expect(icon).toHaveAttribute('data-state', 'idle', { timeout: 5_000 });
  expect(await serverSettings(page)).toEqual({ inputBoxColour: 'AFD3E1', lineHeight: 3 });

  await phoneWidth(page);
  await shot(page, 'section-390');
  await page.setViewportSize({ width: 1024, height: 768 });

  // The register's time field: the colour, and a box one line of 3 plus a quarter em either side.
  const register = new RegisterPage(page);
  await register.open();
  await expect(register.hours).toBeVisible();
  expect(await paintedBackground(register.hours)).toBe(AQUA);
  expect(await heightInEms(register.hours)).toBeCloseTo(3.5, 1);
  await shot(page, 'register-aqua-1024', false);
  await expectNoSeriousA11yViolations(page, testInfo, 'register with aqua boxes');
  await phoneWidth(page);
  await shot(page, 'register-aqua-390', false);
  await page.setViewportSize({ width: 1024, height: 768 });

  // A new start applies the device's copy before the app has rendered or read the configuration: the
  // colour is on the root when the document is parsed (main.tsx runs before DOMContentLoaded's listeners).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as Window & { colourAtStart?: string }).colourAtStart =
        document.documentElement.style.getPropertyValue('--nursery-input-bg');
    }),
  );
  await page.reload();
  expect(await page.evaluate(() => (window as Window & { colourAtStart?: string }).colourAtStart)).toBe(
    '#AFD3E1',
  );
  await register.expectLoaded();
  expect(await paintedBackground(register.hours)).toBe(AQUA);

  // Offline: the choice applies at once and waits on the device.
  await openSection(page);
  await goOffline(page, context);
  await choose(page, 'Golden-rod', '2.5');
  await save.click();
  await expect(page.locator('[data-qa="accessibility-saved-offline"]')).toHaveText(
    tx['accessibility-save-done-offline'],
  );
  await expect(page.locator('[data-qa="accessibility-saved-offline"]')).toContainText(
    'saved to cache offline',
  );
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--nursery-input-bg'),
    ),
  ).toBe('#EEE8AA');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInByApi(otherPage, demoUsers.manager.email, demoSites.oakTree);
  expect(await serverSettings(otherPage)).toEqual({ inputBoxColour: 'AFD3E1', lineHeight: 3 });

  // Back online: sent; another device (context) opens the register with it.
  await goOnline(page, context);
  await expect
    .poll(() => serverSettings(otherPage), { timeout: 30_000 })
    .toEqual({
      inputBoxColour: 'EEE8AA',
      lineHeight: 2.5,
    });
  const otherRegister = new RegisterPage(otherPage);
  await otherRegister.open();
  expect(await paintedBackground(otherRegister.hours)).toBe(GOLDEN_ROD);
  expect(await heightInEms(otherRegister.hours)).toBeCloseTo(3, 1);
  await other.close();
});

test('the About page: reached from the user menu, the version and the licences of the shipped packages', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="about-menu"]').click();
  await expect(page).toHaveURL(/#\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutStrings['about-title']);
  await expect(page.locator('[data-qa="about-version"]')).toHaveText(APP_VERSION);
  const licences = page.locator('[data-qa="about-licence"]');
  await expect(licences.first()).toBeVisible();
  expect(await licences.count()).toBeGreaterThan(20);
  for (const name of ['react', '@mantine/core', 'zod', 'dexie'])
    await expect(page.locator(`[data-qa="about-licence"][data-name="${name}"]`)).toBeVisible();
  const react = page.locator('[data-qa="about-licence"][data-name="react"]');
  await expect(react).toContainText('MIT');
  await react.click();
  await expect(react).toHaveAttribute('aria-expanded', 'true');
  const reactItem = page.locator('.mantine-Accordion-item', { has: react });
  await expect(reactItem.getByText('Permission is hereby granted')).toBeVisible();
  await shot(page, 'about-1024');
  await expectNoSeriousA11yViolations(page, testInfo, 'about');
  await phoneWidth(page);
  await shot(page, 'about-390');
});

test("the profile's Help and privacy section: this install's defaults (no help address set, the app's own privacy note)", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/profile?section=help');
  const section = page.locator('[data-qa="help-links"]');
  await expect(section).toBeVisible({ timeout: 30_000 });
  // The e2e server sets no HELP_URL, FEEDBACK_URL, SUPPORT_EMAIL or ADMIN_EMAIL.
  await expect(page.locator('[data-qa="help-link-help-none"]')).toHaveText(tx['help-link-help-none']);
  await expect(page.locator('[data-qa="help-link-feedback"]')).toHaveCount(0);
  await expectTouchSized(page, 'help and privacy section');
  await expectNoSeriousA11yViolations(page, testInfo, 'profile help and privacy');
  await shot(page, 'help-1024');
  await page.locator('[data-qa="help-link-privacy"]').click();
  await expect(page).toHaveURL(/#\/about\?section=privacy$/);
  await expect(page.locator('[data-qa="about-privacy"]')).toBeInViewport();
  await page.goBack();
  await page.locator('[data-qa="help-link-about"]').click();
  await expect(page).toHaveURL(/#\/about$/);
  await expect(page.locator('[data-qa="about-version"]')).toHaveText(APP_VERSION);
});
