/**
 * The one interface the engine smoke (smoke.ts) drives a browser through (issue 27 "Every engine a
 * nursery uses"). Each engine has a small adapter: WebKitGTK over WebDriver (webkit.ts, selenium-webdriver
 * and the system's WebKitWebDriver) and Firefox ESR over WebDriver BiDi (firefox.ts, puppeteer-core and
 * the system's firefox-esr). Selectors are CSS (the app's data-qa attributes); waiting and reading the
 * page happen in smoke.ts through `run`, so every engine is waited on the same way.
 */
export interface Driver {
  readonly engine: 'webkit' | 'firefox';
  /** Loads a URL (a full navigation). */
  open(url: string): Promise<void>;
  /** A real click (the engine's own pointer input) on the first element the selector matches. */
  click(css: string): Promise<void>;
  /** Focuses nothing new: types the text as key presses into the focused element. */
  keys(text: string): Promise<void>;
  /** Presses Escape on the focused element. */
  escape(): Promise<void>;
  /** A pointer drag (press, moves, release) through points relative to the element's top-left corner. */
  drag(css: string, points: readonly (readonly [number, number])[]): Promise<void>;
  /**
   * Runs `source`, the text of a JavaScript function (plain JavaScript: it is sent as it is written),
   * in the page with the JSON arguments, and answers what its promise resolves to.
   */
  run<T>(source: string, ...args: unknown[]): Promise<T>;
  screenshot(file: string): Promise<void>;
  quit(): Promise<void>;
}

/** The tablet the smoke runs on (landscape 10-inch, as the Playwright suite). */
export const VIEWPORT = { width: 1280, height: 800 } as const;
