// Issue 13 figure: the login screen's initial JavaScript and CSS as served. The built server runs on the
// demo data; a fresh headless Chromium (no cache, no service worker yet) opens `/` logged out, and every
// JS and CSS response the page asked for before the login form was interactive is summed by its
// transferred body (the encoded bytes on the wire: gzip when the server sends it compressed, which
// it does for the hashed assets; modulepreload'ed chunks included). Requests the page makes later
// (the offline modules loaded after the first paint) are reported apart, without a limit; the
// service worker's own precache downloads are not the page's and are not counted.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { launchChromium, type Row, root, startServer, tempDir } from '../lib.ts';

/** Issue 13: "Initial JavaScript and CSS of the login screen, as served: at most 200 KB gzip". */
export const LOGIN_INITIAL_LIMIT_KB = 200;

export interface ServedAsset {
  url: string;
  kind: 'js' | 'css';
  /** Encoded body bytes as transferred. */
  bytes: number;
  encoding: string;
  /** Its gzip size (the build's .gz beside it, else gzip -9 of the file): what a gzip-only browser gets. */
  gzipBytes: number;
  /** Requested before the login form was interactive. */
  initial: boolean;
}

const kindOf = (url: string): 'js' | 'css' | null => {
  const p = new URL(url).pathname;
  return p.endsWith('.js') ? 'js' : p.endsWith('.css') ? 'css' : null;
};

const dist = path.join(root, 'apps/web/dist');
function gzipSize(urlPath: string): number {
  const file = path.join(dist, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Loads `/` logged out and lists the JS and CSS the page downloaded, split at "login form interactive". */
export async function measureLoginAssets(
  baseUrl: string,
): Promise<{ assets: ServedAsset[]; msToInteractive: number }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      viewport: { width: 1024, height: 768 },
      serviceWorkers: 'block',
    });
    // The moment the form is usable, taken in the page (a DOM observer) rather than by polling from here.
    // (A string: the bench runs under tsx, whose helpers a function's source would miss in the page.)
    await context.addInitScript(`
      const observer = new MutationObserver(() => {
        if (
          document.querySelector('input[data-qa="login-email"]:not([disabled])') &&
          document.querySelector('[data-qa="login-submit"]:not([disabled]):not([data-loading])')
        ) {
          window.__loginInteractiveAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    `);
    const page = await context.newPage();
    const requested: Request[] = [];
    page.on('request', (request) => {
      if (kindOf(request.url())) requested.push(request);
    });
    const t0 = Date.now();
    await page.goto('/');
    const interactiveAt = await page
      .waitForFunction(() => (window as unknown as { __loginInteractiveAt?: number }).__loginInteractiveAt)
      .then((handle) => handle.jsonValue() as Promise<number>);
    const msToInteractive = interactiveAt - t0;
    await page.waitForLoadState('networkidle');
    const assets: ServedAsset[] = [];
    for (const request of requested) {
      const response = await request.response();
      if (!response) continue;
      const initial = request.timing().startTime <= interactiveAt;
      const sizes = await request.sizes();
      const headers = await response.allHeaders();
      assets.push({
        url: new URL(request.url()).pathname,
        kind: kindOf(request.url())!,
        bytes: sizes.responseBodySize,
        encoding: headers['content-encoding'] ?? 'identity',
        gzipBytes: gzipSize(new URL(request.url()).pathname),
        initial,
      });
    }
    await context.close();
    return { assets, msToInteractive };
  } finally {
    await browser.close();
  }
}

export async function bundleServed(): Promise<Row[]> {
  const dataDir = tempDir('nursery-bench-bundle-');
  // Logged out, the login screen reads no data: an empty install starts faster than the demo one.
  const server = await startServer({
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    ADMIN_EMAIL: 'bench.admin@example.org',
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'warn',
  });
  try {
    const { assets, msToInteractive } = await measureLoginAssets(`http://127.0.0.1:${server.port}`);
    const kb = (list: ServedAsset[]) => list.reduce((sum, a) => sum + a.bytes, 0) / 1024;
    const gzKb = (list: ServedAsset[]) => list.reduce((sum, a) => sum + a.gzipBytes, 0) / 1024;
    const initial = assets.filter((a) => a.initial);
    const js = initial.filter((a) => a.kind === 'js');
    const css = initial.filter((a) => a.kind === 'css');
    const later = assets.filter((a) => !a.initial);
    const encodings = [...new Set(initial.map((a) => a.encoding))].sort().join('/') || 'none';
    const row = (figure: string, value: number, unit: string, limit?: number): Row => ({
      scenario: 'bundle',
      database: '-',
      figure,
      value,
      unit,
      ...(limit !== undefined ? { limit } : {}),
    });
    return [
      row(`login screen from /: JS as served (${js.length} files, ${encodings})`, kb(js), 'KB'),
      row(`login screen from /: CSS as served (${css.length} files)`, kb(css), 'KB'),
      row('login screen from /: JS+CSS as served', kb(initial), 'KB'),
      // The limit is on gzip (the unit): what a browser without Brotli downloads.
      row(
        `login screen from /: JS+CSS gzip (JS ${gzKb(js).toFixed(1)}, CSS ${gzKb(css).toFixed(1)})`,
        gzKb(initial),
        'KB gz',
        LOGIN_INITIAL_LIMIT_KB,
      ),
      row(`login screen from /: JS+CSS after it is usable (${later.length} files)`, gzKb(later), 'KB gz'),
      row('login screen from /: ms to usable', msToInteractive, 'ms'),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
