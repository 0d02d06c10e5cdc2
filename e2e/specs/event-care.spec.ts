import { expect, type Page, test } from '@playwright/test';
import {
  CareEditor,
  careTexts,
  fetchEvent,
  logInAsManager,
  logInAsPractitioner,
  tinyPng,
} from '../pages/carePanels';
import { freezeClock } from '../pages/demo';

// The app's clock is frozen at 14:05 on Saturday 21 November 2026 (GMT, so UTC = London).
// The login's offline preparation fetches the meal types: a test of their failure fails them first.
const MEAL_TYPES_FAIL = 'meal types that cannot be fetched';
const failMealTypes = (page: Page) =>
  page.route('**/api/v1/meals?*', (route) =>
    route.fulfill({ status: 500, json: { err: { code: 'err-unknown', message: 'boom' } } }),
  );

test.beforeEach(async ({ page }, info) => {
  await freezeClock(page);
  if (info.title.startsWith(MEAL_TYPES_FAIL)) await failMealTypes(page);
  if (!info.title.includes('(manager)')) await logInAsPractitioner(page);
});

test('a sleep with an end time: end before start is refused, "Now" fills the end, the view shows it', async ({
  page,
}) => {
  const editor = new CareEditor(page);
  await editor.openAdd('sleep');
  const child = await editor.pickFirstChild();
  await editor.setTime('13:00');
  await editor.notes.fill('Slept soundly after lunch.');

  // The end date defaults to the start date.
  await expect(editor.endDate).toContainText('21/11/2026');
  await editor.typeTime('sleep-end-time', '12:30');
  await page.locator('[data-qa="event-save-1"]').click();
  await expect(editor.sleep).toContainText(careTexts['end-time-must-be-after-start-time']);
  await editor.screenshotAt(editor.sleep, 'sleep-error');

  await editor.endNow.click();
  await editor.expectTime('sleep-end-time', '14:05');
  await expect(editor.sleep).not.toContainText(careTexts['end-time-must-be-after-start-time']);
  await editor.screenshot('sleep');
  const id = await editor.saveDraft();

  const saved = await fetchEvent(page, id);
  expect(saved.raised).toBe('2026-11-21T13:00:00.000Z');
  expect(saved.date2).toBe('2026-11-21T14:05:00.000Z');
  expect(saved.notes).toBe('Slept soundly after lunch.');

  await page.goto(`/#/view/${id}`);
  const view = page.locator('[data-qa="event-view"]');
  await expect(view.locator('[data-qa="event-view-notes"]')).toContainText('Slept soundly after lunch.');
  await expect(view.locator('[data-qa="event-view-sleep-end"]')).toContainText('21/11/2026 14:05');
  await expect(view.locator('[data-qa="event-view-when"]')).toContainText('21/11/2026 13:00');
  await expect(view.locator('[data-qa="event-view-children"]')).toContainText(child);
  await expect(view.locator('[data-qa="event-view-type"]')).toHaveText('Sleep');
  await editor.screenshot('view-sleep');

  // A draft of one's own is editable: Edit goes to the edit screen with the end time.
  await view.locator('[data-qa="event-view-edit"]').click();
  await expect(page).toHaveURL(new RegExp(`#/edit/${id}$`));
  await editor.expectTime('sleep-end-time', '14:05');
});

