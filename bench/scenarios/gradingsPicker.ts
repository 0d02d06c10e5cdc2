// Issue 16 figures: the Spotlight gradings picker opens a framework of 1,500 items in under 150 ms and
// filters as you type in under 50 ms, in Chromium against the built app. The site's frameworks answer is
// replaced in the browser by the demo's own with Development Matters ('-29') grown to exactly 1,500 items
// (root, 7 areas, 42 aspects, 1,450 statements over its three age ranges), so the figure does not depend
// on the demo's size. Measured in the page with performance marks:
// - open: from the click on the editor's 'Add framework indicator' (data-qa spotlight-add-indicator) on
//   #/spotlight/add to the frame after the first statement rows are in the document (the pickers' chunk
//   load included; the frameworks are already on the device, as after login);
// - filter: from each keystroke's input event in the picker's search (data-qa gradings-picker-search) to
//   the frame after the results for that text are in the document.
// One fresh load of #/spotlight/add per run; the medians over runs (open) and keystrokes (filter).
import { rmSync } from 'node:fs';
import { launchChromium, median, type Row, signedInDemoPage, startServer, tempDir } from '../lib.ts';

export const PICKER_ITEMS = 1_500;
export const OPEN_LIMIT_MS = 150;
export const FILTER_LIMIT_MS = 50;
/** Typed one character at a time; every prefix matches many statements (the worst case to render). */
const TYPED = 'plays with';

interface Item {
  id: string;
  uniqueID: number;
  parentID: string | null;
  name: string;
  levelName: string | null;
  depth: number;
  ageRangeID: number | null;
  helpText: string | null;
  tag: string | null;
}
interface FrameworkAnswer {
  frameworks: { id: string; name: string; ageRanges: { id: number }[]; items: Item[] }[];
  [key: string]: unknown;
}

const VERBS = [
  'Plays',
  'Explores',
  'Talks about',
  'Builds',
  'Listens to',
  'Shares',
  'Counts',
  'Draws',
  'Sorts',
];
const THINGS = ['blocks', 'stories', 'shapes', 'friends', 'songs', 'water', 'colours', 'patterns', 'sounds'];
const MANNER = ['with care', 'with others', 'with growing confidence', 'with support', 'on their own'];

/** Development Matters with exactly `total` items: 7 areas, 6 aspects each, statements round-robin. */
export function bigFramework<T extends FrameworkAnswer>(answer: T, total = PICKER_ITEMS): T {
  const dm = answer.frameworks.find((f) => f.id === '-29');
  if (!dm) throw new Error('gradings picker: the demo has no Development Matters framework');
  const ranges = dm.ageRanges.map((r) => r.id);
  const root = '/-29/';
  const items: Item[] = [];
  const add = (
    id: string,
    parentID: string | null,
    name: string,
    levelName: string | null,
    depth: number,
    ageRangeID: number | null,
  ) =>
    items.push({
      id,
      uniqueID: items.length + 1,
      parentID,
      name,
      levelName,
      depth,
      ageRangeID,
      helpText: null,
      tag: null,
    });
  add(root, null, 'Development Matters', null, 0, null);
  const aspects: string[] = [];
  for (let a = 1; a <= 7; a++) {
    add(`${root}${a}/`, root, `Area ${a}`, 'Area', 1, null);
    for (let s = 1; s <= 6; s++) {
      const id = `${root}${a}/${s}/`;
      add(id, `${root}${a}/`, `Aspect ${a}.${s}`, 'Aspect', 2, null);
      aspects.push(id);
    }
  }
  const statements = total - items.length;
  // Depth-first order (a parent before its children), as the server answers.
  const perAspect = aspects.map(
    (_, i) => Math.floor(statements / aspects.length) + (i < statements % aspects.length ? 1 : 0),
  );
  const ordered: Item[] = items.slice(0, 1);
  let n = 0;
  for (const areaItem of items.filter((i) => i.depth === 1)) {
    ordered.push(areaItem);
    for (const aspect of items.filter((i) => i.parentID === areaItem.id)) {
      ordered.push(aspect);
      const count = perAspect[aspects.indexOf(aspect.id)]!;
      for (let k = 1; k <= count; k++, n++) {
        const name = `${VERBS[n % VERBS.length]} ${THINGS[(n >> 1) % THINGS.length]} ${MANNER[(n >> 2) % MANNER.length]} (${n + 1})`;
        ordered.push({
          id: `${aspect.id}${k}/`,
          uniqueID: 10_000 + n,
          parentID: aspect.id,
          name,
          levelName: 'Statement',
          depth: 3,
          ageRangeID: ranges.length ? ranges[Math.floor(((k - 1) * ranges.length) / count)]! : null,
          helpText: n % 10 === 0 ? `Guidance for statement ${n + 1}.` : null,
          tag: null,
        });
      }
    }
  }
  if (ordered.length !== total)
    throw new Error(`gradings picker: built ${ordered.length} items, not ${total}`);
  return {
    ...answer,
    frameworks: answer.frameworks.map((f) => (f.id === '-29' ? { ...f, items: ordered } : f)),
  };
}

