import { expect, type Page, test } from '@playwright/test';
import { demoUsers, viewports } from '../pages/demo';
import { pickChildTile } from '../pages/eventEditor';
import { png } from '../pages/png';
import { logInByApi, WRITE } from '../pages/session';

/**
 * Issue 28 "one media uploader": the Spotlight editor's media grid uploads through the events editor's
 * uploader, so it refuses a wrong type before upload, offers Retry only when another try may work, and
 * keeps a file that meets no network on the device, uploading it first when the snapshot is saved.
 */
const qa = (page: Page, name: string) => page.locator(`[data-qa="${name}"]`);

async function pick(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await qa(page, 'spotlight-media-add').click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    qa(page, 'spotlight-media-add-photo').click(),
  ]);
  await chooser.setFiles(file);
}

test.use({ viewport: viewports.tablet });

test('Spotlight media: a wrong type is refused, a busy server offers Retry, no network keeps the photo until the save', async ({
  page,
}) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/#/spotlight/add');
  await expect(qa(page, 'spotlight-editor')).toBeVisible({ timeout: 30_000 });
  const first = page.locator('[data-qa^="child-option-"]').first();
  await pickChildTile(first);
  const notes = `Spotlight media ${Date.now()}`;
  await qa(page, 'spotlight-notes').fill(notes);

  // A PDF is refused on the device with the uploader's reason, nothing is sent.
  await pick(page, { name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(qa(page, 'media-refused')).toContainText('letter.pdf: This type of media cannot be uploaded.');
  await expect(qa(page, 'spotlight-media-tile')).toHaveCount(0);

  // A busy server: Retry is offered and works once the server has room.
  await page.route('**/api/v1/media', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ err: { code: 'err-busy', message: 'The server is busy. Please try again.' } }),
    }),
  );
  await pick(page, { name: 'busy.png', mimeType: 'image/png', buffer: png(80, 60, 0x60) });
  const upload = qa(page, 'media-upload');
  await expect(upload).toHaveAttribute('data-status', 'failed');
  await page.unroute('**/api/v1/media');
  await upload.locator('[data-qa="media-retry"]').click();
  await expect(upload).toHaveCount(0);
  await expect(qa(page, 'spotlight-media-tile')).toHaveCount(1);

  // No network: the photo waits on this device, shown in the grid, never an error.
  await page.route('**/api/v1/media', (route) => route.abort('internetdisconnected'));
  await pick(page, { name: 'offline.png', mimeType: 'image/png', buffer: png(80, 60, 0x90) });
  await expect(qa(page, 'media-waiting')).toHaveCount(1);
  await expect(qa(page, 'spotlight-media-tile')).toHaveCount(2);
  await expect(qa(page, 'media-error')).toHaveCount(0);

  // Back online, the save uploads the waiting photo first: the snapshot is stored with both.
  await page.unroute('**/api/v1/media');
  await qa(page, 'spotlight-save-1').click();
  const consent = page.locator('[data-qa="photo-consent-confirm"]');
  const saved = qa(page, 'spotlight-saved-message');
  await expect(consent.or(saved)).toBeVisible();
  if (await consent.isVisible()) await consent.click();
  await expect(saved).toBeVisible();
  const href = await qa(page, 'spotlight-saved-link').getAttribute('href');
  const id = Number(href!.split('/').pop());
  const res = await page.request.post('/graphql', {
    headers: WRITE,
    data: { query: 'query($id: Int!) { spotlightEvent(id: $id) { media { id } notes } }', variables: { id } },
  });
  const body = (await res.json()) as { data: { spotlightEvent: { media: unknown[]; notes: string } } };
  expect(body.data.spotlightEvent.notes).toBe(notes);
  expect(body.data.spotlightEvent.media).toHaveLength(2);
});