test('a meal: the type follows the time, the outside-window warning is dismissible, a meal with a portion is saved', async ({
  page,
}) => {
  const editor = new CareEditor(page);
  await editor.openAdd('meal');
  await editor.pickFirstChild();
  await expect(editor.meals).toBeVisible();

  // 14:05 is in no meal window: nothing preselected, and Add waits for a type.
  await expect(editor.mealType).toHaveValue('');
  await expect(editor.mealAdd).toBeDisabled();

  await editor.setTime('12:00');
  await expect(editor.mealType).toHaveValue('Lunch');
  await expect(editor.mealWarning).toHaveCount(0);

  await editor.mealAdd.click();
  const row = editor.mealRow(1);
  await editor.choose(row.locator('input[data-qa="meal-select"]'), 'Fish pie with peas', 'fish');
  await editor.choose(row.locator('input[data-qa="meal-portion"]'), 'Most');
  await row.locator('input[data-qa="meal-portion-amount"]').fill('two helpings');

  // Back to 14:05: outside Lunch's 11:30–12:30, so the warning shows and can be dismissed.
  await editor.setTime('14:05');
  await expect(editor.mealWarning).toContainText(careTexts['meal-outside-window']);
  await editor.screenshotAt(editor.meals, 'meal');
  await editor.mealWarning.getByRole('button', { name: careTexts['meal-dismiss-warning'] }).click();
  await expect(editor.mealWarning).toHaveCount(0);

  // A second row, then removed again.
  await editor.mealAdd.click();
  await expect(editor.mealRow(2)).toBeVisible();
  await editor.mealRow(2).locator('[data-qa="meal-remove"]').click();
  await expect(editor.mealRow(2)).toHaveCount(0);

  const id = await editor.saveDraft();
  const saved = await fetchEvent(page, id);
  expect(saved.meals).toHaveLength(1);
  expect(saved.meals[0]).toMatchObject({ portionAmount: 'two helpings' });
  expect(saved.meals[0]!.portionID).not.toBeNull();

  // The meal list is cached per site with its fetch time.
  const cached = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('nursery.meals.v1.')),
  );
  expect(cached).toHaveLength(1);

  await page.goto(`/#/view/${id}`);
  await expect(page.locator('[data-qa="event-view-meal"]')).toHaveText(
    'Fish pie with peas – Most – two helpings',
  );
  await editor.screenshot('view-meal');
});

test(`${MEAL_TYPES_FAIL}: the error and Retry`, async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const editor = new CareEditor(page);
  await editor.openAdd('meal');
  const error = page.locator('[data-qa="meals-error"]');
  await expect(error).toContainText(careTexts['unable-to-fetch-meal-types']);
  expect(errors.some((e) => e.includes('Unable to fetch meal types'))).toBe(true);
  await editor.screenshotAt(editor.meals, 'meal-error');

  await page.unroute('**/api/v1/meals?*');
  await page.locator('[data-qa="meals-retry"]').click();
  await expect(editor.mealType).toBeVisible();
});

test('an accident with an area and a photo: progress, thumbnail, a refused video, the saved media id', async ({
  page,
}) => {
  const editor = new CareEditor(page);
  await editor.openAdd('accident');
  await editor.pickFirstChild();
  await editor.code('Accident');
  await editor.area.click();
  // The area list, not the child tiles (also options): the list the open select controls.
  const areaList = page.locator(`#${await editor.area.getAttribute('aria-controls')}`);
  const firstArea = areaList.getByRole('option').first();
  const areaName = (await firstArea.innerText()).trim();
  await firstArea.click();
  await expect(editor.area).toHaveValue(areaName);
  await editor.existingInjury.check();
  await editor.notes.fill('Bumped knee in the garden.');

  // Accidents take photos only: a video is refused before any upload.
  await expect(editor.media).toBeVisible();
  await expect(editor.mediaInput).toHaveAttribute('accept', 'image/*');
  await editor.mediaInput.setInputFiles({
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('not a video'),
  });
  await expect(editor.mediaRefused).toContainText("You don't have permissions to attach media to a Accident");

  const upload = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/media'),
  );
  await editor.mediaInput.setInputFiles({ name: 'knee.png', mimeType: 'image/png', buffer: tinyPng(48, 32) });
  const answer = await upload;
  expect(answer.status(), await answer.text()).toBe(201);
  // An array whose first item is the stored medium (spec 002 §7).
  const [media] = (await answer.json()) as { id: string; type: string }[];
  if (!media) throw new Error('no medium in the upload answer');
  expect(media.type).toBe('image');

  const item = editor.mediaItems.first();
  await expect(item).toHaveAttribute('data-media-id', media.id);
  const img = item.locator('img[data-qa="media-thumbnail"]');
  await expect(img).toHaveAttribute('src', `api/v1/media/${media.id}?size=thumbnail`);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await editor.screenshot('accident');

  const id = await editor.saveDraft();
  const saved = await fetchEvent(page, id);
  expect(saved.mediaIDs).toEqual([media.id]);
  expect(saved.existingInjury).toBe(true);
  expect(saved.areaID).not.toBeNull();

  await page.goto(`/#/view/${id}`);
  await expect(page.locator('[data-qa="event-view-area"]')).toContainText(areaName);
  await expect(page.locator('[data-qa="event-view-media-item"]')).toHaveCount(1);
  await expect(page.locator('[data-qa="event-view-notes"]')).toContainText('Bumped knee in the garden.');
  await editor.screenshot('view-accident');
});

