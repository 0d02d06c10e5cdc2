/**
 * Issue 31's screens in every engine: the events timeline (#/events, day groups and cards, a card known
 * from the API's first page), an event's drawer with its comment thread (a comment typed and sent), a
 * medication record with three signatures drawn with the pointer and saved as Published (then read-only
 * in the drawer), and its print view's summary with the three signature images loaded (engines differ
 * in loading images the screen does not show). Runs after the settings steps, as the demo's manager.
 */
import { EventStatus } from '@nursery/domain/common';
import {
  click,
  expectGone,
  expectSeen,
  getJson,
  QA_OF,
  type SmokeState,
  type SmokeStep,
  seen,
  shot,
  waitUntil,
} from './kit.ts';

/** A POST of the app's GraphQL with the session's cookie and the write header, answering `data`. */
const GRAPHQL = `async function (query, variables) {
  const res = await fetch('graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'nursery' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (!res.ok || body.errors) throw new Error('graphql answered ' + res.status + ' ' + JSON.stringify(body.errors));
  return body.data;
}`;

/**
 * Chooses an option of a native select (its value, or the first that is not the empty choice) and
 * sends the events a choice sends, as Puppeteer's select does: the list a native select opens is the
 * system's, not the engine's page. Answers the chosen value, or null while there is none to choose.
 */
const SELECT = `function (css, value) {
  const select = document.querySelector(css);
  if (!select || select.disabled) return null;
  const options = [...select.options].filter((o) => o.value !== '');
  const option = value ? options.find((o) => o.value === value) : options[0];
  if (!option) return null;
  select.value = option.value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return option.value;
}`;

/** The images a selector matches: how many, and how many are loaded (complete, with a natural width). */
const IMAGES_LOADED = `function (css) {
  const images = [...document.querySelectorAll(css)];
  return { count: images.length, loaded: images.filter((i) => i.complete && i.naturalWidth > 0).length };
}`;

/** The timeline's cards' event ids, in the page's order. */
const CARD_IDS = `function () {
  return [...document.querySelectorAll('[data-qa="timeline-card"]')].map((c) => c.getAttribute('data-event-id'));
}`;

/** The text of the first element a selector matches, seen or not (null: none in the DOM). */
const TEXT_OF = `function (css) {
  const el = document.querySelector(css);
  return el ? el.textContent : null;
}`;

/** Whether an element matching the selector is in the DOM at all (seen or not). */
const EXISTS = `function (css) { return document.querySelector(css) !== null; }`;

const graphql = <T>(s: SmokeState, query: string, variables: Record<string, unknown> = {}) =>
  s.driver.run<T>(GRAPHQL, query, variables);

interface Config {
  siteID: number;
}

/** The first current child of the site with contacts (the parent's consent), from the form's own setup. */
async function childWithContacts(s: SmokeState, siteID: number): Promise<number> {
  const { children } = await graphql<{ children: { id: number }[] }>(
    s,
    'query($siteID: Int!) { children(siteID: $siteID) { id } }',
    { siteID },
  );
  for (const child of children) {
    const { medicationSetup } = await graphql<{ medicationSetup: { contacts: unknown[] } }>(
      s,
      'query($childID: Int) { medicationSetup(childID: $childID) { contacts { id } } }',
      { childID: child.id },
    );
    if (medicationSetup.contacts.length > 0) return child.id;
  }
  throw new Error('no child with contacts at the site');
}

const SIGNATURE_PAD = 'canvas[data-qa="medication-signature-pad"]';

/** Chooses the row's first person offered; the dialog opens by itself; a squiggle is drawn and applied. */
async function sign(s: SmokeState, type: 'AdministeredBy' | 'Witness' | 'Consent'): Promise<void> {
  const row = `[data-qa="medication-signature-${type}"]`;
  await waitUntil(`a person to choose for ${type}`, () =>
    s.driver.run<string | null>(SELECT, `${row} select[data-qa="medication-signature-${type}-person"]`),
  );
  await expectSeen(s, SIGNATURE_PAD, undefined, `the ${type} signature dialog`);
  const points: [number, number][] = [[30, 60]];
  for (let i = 1; i <= 12; i++) points.push([30 + i * 20, 60 + (i % 2 ? -30 : 30)]);
  await s.driver.drag(SIGNATURE_PAD, points);
  await click(s, '[data-qa="medication-signature-apply"]');
  // Until the dialog has faded out its overlay takes the clicks meant for the form.
  await waitUntil(
    `the ${type} signature dialog closed`,
    async () =>
      !(await s.driver.run<boolean>(EXISTS, '[data-qa="medication-signature-dialog"] [role="dialog"]')),
  );
  await expectSeen(s, row, (e) => e.attrs['data-signed'] === 'true', `${type} signed`);
}

