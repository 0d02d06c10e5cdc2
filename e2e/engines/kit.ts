/**
 * What every engine smoke step uses (issue 27's smoke, and issue 29's settings pages): the steps' context and
 * state, the page scripts (plain JavaScript, sent to the page as written) and waiting, clicking and
 * screenshots, the same for every engine through a Driver (driver.ts).
 */
import path from 'node:path';
import type { Driver } from './driver.ts';
import type { CuttableProxy } from './proxy.ts';

export interface SmokeContext {
  driver: Driver;
  proxy: CuttableProxy;
  /** Where screenshots go (test-results/screens). */
  screens: string;
  /** Tells the runner what a step measured or saw. */
  note: (text: string) => void;
}

export interface SmokeStep {
  name: string;
  run: (s: SmokeState) => Promise<void>;
}

export interface SmokeState extends SmokeContext {
  url: (hash: string) => string;
  observationTypeID: number;
  savedNotes: string;
  /** The medication record timeline.ts published (its print view is checked next). */
  medicationEventID: number;
}

/** The state of the first element a selector matches: visible, enabled, text, attributes, value. */
export const INSPECT = `function (css) {
  const el = document.querySelector(css);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  const attrs = {};
  for (const a of el.attributes) attrs[a.name] = a.value;
  return {
    visible: r.width > 0 && r.height > 0 && style.visibility !== 'hidden',
    enabled: !el.disabled && el.getAttribute('aria-disabled') !== 'true' && !el.hasAttribute('data-disabled'),
    text: el.textContent || '',
    value: 'value' in el ? String(el.value) : null,
    attrs,
    count: document.querySelectorAll(css).length,
    opacity,
  };
}`;

/** A GET of the app's API with the session's cookie, answering the JSON. */
export const GET_JSON = `async function (path) {
  const res = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(path + ' answered ' + res.status);
  return res.json();
}`;

/** The data-qa values of the elements matching a selector. */
export const QA_OF = `function (css) {
  return [...document.querySelectorAll(css)].map((el) => el.getAttribute('data-qa'));
}`;

// --- Waiting, the same for every engine ----------------------------------------------------------------

export interface Seen {
  visible: boolean;
  enabled: boolean;
  text: string;
  value: string | null;
  attrs: Record<string, string>;
  count: number;
  /** The element's opacity with its ancestors' (a popover fading in is below 1). */
  opacity: number;
}

export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeout = 30_000,
): Promise<T> {
  const until = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(`Timed out after ${timeout / 1000} s waiting for ${what}${last ? ` (${last})` : ''}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export function seen(s: SmokeContext, css: string): Promise<Seen | null> {
  return s.driver.run<Seen | null>(INSPECT, css);
}

/** Waits until the element is visible (and passes `check`, when given). */
export function expectSeen(
  s: SmokeContext,
  css: string,
  check: (e: Seen) => boolean = () => true,
  what = css,
  timeout?: number,
) {
  return waitUntil(
    what,
    async () => {
      const e = await seen(s, css);
      return e?.visible && check(e) ? e : null;
    },
    timeout,
  );
}

export function expectGone(s: SmokeContext, css: string, timeout?: number) {
  return waitUntil(`${css} to go`, async () => !(await seen(s, css))?.visible, timeout);
}

/**
 * Closes the toasts a previous step left (Mantine's notifications, bottom centre): a WebDriver click
 * lands at the element's centre, and a toast over it takes the click (a lost "Check in" on the staff
 * register in Firefox, a lost row tick on the register in WebKit, both behind "Checked in." toasts).
 * A finger would tap beside it; the smoke closes them as a user would.
 */
export const CLOSE_TOASTS = `function () {
  const buttons = document.querySelectorAll('.mantine-Notification-root .mantine-Notification-closeButton');
  buttons.forEach((b) => b.click());
  return buttons.length;
}`;
export const TOASTS_SHOWN = `function () {
  return document.querySelectorAll('.mantine-Notification-root').length;
}`;

/** Clicks once the element is visible and enabled (closing any toast over the page first). */
export async function click(s: SmokeContext, css: string): Promise<void> {
  await expectSeen(s, css, (e) => e.enabled, `${css} visible and enabled`);
  if ((await s.driver.run<number>(CLOSE_TOASTS)) > 0) {
    // Their closing animation: wait until none is left over the page.
    for (let i = 0; i < 50 && (await s.driver.run<number>(TOASTS_SHOWN)) > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
  }
  await s.driver.click(css);
}

export const getJson = <T>(s: SmokeContext, p: string) => s.driver.run<T>(GET_JSON, p);

export async function shot(s: SmokeContext, name: string): Promise<void> {
  await s.driver.screenshot(path.join(s.screens, `engines-${s.driver.engine}-${name}.png`));
}

export function smokeState(ctx: SmokeContext, base: string): SmokeState {
  return {
    ...ctx,
    url: (hash) => `${base}/#${hash}`,
    observationTypeID: 0,
    savedNotes: '',
    medicationEventID: 0,
  };
}
