// Issue 13 "photo prep": a camera-sized photo (8000 × 6000 JPEG of fine detail, about 30 MB, made at run
// time) attached on #/add in a real Chromium against the built app. Figures: time from choosing the
// file to the prepared photo being handed to the upload (the upload is refused by the network, so the
// photo is queued on the device: what a practitioner waits for), the prepared file's size and
// dimensions, and the longest main-thread task (PerformanceObserver 'longtask') meanwhile: the
// preparation runs in a Web Worker, so the form must stay responsive.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { launchChromium, type Row, startServer, tempDir } from '../lib.ts';

/** Long edge of a prepared photo (apps/web media/photoRules.ts PHOTO_MAX_EDGE). */
const MAX_EDGE = 2560;

/** A JPEG of `width` × `height` with fine random detail (half-resolution noise, upscaled): hard to compress. */
async function detailedJpeg(width: number, height: number): Promise<Buffer> {
  const w = Math.round(width / 2);
  const h = Math.round(height / 2);
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 1 })
    .toBuffer();
}

interface PagePrep {
  chosenAt: number | null;
  readyAt: number | null;
  longTasks: { start: number; duration: number }[];
  file: { name: string; size: number; type: string; width: number; height: number } | null;
}

export async function photoPrep(opts: { smoke?: boolean; log?: (m: string) => void } = {}): Promise<Row[]> {
  const log = opts.log ?? (() => undefined);
  const [width, height] = opts.smoke ? [3000, 2000] : [8000, 6000];
  const dataDir = tempDir('nursery-bench-photo-');
  const photoPath = path.join(dataDir, 'IMG_8000.jpg');
  log(`photo prep: making a ${width} × ${height} JPEG…`);
  const photo = await detailedJpeg(width, height);
  writeFileSync(photoPath, photo);
  // A first start seeds the demo data: minutes on a busy machine.
  const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' }, 300_000);
  const browser = await launchChromium();
  const rows: Row[] = [];
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const context = await browser.newContext({
      baseURL: base,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      viewport: { width: 1024, height: 768 },
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const state: PagePrep = { chosenAt: null, readyAt: null, longTasks: [], file: null };
      (window as unknown as { __photoPrep: PagePrep }).__photoPrep = state;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      document.addEventListener(
        'change',
        (e) => {
          if ((e.target as HTMLElement | null)?.dataset?.qa === 'media-input')
            state.chosenAt = performance.now();
        },
        true,
      );
      // The upload's body gets the prepared file: that moment is "ready".
      const append = FormData.prototype.append;
      FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
        const value = args[1];
        if (value instanceof File && state.readyAt === null) {
          state.readyAt = performance.now();
          void createImageBitmap(value).then((b) => {
            state.file = {
              name: value.name,
              size: value.size,
              type: value.type,
              width: b.width,
              height: b.height,
            };
            b.close();
          });
        }
        return (append as (...a: unknown[]) => void).apply(this, args);
      };
    });
    const password = createHash('sha512').update('nursery-demo').digest('hex');
    const headers = { 'X-Requested-With': 'nursery' };
    const login = await page.request.post('/api/v1/login', {
      headers,
      data: { email: 'practitioner@example.org', password },
    });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    const config = await (await page.request.get('/api/v1/config')).json();
    const observation = (config.eventTypes as { id: number; tag: string }[]).find(
      (t) => t.tag === 'observation',
    );
    if (!observation) throw new Error('no observation type');
    // No network for the upload: the prepared photo waits on the device ("queued").
    await page.route('**/api/v1/media', (route) => route.abort('internetdisconnected'));
    await page.goto(`/#/add?typeID=${observation.id}`);
    await page.locator('[data-qa="event-save-bar"]').waitFor({ timeout: 60_000 });
    await page.locator('input[data-qa="media-input"]').setInputFiles(photoPath);
    await page.locator('[data-qa="media-waiting"]').waitFor({ timeout: 120_000 });
    await page.waitForFunction(
      () => (window as unknown as { __photoPrep: PagePrep }).__photoPrep.file !== null,
    );
    const prep = await page.evaluate(() => (window as unknown as { __photoPrep: PagePrep }).__photoPrep);
    if (prep.chosenAt === null || prep.readyAt === null || !prep.file)
      throw new Error('photo was not prepared');
    const from = prep.chosenAt;
    const to = prep.readyAt;
    const during = prep.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to);
    const longest = Math.max(0, ...during.map((t) => t.duration));
    log(
      `photo prep: long tasks while preparing (ms after choosing: duration): ${
        during.map((t) => `${Math.round(t.start - from)}: ${Math.round(t.duration)}`).join(', ') || 'none'
      }`,
    );
    const label = `${width}×${height} JPEG ${(photo.length / 1e6).toFixed(1)} MB`;
    rows.push(
      {
        scenario: 'photo prep',
        database: 'pglite',
        figure: `${label}: chosen → queued`,
        value: to - from,
        unit: 'ms',
      },
      {
        scenario: 'photo prep',
        database: 'pglite',
        figure: `${label}: prepared file size`,
        value: prep.file.size / 1e6,
        unit: `MB (${prep.file.type})`,
      },
      {
        scenario: 'photo prep',
        database: 'pglite',
        figure: `${label}: prepared long edge (${prep.file.width}×${prep.file.height})`,
        value: Math.max(prep.file.width, prep.file.height),
        unit: 'px',
        limit: MAX_EDGE,
      },
      {
        scenario: 'photo prep',
        database: 'pglite',
        figure: `${label}: longest main-thread task meanwhile`,
        value: longest,
        unit: `ms (${during.length} long)`,
      },
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
