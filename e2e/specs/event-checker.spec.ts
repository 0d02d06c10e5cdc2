import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { logInByApi } from '../pages/session';

/**
 * The Event Checker (spec 001 §2, §4, §6, §8, §9; issue 17): a manager chooses a key person, clicks
 * Filter, sees each key child's snapshot and learning-story cells, switches to Two Year Check and reads
 * the warning line; a member of staff without the right sees their own key children; the empty, error
 * and offline states.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/event-checker-${name}.png`, fullPage: true });
const qa = (page: Page, name: string) => page.locator(`[data-qa="${name}"]`);

interface Answer {
  staff: {
    id: number;
    forename: string;
    keyChildren: { forename: string; surname: string; snapshot: { status: string } | null }[];
    spotlightWarningCount: number;
    twoYearCheckWarningCount: number;
  }[];
}

async function open(page: Page): Promise<void> {
  await page.goto('/#/spotlight/add/event-checker');
  await expect(qa(page, 'spotlight-event-checker')).toBeVisible({ timeout: 30_000 });
}

async function chooseStaff(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Staff' });
  await picker.click();
  await picker.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

const warningLine = (n: number) =>
  `This key person has ${n} ${n === 1 ? 'child' : 'children'} with warnings.`;

test.use({ viewport: viewports.tablet });

test('a manager checks a key person: Filter, the cells, Two Year Check and the warnings', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await open(page);
  await expect(qa(page, 'event-checker-message')).toHaveText('Select some staff to begin.');
  await expect(
    page.getByText('Select a staff member to see their key children and latest spotlights.'),
  ).toBeVisible();
  await expect(qa(page, 'event-checker-mode')).toHaveCount(0);
  await shot(page, 'begin');

  // Filter with nobody chosen asks for staff.
  await qa(page, 'event-checker-filter').click();
  await expect(qa(page, 'event-checker-message')).toHaveText('Select some staff to view the event checker.');

  await chooseStaff(page, demoUsers.practitioner.name);
  await expect(qa(page, 'event-checker-message')).toHaveText('Click Filter to view the event checker.');
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/event-checker') && r.ok());
  await qa(page, 'event-checker-filter').click();
  const answer = (await (await answered).json()) as Answer;
  const sam = answer.staff[0]!;
  expect(sam.keyChildren.length).toBeGreaterThan(0);

  const section = qa(page, 'event-checker-staff-section');
  await expect(section).toHaveCount(1);
  await expect(section.getByRole('heading')).toHaveText(demoUsers.practitioner.name);
  const tiles = section.locator('[data-qa="event-checker-child"]');
  await expect(tiles).toHaveCount(sam.keyChildren.length);
  const first = tiles.first();
  await expect(first.locator('[data-qa="event-checker-child-name"]')).toHaveText(
    `${sam.keyChildren[0]!.forename} ${sam.keyChildren[0]!.surname}`,
  );
  await expect(first.locator('[data-qa="event-checker-snapshot-cell"]')).toHaveAttribute(
    'data-status',
    sam.keyChildren[0]!.snapshot!.status,
  );
  await expect(first.locator('[data-qa="event-checker-learningStory-cell"]')).toBeVisible();
  await expect(first.locator('[data-qa="event-checker-due"]').first()).toHaveText(
    /^Due \d{2}\/\d{2}\/\d{4}$/,
  );
  if (sam.spotlightWarningCount > 0) {
    await expect(section.locator('[data-qa="event-checker-warnings"]')).toHaveText(
      warningLine(sam.spotlightWarningCount),
    );
  }
  await shot(page, 'loaded');
  await expectNoSeriousA11yViolations(page, testInfo, 'event-checker');

  // A latest spotlight links to its event.
  const link = section.locator('[data-qa="event-checker-latest"]').first();
  await expect(link).toHaveAttribute('href', /#\/spotlight\/\d+$/);

  await page.getByText('Two Year Check', { exact: true }).click();
  await expect(tiles.first().locator('[data-qa="event-checker-two-year-cell"]')).toBeVisible();
  await expect(section.locator('[data-qa="event-checker-snapshot-cell"]')).toHaveCount(0);
  const twoYearWarnings = section.locator('[data-qa="event-checker-warnings"]');
  if (sam.twoYearCheckWarningCount > 0)
    await expect(twoYearWarnings).toHaveText(warningLine(sam.twoYearCheckWarningCount));
  else await expect(twoYearWarnings).toHaveCount(0);
  await shot(page, 'two-year');
  // Some key person has a warning in one of the modes: the spec's line is shown.
  expect(sam.spotlightWarningCount + sam.twoYearCheckWarningCount).toBeGreaterThan(0);
});

test('a staff member with no key children says so', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await open(page);
  await chooseStaff(page, demoUsers.manager.name);
  await qa(page, 'event-checker-filter').click();
  await expect(qa(page, 'event-checker-no-key-children')).toHaveText(
    'This staff member has no key children.',
    {
      timeout: 30_000,
    },
  );
  await shot(page, 'empty');
});

test('a practitioner without the right to select staff sees their own key children', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await open(page);
  await expect(page.getByRole('combobox', { name: 'Staff' })).toHaveCount(0);
  await expect(qa(page, 'event-checker-message')).toHaveText('Click Filter to view the event checker.');
  await qa(page, 'event-checker-filter').click();
  const section = qa(page, 'event-checker-staff-section');
  await expect(section.getByRole('heading')).toHaveText(demoUsers.practitioner.name, { timeout: 30_000 });
  await expect(section.locator('[data-qa="event-checker-child"]').first()).toBeVisible();
});

test('a failed fetch shows the error with Retry; offline keeps the filters and says the server is needed', async ({
  page,
  context,
}) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  let fail = true;
  await page.route('**/api/v1/event-checker*', async (route) => {
    if (fail)
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"err":{"code":"err-unknown"}}',
      });
    else await route.continue();
  });
  await open(page);
  await chooseStaff(page, demoUsers.practitioner.name);
  await qa(page, 'event-checker-filter').click();
  await expect(qa(page, 'event-checker-error')).toContainText('The event checker could not be loaded.', {
    timeout: 30_000,
  });
  await shot(page, 'error');
  fail = false;
  await qa(page, 'event-checker-retry').click();
  await expect(qa(page, 'event-checker-child').first()).toBeVisible({ timeout: 30_000 });

  // Offline: another Filter cannot reach the server; the filters stay as they were.
  await page.getByRole('checkbox', { name: 'Learning story' }).click();
  await context.setOffline(true);
  await page.route('**/api/v1/event-checker*', (route) => route.abort('internetdisconnected'));
  await qa(page, 'event-checker-filter').click();
  await expect(qa(page, 'event-checker-offline')).toContainText('The Event Checker needs the server', {
    timeout: 30_000,
  });
  await expect(page.getByRole('checkbox', { name: 'Learning story' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Snapshot' })).toBeChecked();
  await shot(page, 'offline');
  await context.setOffline(false);
});