/** Types into the text field once it is focused, and waits until it holds the text. */
async function typeInto(s: SmokeState, css: string, text: string): Promise<void> {
  await click(s, css);
  await s.driver.keys(text);
  await expectSeen(s, css, (e) => e.value === text, `${css} typed`);
}

const SIGNATURE_TYPES = ['AdministeredBy', 'Witness', 'Consent'] as const;

export const TIMELINE_STEPS: SmokeStep[] = [
  {
    name: 'the events timeline',
    async run(s) {
      const { siteID } = await getJson<Config>(s, 'api/v1/config');
      await s.driver.open(s.url('/events'));
      await expectSeen(
        s,
        '[data-qa="timeline-page"]',
        (e) => e.attrs['data-list-status'] !== 'loading',
        'the timeline',
        60_000,
      );
      await expectSeen(s, '[data-qa="timeline-day"]', (e) => e.text.trim() !== '', 'a day heading');
      // The page's own call: its first page, newest first, as the cards show it.
      const page = await getJson<{ events: { id: number }[] }>(
        s,
        `api/v2/events?siteID=${siteID}&limit=25&fields=timeline`,
      );
      const first = page.events[0];
      if (!first) throw new Error('no event on the first page');
      const card = `[data-qa="timeline-card"][data-event-id="${first.id}"]`;
      await expectSeen(s, `${card} [data-qa="timeline-card-status"]`, (e) => e.text.trim() !== '');
      await waitUntil(`the API's first event (${first.id}) as the first card`, async () => {
        const shown = await s.driver.run<string[]>(CARD_IDS);
        return shown[0] === String(first.id);
      });
      await shot(s, 'timeline');
    },
  },
  {
    name: 'an event in the drawer with its comment thread',
    async run(s) {
      const ids = await s.driver.run<string[]>(CARD_IDS);
      const id = ids[0];
      if (!id) throw new Error('no card on the timeline');
      await click(s, `[data-qa="timeline-card"][data-event-id="${id}"] [data-qa="timeline-card-open"]`);
      await expectSeen(s, `[data-qa="drawer-event"][data-event-id="${id}"]`, undefined, 'the drawer', 60_000);
      await expectSeen(s, '[data-qa="comments"]', undefined, 'the comment thread');
      const before = await s.driver.run<string[]>(QA_OF, '[data-qa="comment"]');
      const text = `${s.driver.engine} smoke ${Date.now().toString(36)}: asked about it at pick-up`;
      const posted = `/api/v1/events/${id}/comments`;
      const postsBefore = s.proxy.posts.get(posted) ?? 0;
      await typeInto(s, 'textarea[data-qa="comment-input"]', text);
      await click(s, '[data-qa="comment-send"]');
      await expectSeen(
        s,
        '[data-qa="comment"]',
        (e) => e.count === before.length + 1,
        'the comment in the thread',
      );
      await expectSeen(s, '[data-qa="comment-input"]', (e) => e.value === '', 'the comment box emptied');
      const last = await s.driver.run<string>(
        `function () { const t = document.querySelectorAll('[data-qa="comment-text"]'); return t[t.length - 1].textContent; }`,
      );
      if (last !== text) throw new Error(`the thread's last comment reads "${last}"`);
      if ((s.proxy.posts.get(posted) ?? 0) - postsBefore !== 1)
        throw new Error('expected the comment sent once');
      const stored = await getJson<{ events: { comments?: { text: string }[] }[] }>(
        s,
        `api/v3/events/${id}?include=comments`,
      );
      if (stored.events[0]?.comments?.at(-1)?.text !== text) throw new Error('the comment is not stored');
      await shot(s, 'drawer-comment');
    },
  },
  {
    name: 'a medication record with three signatures, published',
    async run(s) {
      const { siteID } = await getJson<Config>(s, 'api/v1/config');
      const childID = await childWithContacts(s, siteID);
      const medicine = `${s.driver.engine} smoke ${Date.now().toString(36)}`;
      await s.driver.open(s.url('/events/new/medication'));
      await expectSeen(s, '[data-qa="medication-record"]', undefined, 'the medication form', 60_000);
      const tile = `[data-qa="child-option-${childID}"]`;
      await click(s, tile);
      await expectSeen(s, tile, (e) => e.attrs['aria-selected'] === 'true', 'the child chosen');
      await typeInto(s, 'input[data-qa="medication-name"]', medicine);
      await waitUntil('a medication type', () =>
        s.driver.run<string | null>(SELECT, 'select[data-qa="medication-type"]'),
      );
      await typeInto(s, 'input[data-qa="medication-dosage"]', '5 ml');
      for (const type of SIGNATURE_TYPES) await sign(s, type);
      await expectGone(s, '[data-qa="medication-alert"]');
      await shot(s, 'medication-signed');
      await click(s, `[data-qa="medication-save-as-${EventStatus.Published}"]`);
      // The save closes the drawer back to the timeline.
      await waitUntil(
        'the timeline after the save',
        async () => (await s.driver.run<string>('function () { return location.hash; }')) === '#/events',
        60_000,
      );
      await expectGone(s, '[data-qa="medication-record"]');
      const { medicationSetup } = await graphql<{
        medicationSetup: { recentDoses: { eventID: number; name: string }[] };
      }>(s, 'query($childID: Int) { medicationSetup(childID: $childID) { recentDoses { eventID name } } }', {
        childID,
      });
      const eventID = medicationSetup.recentDoses.find((d) => d.name === medicine)?.eventID;
      if (!eventID) throw new Error('the record is not stored');
      s.medicationEventID = eventID;
      await s.driver.open(s.url(`/events/${eventID}`));
      await expectSeen(s, '[data-qa="medication-read-only"]', undefined, 'the record read-only', 60_000);
      await expectSeen(
        s,
        `[data-qa="medication-record"][data-event-id="${eventID}"]`,
        undefined,
        'the stored record',
      );
      await expectSeen(
        s,
        `[data-qa="medication-save-as-${EventStatus.Draft}"]`,
        (e) => !e.enabled,
        'save disabled',
      );
      for (const type of SIGNATURE_TYPES) {
        const image = `img[data-qa="medication-signature-${type}-image"]`;
        await waitUntil(`the ${type} signature shown`, async () => {
          const shown = await s.driver.run<{ loaded: number }>(IMAGES_LOADED, image);
          return shown.loaded === 1;
        });
      }
      await shot(s, 'medication-published');
    },
  },
  {
    name: "the medication record's print view",
    async run(s) {
      const summary = '[data-qa="medication-print-summary"][data-print="only"]';
      const found = await waitUntil('the print summary in the DOM', () =>
        s.driver.run<string | null>(TEXT_OF, summary),
      );
      if (!found.includes(`${s.driver.engine} smoke`)) throw new Error(`the print summary reads "${found}"`);
      if ((await seen(s, summary))?.visible) throw new Error('the print summary shows on the screen');
      // Under it the drawer's signatures, printed only: hidden on screen, loaded all the same.
      const images = `[data-qa="drawer-event"][data-event-id="${s.medicationEventID}"] [data-print="only"] img[data-qa="drawer-signature-image"]`;
      const printed = await waitUntil('the three print signatures loaded', async () => {
        const n = await s.driver.run<{ count: number; loaded: number }>(IMAGES_LOADED, images);
        return n.count === 3 && n.loaded === 3 ? n : null;
      }).catch(async (error) => {
        const n = await s.driver.run<{ count: number; loaded: number }>(IMAGES_LOADED, images);
        throw new Error(`${(error as Error).message}: ${n.loaded} of ${n.count} loaded`);
      });
      s.note(`print view: ${printed.loaded} signature images loaded`);
    },
  },
];