export async function gradingsPicker(opts: { runs: number }): Promise<Row[]> {
  const dataDir = tempDir('nursery-bench-gradings-picker-');
  const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' });
  const browser = await launchChromium();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const { page, siteID } = await signedInDemoPage(browser, base, 'practitioner@example.org');
    const real = (await (
      await page.request.get(`/api/v1/frameworks?siteID=${siteID}`)
    ).json()) as FrameworkAnswer;
    const body = JSON.stringify(bigFramework(real));
    await page.route(
      (url) => url.pathname === '/api/v1/frameworks',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body }),
    );

    const opens: number[] = [];
    const filters: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      await page.goto('/#/');
      await page.reload();
      await page.locator('[data-qa="home-page"]').waitFor({ timeout: 60_000 });
      await page.goto('/#/spotlight/add');
      const button = page.locator('[data-qa="spotlight-add-indicator"]');
      await button.waitFor({ timeout: 60_000 });
      // The frameworks are on the device before the user opens the picker (prepared at login).
      await page.waitForLoadState('networkidle');
      const open = await page.evaluate(async () => {
        const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const appeared = (selector: string) =>
          new Promise<void>((resolve) => {
            if (document.querySelector(selector)) return resolve();
            const observer = new MutationObserver(() => {
              if (document.querySelector(selector)) {
                observer.disconnect();
                resolve();
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, attributes: true });
          });
        performance.clearMarks();
        performance.clearMeasures();
        performance.mark('gradings-picker-open-start');
        (document.querySelector('[data-qa="spotlight-add-indicator"]') as HTMLElement).click();
        await appeared('[data-qa="gradings-picker"] [data-qa="picker-statement"]');
        await frame();
        performance.mark('gradings-picker-open-end');
        return performance.measure(
          'gradings-picker-open',
          'gradings-picker-open-start',
          'gradings-picker-open-end',
        ).duration;
      });
      opens.push(open);
      const rows = await page.locator('[data-qa="gradings-picker"] [data-qa="picker-statement"]').count();
      if (rows === 0) throw new Error('gradings picker: no statement rows');
      const typed = await page.evaluate(async (text) => {
        const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const input = document.querySelector('input[data-qa="gradings-picker-search"]') as HTMLInputElement;
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const results = (query: string) =>
          document.querySelector(`[data-qa="gradings-picker-results"][data-query="${CSS.escape(query)}"]`);
        const out: number[] = [];
        for (let k = 1; k <= text.length; k++) {
          const prefix = text.slice(0, k);
          await frame();
          performance.mark(`gradings-picker-filter-start-${k}`);
          setValue.call(input, prefix);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise<void>((resolve) => {
            if (results(prefix)) return resolve();
            const observer = new MutationObserver(() => {
              if (results(prefix)) {
                observer.disconnect();
                resolve();
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, attributes: true });
          });
          await frame();
          performance.mark(`gradings-picker-filter-end-${k}`);
          out.push(
            performance.measure(
              `gradings-picker-filter-${k}`,
              `gradings-picker-filter-start-${k}`,
              `gradings-picker-filter-end-${k}`,
            ).duration,
          );
        }
        return out;
      }, TYPED);
      filters.push(...typed);
    }
    const row = (figure: string, value: number, limit?: number): Row => ({
      scenario: 'gradings picker',
      database: '-',
      figure,
      value: Math.round(value * 10) / 10,
      unit: 'ms',
      ...(limit !== undefined ? { limit } : {}),
    });
    return [
      row(`open on ${PICKER_ITEMS} items: median of ${opens.length} loads`, median(opens), OPEN_LIMIT_MS),
      row(`open on ${PICKER_ITEMS} items: slowest load`, Math.max(...opens)),
      row(`filter per keystroke: median of ${filters.length}`, median(filters), FILTER_LIMIT_MS),
      row('filter per keystroke: slowest', Math.max(...filters)),
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
