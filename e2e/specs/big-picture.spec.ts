import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi } from '../pages/session';

/**
 * The Big Picture screen (spec 001 §2 "Big Picture", §4, §5, §8, §9; issue 17): Filter on Development
 * Matters draws the wheel; drill into an area and back; a professional judgement changes a segment's
 * colour; Download saves 'Big Picture DD-MM-YYYY.xlsx'; Cancel with a judgement asks first; another
 * framework draws the bar chart; the error, empty and offline states. Screenshots (and a print
 * emulation) go to test-results/screens.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/big-picture-${name}.png`, fullPage: true });
const qa = (page: Page, name: string) => page.locator(`[data-qa="${name}"]`);

async function openBigPicture(page: Page): Promise<void> {
  await page.goto('/#/spotlight/add/big-picture');
  await expect(qa(page, 'big-picture-filter')).toBeVisible({ timeout: 30_000 });
}

async function chooseOption(page: Page, select: Locator, name: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Today in London as DD-MM-YYYY (the server names the file by its own today). */
function londonToday(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('day')}-${get('month')}-${get('year')}`;
}

test.use({ viewport: viewports.tablet });

test('filter, drill in and back, a professional judgement, download, and cancel with the confirmation', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/spotlight/add');
  await qa(page, 'spotlight-tab-big-picture').click({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/spotlight\/add\/big-picture$/);
  await expect(qa(page, 'spotlight-begin')).toHaveText(
    'Select some children or filter options and click Filter to begin.',
  );
  await expect(qa(page, 'big-picture-framework')).toHaveValue('Development Matters');
  await expect(qa(page, 'big-picture-type-snapshot')).toBeChecked();
  await expect(qa(page, 'big-picture-type-learningStory')).toBeChecked();
  await expect(qa(page, 'big-picture-quick-sixMonths')).toHaveAttribute('aria-pressed', 'true');
  // Advanced options: tri-state, clicking the active choice clears it.
  await qa(page, 'big-picture-advanced').click();
  const ealOnly = qa(page, 'big-picture-eal-only');
  await ealOnly.click();
  await expect(ealOnly).toHaveAttribute('aria-pressed', 'true');
  await ealOnly.click();
  await expect(ealOnly).toHaveAttribute('aria-pressed', 'false');
  await expect(
    qa(page, 'big-picture-attribute').or(qa(page, 'big-picture-no-attributes')).first(),
  ).toBeVisible();
  await shot(page, 'filters');

  // A year back, so the demo's published spotlights are in.
  await qa(page, 'big-picture-quick-oneYear').click();
  await qa(page, 'big-picture-filter').click();
  const wheel = qa(page, 'big-picture-wheel');
  await expect(wheel).toBeVisible({ timeout: 30_000 });
  await expect(wheel).toHaveAttribute('viewBox', '0 0 650 650');
  // Development Matters' rings: B-3, 3-4, R from the centre out.
  await expect(wheel.locator('text').filter({ hasText: /^B-3$/ })).toHaveCount(1);
  const coloured = wheel.locator('[data-qa="wheel-segment"]:not([data-fill="empty"])');
  expect(await coloured.count()).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'big-picture-wheel');
  await shot(page, 'wheel');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: 'test-results/screens/big-picture-print.png', fullPage: true });
  await expect(qa(page, 'big-picture-filters')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Drill into the first area and back.
  const firstArea = qa(page, 'big-picture-area-button').first();
  const areaName = (await firstArea.textContent())!.replace(/^\d+\.\s*/, '');
  await firstArea.click();
  await expect(wheel).toHaveAttribute('data-drilled', 'true');
  // The wheel's heading (the child picker's own heading is level 2 too, since issue 27's heading order).
  await expect(
    page.getByRole('heading', { level: 2, name: `Development Matters: ${areaName}`, exact: true }),
  ).toBeVisible();
  await shot(page, 'wheel-area');
  await qa(page, 'big-picture-back').click();
  await expect(wheel).toHaveAttribute('data-drilled', 'false');

  // Professional judgement: a 'both' (purple) or empty segment becomes the working-towards colour, outlined.
  await page.getByLabel('Professional judgement').check();
  const segment = wheel
    .locator(
      '[data-qa="wheel-judge"]:has([data-fill="#800080"]), [data-qa="wheel-judge"]:has([data-fill="empty"])',
    )
    .first();
  const item = await segment.locator('path').getAttribute('data-item');
  const range = await segment.locator('path').getAttribute('data-range');
  const judged = wheel.locator(`path[data-item="${item}"][data-range="${range}"]`);
  const before = await judged.getAttribute('data-fill');
  await segment.click();
  const modal = page.getByRole('dialog', { name: 'Professional judgement' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio')).toHaveCount(2);
  await modal.getByRole('radio', { name: 'Working Towards' }).check();
  await shot(page, 'judgement-modal');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(judged).toHaveAttribute('data-fill', '#F9A825');
  expect(before).not.toBe('#F9A825');
  await expect(judged).toHaveAttribute('stroke-dasharray', '5 3');
  await expect(qa(page, 'big-picture-judgements-count')).toContainText('1 professional judgements');
  await shot(page, 'judgement');

  // Download: the file and the toasts.
  const downloaded = page.waitForEvent('download');
  await qa(page, 'big-picture-download').click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`Big Picture ${londonToday()}.xlsx`);
  // An xlsx is a zip: it starts with 'PK'.
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');
  await expect(
    page.getByText(`Downloaded big picture report as "Big Picture ${londonToday()}.xlsx".`),
  ).toBeVisible();

  // Cancel with a judgement asks; keeping the report keeps it, confirming closes it.
  await qa(page, 'big-picture-cancel').click();
  await expect(
    page.getByText('Are you sure you would like to close this report? All changes made will be deleted.'),
  ).toBeVisible();
  await qa(page, 'big-picture-keep-report').click();
  await expect(judged).toHaveAttribute('data-fill', '#F9A825');
  await qa(page, 'big-picture-cancel').click();
  await qa(page, 'big-picture-confirm-close').click();
  await expect(qa(page, 'spotlight-begin')).toBeVisible();
  await qa(page, 'big-picture-filter').click();
  await expect(wheel).toBeVisible({ timeout: 30_000 });
  await expect(qa(page, 'big-picture-judgements-count')).toHaveCount(0);
});

test('Birth to 5 hides the framework dropdown, and another framework draws the bar chart', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await openBigPicture(page);
  const kind = qa(page, 'big-picture-kind');
  if (await kind.isVisible()) {
    await kind.getByText('Birth to 5 Matters').click();
    await expect(qa(page, 'big-picture-framework')).toHaveCount(0);
    await expect(qa(page, 'big-picture-learning-stories-only')).toBeVisible();
    await qa(page, 'big-picture-quick-oneYear').click();
    await qa(page, 'big-picture-filter').click();
    await expect(qa(page, 'big-picture-wheel').or(qa(page, 'big-picture-empty')).first()).toBeVisible({
      timeout: 30_000,
    });
    await shot(page, 'birth-to-five');
    await page
      .getByLabel('Professional judgement')
      .check()
      .catch(() => undefined);
    const segment = page.locator('[data-qa="wheel-judge"]').first();
    if (await segment.isVisible()) {
      await segment.click();
      const modal = page.getByRole('dialog', { name: 'Professional judgement' });
      // Birth to 5: Best fit only.
      await expect(modal.getByRole('radio')).toHaveCount(1);
      await expect(modal.getByRole('radio', { name: 'Best fit' })).toBeChecked();
      await page.keyboard.press('Escape');
    }
    await kind.getByText('Frameworks').click();
  }
  await chooseOption(page, qa(page, 'big-picture-framework'), 'Leuven Scales');
  await qa(page, 'big-picture-quick-oneYear').click();
  await qa(page, 'big-picture-filter').click();
  const chart = qa(page, 'big-picture-chart');
  await expect(chart.or(qa(page, 'big-picture-empty')).first()).toBeVisible({ timeout: 30_000 });
  if (await chart.isVisible()) {
    expect(await chart.locator('[data-qa="chart-bar"]').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'big-picture-chart');
  }
  await shot(page, 'chart');
});

test('no gradings, a failed report with Retry, and offline keeps the filters with Filter off', async ({
  page,
  context,
}) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await openBigPicture(page);
  // Today: nothing is published from today's start in the demo's past data.
  await qa(page, 'big-picture-quick-today').click();
  await qa(page, 'big-picture-filter').click();
  await expect(qa(page, 'big-picture-empty').or(qa(page, 'big-picture-wheel')).first()).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'empty');

  // The server fails once: the error with Retry; Retry loads.
  let fail = true;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (fail && body.includes('BigPicture')) {
      fail = false;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ err: { code: 'err-internal', message: 'Something went wrong.' } }),
      });
      return;
    }
    await route.fallback();
  });
  await qa(page, 'big-picture-quick-sixMonths').click();
  await qa(page, 'big-picture-filter').click();
  await expect(qa(page, 'big-picture-error')).toContainText('The report could not be loaded', {
    timeout: 30_000,
  });
  await shot(page, 'error');
  await qa(page, 'big-picture-retry').click();
  await expect(qa(page, 'big-picture-report')).toBeVisible({ timeout: 30_000 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Offline: the filters stay as chosen, Filter is off and says why.
  await qa(page, 'big-picture-quick-oneYear').click();
  await goOffline(page, context);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(qa(page, 'big-picture-filter-reason')).toContainText('You are offline', { timeout: 30_000 });
  await expect(qa(page, 'big-picture-filter')).toBeDisabled();
  await expect(qa(page, 'big-picture-quick-oneYear')).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'offline');
  await goOnline(page, context);
});
