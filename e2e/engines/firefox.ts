/**
 * Firefox ESR (Debian package firefox-esr) over WebDriver BiDi, through puppeteer-core with the system
 * binary. Puppeteer's first Firefox tab never gets focus (focus and blur handlers would not run), so the
 * smoke drives a new tab of its own.
 */
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { type Driver, VIEWPORT } from './driver.ts';

export const FIREFOX_BINARY = '/usr/bin/firefox-esr';

export async function startFirefox(): Promise<Driver> {
  if (!existsSync(FIREFOX_BINARY)) throw new Error('Firefox ESR not found: apt-get install -y firefox-esr');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_BINARY,
    headless: true,
    // Firefox ESR 140 has no BiDi screen-orientation override, which puppeteer's viewport emulation
    // sends: the window is sized instead.
    defaultViewport: null,
    args: ['-width', String(VIEWPORT.width), '-height', String(VIEWPORT.height)],
    extraPrefsFirefox: { 'intl.accept_languages': 'en-GB', 'intl.locale.requested': 'en-GB' },
  });
  const first = (await browser.pages())[0];
  const page = await browser.newPage();
  await first?.close();
  await page.bringToFront();
  page.setDefaultTimeout(30_000);
  return {
    engine: 'firefox',
    async open(url) {
      await page.goto(url);
    },
    async click(css) {
      // An element handle's click (scrolled into view, at its centre): a locator's click waits for
      // animation frames that a headless Firefox tab does not always give.
      const el = await page.waitForSelector(css, { visible: true });
      if (!el) throw new Error(`${css} not found`);
      await el.click();
    },
    async keys(text) {
      await page.keyboard.type(text);
    },
    async escape() {
      await page.keyboard.press('Escape');
    },
    async drag(css, points) {
      const el = await page.waitForSelector(css, { visible: true });
      if (!el) throw new Error(`${css} not found`);
      await el.scrollIntoView();
      const box = await el.boundingBox();
      if (!box) throw new Error(`${css} has no box`);
      const [x0, y0] = points[0]!;
      await page.mouse.move(box.x + x0, box.y + y0);
      await page.mouse.down();
      for (const [x, y] of points.slice(1)) await page.mouse.move(box.x + x, box.y + y, { steps: 3 });
      await page.mouse.up();
    },
    async run<T>(source: string, ...args: unknown[]) {
      return (await page.evaluate(`(${source}).apply(null, ${JSON.stringify(args)})`)) as T;
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    async quit() {
      await browser.close().catch(() => undefined);
    },
  };
}
