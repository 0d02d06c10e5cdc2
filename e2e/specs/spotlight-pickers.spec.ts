import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The Spotlight gradings picker (spec 001 §2 "Modals and panels", §9 "Additional grading controls"),
 * opened from the editor's 'Add framework indicator' (data-qa spotlight-add-indicator) on #/spotlight/add
 * (a snapshot): Development Matters by default, age-range tabs, grading and clearing, the age-range
 * 'clear', notes, search, another framework, and the frameworks failing to load.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/spotlight-pickers-${name}.png` });

test.use({ viewport: viewports.tablet });

const picker = (page: Page) => page.locator('[data-qa="gradings-picker"]');
const statements = (page: Page) => picker(page).locator('[data-qa="picker-statement"]');
const count = (page: Page) => picker(page).locator('[data-qa="gradings-picker-count"]');

async function openPicker(page: Page) {
  await page.goto('/#/spotlight/add');
  await page.locator('[data-qa="spotlight-add-indicator"]').click();
  await expect(picker(page)).toBeVisible();
}

test('the practitioner grades, clears and searches Development Matters statements in the picker', async ({
  page,
  context,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await openPicker(page);
  // Development Matters is the default; three frameworks, so no favourites star.
  await expect(picker(page).locator('input[data-qa="gradings-picker-framework"]')).toHaveValue(
    'Development Matters',
  );
  await expect(picker(page).locator('[data-qa="gradings-picker-favourite"]')).toHaveCount(0);
  const tabs = picker(page).locator('[data-qa="gradings-picker-age-range"]');
  await expect(tabs).toHaveText([/B-3\s*Birth to 3/, /3-4\s*3 to 4/, /R\s*Reception age/]);
  await expect(tabs.first()).toHaveAttribute('aria-checked', 'true');
  await expect(count(page)).toHaveAttribute('data-count', '0');
  await expect(statements(page).first()).toBeVisible();
  await expectTouchSized(page, 'gradings picker');
  await expectNoSeriousA11yViolations(page, testInfo, 'gradings-picker');
  await shot(page, 'loaded');

  // Working towards takes the tab's age range; the same grade again clears it.
  const first = statements(page).first();
  const grade = (row: typeof first, value: 0 | 1) =>
    row.locator(`[data-qa="picker-grade"][data-grade-value="${value}"]`);
  await grade(first, 0).click();
  await expect(grade(first, 0)).toHaveAttribute('aria-pressed', 'true');
  await expect(first.locator('[data-qa="picker-age-range"]')).toHaveAttribute('data-age-range-id', '-2300');
  await expect(count(page)).toHaveAttribute('data-count', '1');
  await grade(first, 0).click();
  await expect(grade(first, 0)).toHaveAttribute('aria-pressed', 'false');
  await expect(count(page)).toHaveAttribute('data-count', '0');

  // Achieved, then the age range 'clear': the grading still counts by its value.
  await grade(first, 1).click();
  await first.locator('[data-qa="picker-age-range-clear"]').click();
  await expect(first.locator('[data-qa="picker-age-range"]')).toHaveCount(0);
  await expect(grade(first, 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(count(page)).toHaveAttribute('data-count', '1');

  // Notes alone make a grading count.
  const second = statements(page).nth(1);
  await second.locator('[data-qa="picker-notes-toggle"]').click();
  await second.locator('textarea[data-qa="picker-notes"]').fill('Pointed at the ducks and said "quack".');
  await expect(count(page)).toHaveAttribute('data-count', '2');
  await expect(second).toHaveAttribute('data-graded', 'none');

  // Another age range shows other statements; keyboard arrows move between the tabs.
  const firstName = await first.locator('[data-qa="picker-statement-name"]').textContent();
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(statements(page).first().locator('[data-qa="picker-statement-name"]')).not.toHaveText(
    firstName!,
  );

  // Search filters as you type, across the framework's areas, with where each statement sits.
  const search = picker(page).locator('input[data-qa="gradings-picker-search"]');
  await tabs.first().click();
  await search.fill(firstName!.split(' ').slice(0, 2).join(' '));
  await expect(
    picker(page).locator('[data-qa="gradings-picker-results"] [data-qa="picker-statement"]').first(),
  ).toContainText(firstName!);
  await expect(picker(page).locator('[data-qa="picker-statement-path"]').first()).not.toBeEmpty();
  await search.fill('zzzz no such statement');
  await expect(picker(page).locator('[data-qa="gradings-picker-search-none"]')).toHaveText(
    'No statements match “zzzz no such statement”.',
  );
  await search.fill('');
  await shot(page, 'graded');

  // Another framework: Leuven Scales (no age ranges: no tabs).
  await picker(page).locator('input[data-qa="gradings-picker-framework"]').click();
  await page.getByRole('option', { name: 'Leuven Scales' }).click();
  await expect(picker(page).locator('[data-qa="gradings-picker-age-range"]')).toHaveCount(0);
  await expect(statements(page).first()).toBeVisible();
  await expect(count(page)).toHaveAttribute('data-count', '2');

  // Done closes the picker; opening it again keeps the gradings (the editor owns them).
  await picker(page).locator('[data-qa="gradings-picker-done"]').click();
  await expect(picker(page)).toHaveCount(0);
  await page.locator('[data-qa="spotlight-add-indicator"]').click();
  await expect(count(page)).toHaveAttribute('data-count', '2');

  // Offline the frameworks come from the device's copy.
  await picker(page).locator('[data-qa="gradings-picker-done"]').click();
  await goOffline(page, context);
  await page.locator('[data-qa="spotlight-add-indicator"]').click();
  await expect(statements(page).first()).toBeVisible();
  await shot(page, 'offline');
  await goOnline(page, context);
});

test('a frameworks load that fails shows the error with Retry', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  let fail = true;
  await page.route('**/api/v1/frameworks**', (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
  );
  await page.goto('/#/spotlight/add');
  await page.locator('[data-qa="spotlight-add-indicator"]').click();
  await expect(picker(page).locator('[data-qa="gradings-picker-error"]')).toContainText(
    'The frameworks could not be loaded.',
    { timeout: 30_000 },
  );
  await expectNoSeriousA11yViolations(page, testInfo, 'gradings-picker-error');
  await shot(page, 'error');
  fail = false;
  await picker(page).locator('[data-qa="gradings-picker-retry"]').click();
  await expect(statements(page).first()).toBeVisible();
});
