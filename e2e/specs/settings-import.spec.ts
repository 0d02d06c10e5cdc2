import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Moving in from a spreadsheet (issue 29): the manager opens the import from the Children page, chooses
 * a CSV file with a broken row and sees its problem by row number before anything is written, chooses
 * the fixed file and imports it, finds the children on the Children page, and choosing the same file
 * again says importing it would change nothing.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/settings-import-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

const surname = `Movein${Date.now().toString(36).slice(-4)}`;
const header =
  'Child forename,Child surname,Date of birth,Start date,Room,Sessions,Contact 1 forename,Contact 1 surname,Contact 1 e-mail';
const row = (forename: string, dob: string) =>
  `${forename},${surname},${dob},01/09/2025,Toddlers,Mon-Wed Morning,Priya,${surname},priya.${surname.toLowerCase()}@example.org`;
const file = (text: string) => ({ name: 'children.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

async function choose(page: Page, text: string) {
  await page.locator('[data-qa="import-page"] input[type="file"]').setInputFiles(file(text));
}

test('a broken row is shown by its row number, the fixed file imports, and a second import changes nothing', async ({
  page,
}, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/children');
  await page.locator('[data-qa="children-admin-import"]').click();
  await expect(page).toHaveURL(/#\/settings\/import\/children$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import children');

  const download = page.waitForEvent('download');
  await page.locator('[data-qa="import-template"]').click();
  expect((await download).suggestedFilename()).toBe('children-import-template.csv');

  await choose(page, [header, row('Ava', '14/03/2023'), row('Ben', '31/02/2022')].join('\r\n'));
  await expect(page.locator('[data-qa="import-row-3"]')).toContainText(
    'Date of birth: “31/02/2022” is not a date (DD/MM/YYYY).',
  );
  await expect(page.locator('[data-qa="import-row-2"]')).toContainText('Will be added');
  await expect(page.locator('[data-qa="import-fix"]')).toBeVisible();
  await expect(page.locator('[data-qa="import-run"]')).toHaveCount(0);
  await shot(page, 'problems');
  await expectTouchSized(page, 'import preview');
  await expectNoSeriousA11yViolations(page, testInfo, 'settings-import');

  await choose(page, [header, row('Ava', '14/03/2023'), row('Ben', '02/02/2022')].join('\r\n'));
  await expect(page.locator('[data-qa="import-run"]')).toHaveText('Import 2 rows');
  await page.locator('[data-qa="import-run"]').click();
  await expect(page.getByText('Imported: 2 added, 0 updated, 0 unchanged.')).toBeVisible();
  // The same file is checked again at once: every row is already here.
  await expect(page.locator('[data-qa="import-nothing"]')).toBeVisible();
  await expect(page.locator('[data-qa="import-row-2"]')).toContainText('No change');
  await shot(page, 'done');

  await page.goto('/#/settings/children');
  await page.getByRole('searchbox').first().fill(surname);
  await expect(
    page
      .getByText(`Ava ${surname}`)
      .or(page.getByText(`${surname}, Ava`))
      .first(),
  ).toBeVisible();
});

test('the import page at 390 px', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/#/settings/import/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import staff');
  await shot(page, 'phone');
  await expectTouchSized(page, 'import page at 390 px');
});

test('a practitioner without the permission is told so', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email, demoSites.oakTree);
  await page.goto('/#/settings/import/children');
  await expect(page.locator('[data-qa="import-no-access"]')).toBeVisible();
});