test('a failed upload shows the server message and can be retried', async ({ page }) => {
  let fail = true;
  await page.route('**/api/v1/media', async (route) => {
    if (fail) {
      fail = false;
      return route.fulfill({
        status: 503,
        json: { err: { code: 'err-busy', message: 'The server is busy. Try again in a moment.' } },
      });
    }
    return route.fallback();
  });
  const editor = new CareEditor(page);
  await editor.openAdd('accident');
  await editor.mediaInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: tinyPng() });
  const error = page.locator('[data-qa="media-error"]');
  await expect(error).toContainText(careTexts['err-uploading-media']);
  await expect(error).toContainText('The server is busy. Try again in a moment.');
  await editor.screenshot('media-error');
  await page.locator('[data-qa="media-retry"]').click();
  await expect(error).toHaveCount(0);
  await expect(editor.mediaItems).toHaveCount(1);
});

test('a refused file shows the reason without Retry, and Discard removes it', async ({ page }) => {
  await page.route('**/api/v1/media', (route) =>
    route.fulfill({
      status: 413,
      json: { err: { code: 'err-media-too-large', message: 'The photo is too large.' } },
    }),
  );
  const editor = new CareEditor(page);
  await editor.openAdd('accident');
  await editor.mediaInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: tinyPng() });
  const error = page.locator('[data-qa="media-error"]');
  await expect(error).toContainText('The photo is too large.');
  await expect(page.locator('[data-qa="media-no-retry"]')).toBeVisible();
  await expect(page.locator('[data-qa="media-retry"]')).toHaveCount(0);
  await error.getByRole('button', { name: 'Discard' }).click();
  await expect(error).toHaveCount(0);
  await expect(editor.mediaItems).toHaveCount(0);
});

test('a nappy change with cream applied', async ({ page }) => {
  const editor = new CareEditor(page);
  await editor.openAdd('nappy');
  await editor.pickFirstChild();
  await editor.code('Wet');
  await page.locator('input[data-qa="nappy-cream"]').check();
  await expect(editor.media).toHaveCount(0); // nappy types take no media
  await editor.screenshot('nappy');
  const id = await editor.saveDraft();
  expect((await fetchEvent(page, id)).nappyCream).toBe(true);
});

test('the history dialog lists the creation and the edit with who and when (manager)', async ({ page }) => {
  await logInAsManager(page);
  const editor = new CareEditor(page);
  await editor.openAdd('nappy');
  await editor.pickFirstChild();
  await editor.code('Dry');
  const id = await editor.saveDraft();

  await page.goto(`/#/edit/${id}`);
  await page.locator('input[data-qa="nappy-cream"]').check();
  const put = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/api/v2/events/${id}`),
  );
  // After the save the page reloads the stored event (EventEditorPage onSaved): the History button is
  // tapped once that has arrived, not while the editor may still be re-rendered with it.
  const reloaded = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/api/v2/events/${id}`),
  );
  await page.locator('[data-qa="event-save-1"]').click();
  expect((await put).status()).toBeLessThan(300);
  await reloaded;

  await page.locator('[data-qa="event-history-button"]').click();
  const dialog = page.getByRole('dialog', { name: careTexts['history-title'] });
  const rows = dialog.locator('[data-qa="event-history-row"]');
  await expect(rows).toHaveCount(2);
  // Newest first: the edit, then the creation.
  await expect(rows.nth(0)).toContainText(careTexts['history-action-update']);
  await expect(rows.nth(1)).toContainText(careTexts['history-action-create']);
  await expect(rows.nth(1).locator('[data-qa="event-history-status"]')).toHaveText('Draft');
  await expect(rows.nth(1).locator('[data-qa="event-history-who"]')).toHaveText('Ruth Manager');
  await expect(rows.nth(1).locator('[data-qa="event-history-at"]')).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  );
  await page.screenshot({ path: 'test-results/screens/event-history.png' });
});
