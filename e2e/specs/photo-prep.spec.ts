// Issue 13 "Photos": a photo is checked (type, size) in the browser and prepared on the device (at most
// 2,560 px on the long edge, EXIF orientation applied, metadata dropped) before it is uploaded; what the
// server would refuse is never sent; Retry is offered only when another try can work.
import { writeFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from '@playwright/test';
import sharp from 'sharp';
import { demoUsers } from '../pages/demo';
import { EventEditorPage } from '../pages/eventEditor';
import { png } from '../pages/png';
import { keyChildren, logInByApi, typeByTag } from '../pages/session';

const DRAFT = 1;
// A full load of the editor plus a photo's preparation: slow on a busy 2-CPU machine.
test.setTimeout(120_000);

/** A camera-like JPEG: `width` × `height` pixels of fine detail, taken sideways (EXIF orientation 6), with its owner's name in EXIF. */
async function cameraPhoto(width: number, height: number): Promise<Buffer> {
  const w = Math.round(width / 4);
  const h = Math.round(height / 4);
  const noise = Buffer.alloc(w * h * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + ((i * i) % 251)) & 0xff;
  return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: 'Camera Owner', ImageDescription: 'GPS 51.50N 0.12W' } })
    .toBuffer();
}

/** Counts the media uploads the page sends (POST api/v1/media). */
function countUploads(page: Page): { requests: Request[] } {
  const seen = { requests: [] as Request[] };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/media')) seen.requests.push(r);
  });
  return seen;
}

/**
 * Keeps every file the page puts in a FormData (the upload's body), so a test can read what was sent:
 * Chromium does not hand Playwright the bytes of a Blob-backed request body.
 */
async function recordSentFiles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: File[] = [];
    (window as unknown as { __sentFiles: File[] }).__sentFiles = sent;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
      if (args[1] instanceof File) sent.push(args[1]);
      return (append as (...a: unknown[]) => void).apply(this, args);
    };
  });
}

/** The files sent so far: name, size and the bytes as latin1 text. */
function sentFiles(page: Page): Promise<{ name: string; size: number; type: string; text: string }[]> {
  return page.evaluate(async () => {
    const files = (window as unknown as { __sentFiles: File[] }).__sentFiles;
    return Promise.all(
      files.map(async (f) => {
        const bytes = new Uint8Array(await f.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 8192)
          text += String.fromCharCode(...bytes.subarray(i, i + 8192));
        return { name: f.name, size: f.size, type: f.type, text };
      }),
    );
  });
}

async function openObservation(page: Page): Promise<EventEditorPage> {
  await recordSentFiles(page);
  await logInByApi(page, demoUsers.practitioner.email);
  const editor = new EventEditorPage(page);
  const observation = await typeByTag(page, 'observation');
  await editor.openAdd(`typeID=${observation.id}`);
  return editor;
}

const mediaInput = (page: Page) => page.locator('input[data-qa="media-input"]');

test('a large photo is downscaled on the device to 2,560 px, upright and without its metadata, before upload', async ({
  page,
}) => {
  const editor = await openObservation(page);
  const original = await cameraPhoto(4000, 3000);
  const uploads = countUploads(page);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/media'),
  );
  await mediaInput(page).setInputFiles({ name: 'IMG_0420.jpg', mimeType: 'image/jpeg', buffer: original });
  const response = await answered;
  expect(response.status()).toBe(201);
  const [stored] = await response.json();
  // Taken sideways: 4000 × 3000 stored pixels are a 3000 × 4000 portrait, scaled to 1920 × 2560.
  expect([stored.width, stored.height]).toEqual([1920, 2560]);
  expect(stored.mimeType).toBe('image/jpeg');
  // What went over the wire was the prepared copy, not the original.
  const [sent] = await sentFiles(page);
  expect(sent!.name).toBe('IMG_0420.jpg');
  expect(sent!.size).toBeLessThan(original.length);
  expect(sent!.text).not.toContain('Camera Owner');
  expect(sent!.text).not.toContain('GPS 51.50N');

  // The stored file, read back through the API.
  const file = await page.request.get(`/api/v1/media/${stored.id}`);
  expect(file.ok()).toBe(true);
  const meta = await sharp(await file.body()).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2560);
  expect([meta.width, meta.height]).toEqual([1920, 2560]);
  expect(meta.orientation ?? 1).toBe(1);

  await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);
  expect(uploads.requests).toHaveLength(1);
  await editor.pickCodeIfAsked();
  const [child] = await keyChildren(page);
  await editor.pickChild(child!);
  await editor.notes.fill('Looked closely at a snail on the path.');
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('Saved to drafts.');
});

test('a wrong type, an over-size photo and an unreadable HEIC are refused before upload; the others still go', async ({
  page,
}, testInfo) => {
  await openObservation(page);
  const uploads = countUploads(page);
  // 21 MB of GIF: GIFs go as they are (a canvas would lose the animation), so the size decides.
  // Files on disk: a 21 MB buffer would crawl through the protocol.
  const gif = Buffer.alloc(21 * 1024 * 1024, 0);
  gif.write('GIF89a', 0, 'latin1');
  const files = {
    'menu.pdf': Buffer.from('%PDF-1.4 not a photo'),
    'party.gif': gif,
    'IMG_0007.HEIC': Buffer.from('....ftypheic not decodable here'),
    'sandpit.png': png(64, 48),
  };
  const paths = Object.entries(files).map(([name, bytes]) => {
    const path = testInfo.outputPath(name);
    writeFileSync(path, bytes);
    return path;
  });
  await mediaInput(page).setInputFiles(paths);

  const refused = page.locator('[data-qa="media-refused"]');
  await expect(refused.filter({ hasText: 'menu.pdf' })).toContainText(
    'This type of media cannot be uploaded. Choose a JPEG, PNG, WebP or GIF photo, or an MP4, MOV or WebM video.',
  );
  await expect(refused.filter({ hasText: 'party.gif' })).toContainText(
    'The photo is too large (at most 20 MB).',
  );
  await expect(refused.filter({ hasText: 'IMG_0007.HEIC' })).toContainText(
    'This photo could not be read on this device.',
  );
  // The one good photo is uploaded and shown.
  await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);
  await expect(refused).toHaveCount(3);
  expect(uploads.requests).toHaveLength(1);
  expect((await sentFiles(page)).map((f) => f.name)).toEqual(['sandpit.png']);

  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(size);
    await page.locator('[data-qa="media-panel"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/photo-refused-${size.width}.png` });
  }
  // Each refusal can be dismissed.
  await refused.first().getByRole('button', { name: 'Discard' }).click();
  await expect(refused).toHaveCount(2);
});

test('a refused upload shows its reason and no Retry; a busy server offers Retry that works; no network keeps it on the device', async ({
  page,
}) => {
  await openObservation(page);
  const upload = page.locator('[data-qa="media-upload"]');

  // 413 from the server: retrying the same file cannot help.
  await page.route('**/api/v1/media', (route) =>
    route.fulfill({
      status: 413,
      contentType: 'application/json',
      body: JSON.stringify({
        err: { code: 'err-media-too-large', message: 'The photo is too large (at most 20 MB).' },
      }),
    }),
  );
  await mediaInput(page).setInputFiles({ name: 'one.png', mimeType: 'image/png', buffer: png(80, 60, 0x30) });
  await expect(upload).toHaveAttribute('data-status', 'failed');
  await expect(upload.locator('[data-qa="media-error-message"]')).toHaveText(
    'The photo is too large (at most 20 MB).',
  );
  await expect(upload.locator('[data-qa="media-no-retry"]')).toBeVisible();
  await expect(upload.locator('[data-qa="media-retry"]')).toHaveCount(0);
  await page.setViewportSize({ width: 1024, height: 768 });
  await upload.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/photo-upload-refused.png' });
  await upload.locator('[data-qa="media-discard"]').click();
  await expect(upload).toHaveCount(0);
  await page.unroute('**/api/v1/media');

  // 503 busy: another try may work, and does once the server has room.
  await page.route('**/api/v1/media', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      headers: { 'Retry-After': '1' },
      body: JSON.stringify({ err: { code: 'err-busy', message: 'The server is busy. Please try again.' } }),
    }),
  );
  await mediaInput(page).setInputFiles({ name: 'two.png', mimeType: 'image/png', buffer: png(80, 60, 0x60) });
  await expect(upload).toHaveAttribute('data-status', 'failed');
  await expect(upload.locator('[data-qa="media-retry"]')).toBeVisible();
  await expect(upload.locator('[data-qa="media-no-retry"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/photo-upload-retry.png' });
  await page.unroute('**/api/v1/media');
  await upload.locator('[data-qa="media-retry"]').click();
  await expect(upload).toHaveCount(0);
  await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);

  // No answer at all: the photo waits on this device (the sync sends it), never an error.
  await page.route('**/api/v1/media', (route) => route.abort('internetdisconnected'));
  await mediaInput(page).setInputFiles({
    name: 'three.png',
    mimeType: 'image/png',
    buffer: png(80, 60, 0x90),
  });
  await expect(page.locator('[data-qa="media-waiting"]')).toHaveCount(1);
  await expect(page.locator('[data-qa="media-error"]')).toHaveCount(0);
});
