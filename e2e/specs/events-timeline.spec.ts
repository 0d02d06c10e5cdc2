import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { DraftsFiltersPage } from '../pages/draftsFilters';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { logInByApi, siteChildren, typeByTag, WRITE } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The events timeline and its drawer (issue 31): #/events lists the site's events newest first,
 * grouped by day, filtered (child, room, type, status, author, dates: kept in the URL) and paged by
 * cursor; #/events/{ids} opens them in a drawer with the comment thread; offline the device's copy.
 */
const SHOTS = '.tmp/shots';
const DAY_HEADING = /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{2}\/\d{2}\/\d{4}$/;

const cards = (page: Page) => page.locator('[data-qa="timeline-card"]');
const cardIDs = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-event-id'))));

async function openTimeline(page: Page, query = ''): Promise<void> {
  await page.goto(`/#/events${query}`);
  await expect(page.locator('[data-qa="timeline-page"]')).toBeVisible({ timeout: 30_000 });
  await expect(cards(page).first()).toBeVisible();
}

async function raisedOf(page: Page, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  for (const id of ids)
    out.push(
      Date.parse(
        ((await (await page.request.get(`/api/v2/events/${id}`)).json()) as { raised: string }).raised,
      ),
    );
  return out;
}

interface V3Event {
  id: number;
  childID: number | null;
  signatures?: { signatureType: string; forename: string; surname: string }[];
  comments?: { text: string }[];
}

async function v3(page: Page, ids: number[]): Promise<V3Event[]> {
  const res = await page.request.get(`/api/v3/events/${ids.join(',')}?include=comments,signatures`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { events: V3Event[] }).events;
}

/** The site's events of a type, newest first (their ids). */
async function eventsOfType(page: Page, tag: string, limit = 25): Promise<number[]> {
  const type = await typeByTag(page, tag);
  const { siteID } = (await (await page.request.get('/api/v1/config')).json()) as { siteID: number };
  const answer = (await (
    await page.request.get(`/api/v2/events?siteID=${siteID}&typeID=${type.id}&limit=${limit}`)
  ).json()) as { events: { id: number }[] };
  return answer.events.map((e) => e.id);
}

/** The drawer's root (a zero-size box: assert on what it holds, not on it). */
const drawer = (page: Page) => page.locator('[data-qa="events-drawer"]');

test.describe('events timeline', () => {
  test('lists the events by day, newest first; filters by type and child are kept in the URL; pages on', async ({
    page,
  }, testInfo) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.setViewportSize({ width: 1024, height: 900 });
    await openTimeline(page);
    await expect(page.locator('[data-qa="nav-events"]')).toHaveAttribute('aria-current', 'page');

    // Grouped by day: each heading names the weekday and the date, each day once in a row.
    const headings = await page.locator('[data-qa="timeline-day"]').allTextContents();
    expect(headings.length).toBeGreaterThan(0);
    for (const h of headings) expect(h).toMatch(DAY_HEADING);
    expect(new Set(headings).size).toBe(headings.length);
    // Newest first: the first page's events by their time.
    const first = await cardIDs(page);
    expect(first).toHaveLength(25);
    const raised = await raisedOf(page, first.slice(0, 6));
    expect([...raised].sort((a, b) => b - a)).toEqual(raised);
    const top = cards(page).first();
    await expect(top.locator('[data-qa="timeline-card-time"]')).toHaveText(/^\d{2}:\d{2}$/);
    await expect(top.locator('[data-qa="timeline-card-type"]')).not.toBeEmpty();
    await expect(top.locator('[data-qa="timeline-card-status"]')).not.toBeEmpty();
    await expectTouchSized(page, 'the timeline');
    await page.screenshot({ path: `${SHOTS}/timeline-1024.png` });
    await expectNoSeriousA11yViolations(page, testInfo, 'timeline');

    // "Load more" (the keyboard's way; scrolling near the end does the same): the next page follows.
    const more = page.locator('[data-qa="timeline-load-more"]');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await cardIDs(page)).length).toBeGreaterThan(25);
    const paged = await cardIDs(page);
    expect(paged.slice(0, 25)).toEqual(first);
    expect(new Set(paged).size).toBe(paged.length);

    // By type: only observations; the URL keeps it.
    const observation = await typeByTag(page, 'observation');
    const filters = new DraftsFiltersPage(page);
    await filters.chooseType(observation.value);
    await expect(page).toHaveURL(new RegExp(`[?&]type=${observation.id}(&|$)`));
    await expect(cards(page).first()).toBeVisible();
    await expect
      .poll(async () => [...new Set(await page.locator('[data-qa="timeline-card-type"]').allTextContents())])
      .toEqual([observation.value]);

    // And by child: one child's observations.
    const { siteID } = (await (await page.request.get('/api/v1/config')).json()) as { siteID: number };
    const withObservations = (
      (await (
        await page.request.get(`/api/v2/events?siteID=${siteID}&typeID=${observation.id}&limit=1`)
      ).json()) as {
        events: { childID: number }[];
      }
    ).events[0]!.childID;
    const child = (await siteChildren(page, siteID)).find((c) => c.id === withObservations)!;
    await filters.chooseChild(child);
    await expect(page).toHaveURL(new RegExp(`[?&]child=${child.id}(&|$)`));
    await expect
      .poll(async () => [...new Set(await page.locator('[data-qa="timeline-card-child"]').allTextContents())])
      .toEqual([`${child.forename} ${child.surname}`]);
    const filtered = await cardIDs(page);

    // A reload keeps the filters (the URL), and so does Back after leaving.
    await page.reload();
    await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
    await expect(filters.type).toHaveValue(observation.value);
    expect(await cardIDs(page)).toEqual(filtered);
    await page.locator('[data-qa="nav-drafts"]').click();
    await expect(page).toHaveURL(/#\/draft/);
    await page.goBack();
    await expect(filters.type).toHaveValue(observation.value);
    await expect(page).toHaveURL(new RegExp(`[?&]child=${child.id}(&|$)`));

    // Screens: 768 and 390 px wide as well.
    for (const width of [768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(cards(page).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/timeline-${width}.png` });
    }
  });

  test('the drawer: an event with its comment thread; a comment is appended and still there after a reload; closing keeps the filters', async ({
    page,
  }, testInfo) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.setViewportSize({ width: 1024, height: 900 });
    const observation = await typeByTag(page, 'observation');
    await openTimeline(page, `?type=${observation.id}`);
    const card = cards(page).first();
    const id = Number(await card.getAttribute('data-event-id'));
    // A comment from someone else first: the thread reads it, oldest first.
    const earlier = await page.request.post(`/api/v1/events/${id}/comments`, {
      headers: WRITE,
      data: { text: 'Timeline e2e: Mum asked about this at pick-up.' },
    });
    expect(earlier.status(), await earlier.text()).toBe(201);

    await card.locator('[data-qa="timeline-card-open"]').click();
    await expect(page).toHaveURL(new RegExp(`#/events/${id}\\?type=${observation.id}$`));
    await expect(drawer(page).locator('[data-qa="drawer-event"]')).toHaveAttribute('data-view', 'form');
    await expect(drawer(page).locator('[data-qa="event-view-body"]')).toBeVisible();
    const thread = drawer(page).locator('[data-qa="comment"]');
    await expect(thread.last().locator('[data-qa="comment-text"]')).toHaveText(
      'Timeline e2e: Mum asked about this at pick-up.',
    );
    await expect(thread.last().locator('[data-qa="comment-author"]')).toHaveText(demoUsers.manager.name);
    await expect(thread.last().locator('[data-qa="comment-when"]')).toHaveText(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    const before = await thread.count();

    // Typed text survives a reload before it is sent.
    const input = drawer(page).locator('[data-qa="comment-input"]');
    await input.fill('Timeline e2e: she had a good nap afterwards.');
    await page.reload();
    await expect(input).toHaveValue('Timeline e2e: she had a good nap afterwards.', { timeout: 30_000 });
    await drawer(page).locator('[data-qa="comment-send"]').click();
    await expect(thread).toHaveCount(before + 1);
    await expect(thread.last().locator('[data-qa="comment-text"]')).toHaveText(
      'Timeline e2e: she had a good nap afterwards.',
    );
    await expect(input).toHaveValue('');
    // Stored: after a reload the thread still holds it.
    await page.reload();
    await expect(thread).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(thread.last().locator('[data-qa="comment-text"]')).toHaveText(
      'Timeline e2e: she had a good nap afterwards.',
    );
    await expect(input).toHaveValue('');
    await expectNoSeriousA11yViolations(page, testInfo, 'the events drawer');
    await expectTouchSized(page, 'the events drawer');
    for (const width of [1024, 768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/drawer-${width}.png` });
    }
    await page.setViewportSize({ width: 1024, height: 900 });

    // Closing returns to the timeline with its filters.
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`#/events\\?type=${observation.id}$`));
    await expect(drawer(page).locator('[data-qa="drawer-event"]')).toHaveCount(0);
    await expect(new DraftsFiltersPage(page).type).toHaveValue(observation.value);
  });

  test('several events: prev and next with their position; a snapshot opens in its Spotlight view', async ({
    page,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    const [snapshot] = await eventsOfType(page, 'snapshot', 1);
    const observations = await eventsOfType(page, 'observation', 2);
    expect(snapshot).toBeDefined();
    const ids = [observations[0]!, snapshot!, observations[1]!];
    await page.goto(`/#/events/${ids.join(',')}`);
    const position = drawer(page).locator('[data-qa="drawer-position"]');
    await expect(position).toHaveText('1 of 3', { timeout: 30_000 });
    await expect(drawer(page).locator('[data-qa="drawer-previous"]')).toBeDisabled();
    await expect(drawer(page).locator('[data-qa="drawer-event"]')).toHaveAttribute(
      'data-event-id',
      String(ids[0]),
    );
    await drawer(page).locator('[data-qa="drawer-next"]').click();
    await expect(position).toHaveText('2 of 3');
    const event = drawer(page).locator('[data-qa="drawer-event"]');
    await expect(event).toHaveAttribute('data-event-id', String(snapshot));
    await expect(event).toHaveAttribute('data-view', 'spotlight');
    const open = drawer(page).locator('[data-qa="drawer-open-in-spotlight"]');
    await expect(open).toHaveAttribute('href', `#/spotlight/${snapshot}`);
    await drawer(page).locator('[data-qa="drawer-next"]').click();
    await expect(position).toHaveText('3 of 3');
    await expect(drawer(page).locator('[data-qa="drawer-next"]')).toBeDisabled();
    await drawer(page).locator('[data-qa="drawer-previous"]').click();
    await open.click();
    await expect(page).toHaveURL(new RegExp(`#/spotlight/${snapshot}$`));

    // A new medication record opens in the drawer too (features/medication's form), and closes to /events.
    await page.goto('/#/events/new/medication');
    // The drawer's own close (the record's save bar has a Close of its own).
    const close = drawer(page).locator('[data-qa="drawer-close"]');
    await expect(close).toBeVisible({ timeout: 30_000 });
    await expect(drawer(page).locator('[data-qa="drawer-new-unknown"]')).toHaveCount(0);
    await close.click();
    await expect(page).toHaveURL(/#\/events$/);
    // Anything else after new/ is not a record the drawer makes.
    await page.goto('/#/events/new/sleep');
    await expect(drawer(page).locator('[data-qa="drawer-new-unknown"]')).toBeVisible();
  });

  test('a medication record prints as one A4 page with its three signatures', async ({ page }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    const medication = await eventsOfType(page, 'medication');
    const signed = (await v3(page, medication.slice(0, 20))).find((e) => (e.signatures ?? []).length === 3);
    expect(signed, 'a demo medication record with three signatures').toBeDefined();
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(`/#/events/${signed!.id}`);
    const event = drawer(page).locator('[data-qa="drawer-event"]');
    await expect(event).toHaveAttribute('data-view', 'medication', { timeout: 30_000 });
    // On screen the record's form shows the signatures (its own rows); the print shows the record's
    // summary and the three signatures under it, nothing of the form.
    await expect(drawer(page).locator('[data-qa="medication-record"]')).toBeVisible();
    const images = drawer(page).locator('[data-qa="drawer-signature-image"]');
    await expect(images).toHaveCount(3);
    await expect(images.first()).toBeHidden();
    await expect(drawer(page).locator('[data-qa="medication-print-summary"]')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/drawer-medication-1024.png` });

    // Print: only the drawer's content, no shell and no buttons, on one A4 page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-qa="nav-events"]')).toBeHidden();
    await expect(drawer(page).locator('[data-qa="drawer-print"]')).toBeHidden();
    await expect(drawer(page).locator('[data-qa="medication-print-summary"]')).toBeVisible();
    await expect(drawer(page).locator('[data-qa="medication-section-medicine"]')).toBeHidden();
    for (const s of signed!.signatures!) {
      const role = { AdministeredBy: 'Administered by', Witness: 'Witness', Consent: 'Parent or guardian' }[
        s.signatureType
      ];
      await expect(
        drawer(page).getByAltText(`Signature of ${s.forename} ${s.surname}, ${role}`),
      ).toBeVisible();
    }
    await expect
      .poll(() => images.evaluateAll((els) => els.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/print-medication.png`, fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(1);
    expect((text.match(/\/Subtype\s*\/Image/g) ?? []).length).toBeGreaterThanOrEqual(3);
    await page.emulateMedia({ media: 'screen' });
  });

  test('offline, a comment is kept with a clear notice and sent only once online', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    const [id] = await eventsOfType(page, 'observation', 1);
    await page.goto(`/#/events/${id}`);
    const input = drawer(page).locator('[data-qa="comment-input"]');
    await expect(input).toBeVisible({ timeout: 30_000 });
    const before = await drawer(page).locator('[data-qa="comment"]').count();
    await goOffline(page, context);
    await expect(drawer(page).locator('[data-qa="drawer-offline-copy"]')).toBeVisible();
    await input.fill('Timeline e2e: written offline.');
    await expect(drawer(page).locator('[data-qa="comments-offline"]')).toBeVisible();
    await expect(drawer(page).locator('[data-qa="comment-send"]')).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/drawer-offline.png` });
    await goOnline(page, context);
    await expect(drawer(page).locator('[data-qa="comments-offline"]')).toBeHidden();
    await drawer(page).locator('[data-qa="comment-send"]').click();
    await expect(drawer(page).locator('[data-qa="comment"]')).toHaveCount(before + 1);
    expect((await v3(page, [id!]))[0]!.comments!.at(-1)!.text).toBe('Timeline e2e: written offline.');
  });

  test('filters that match nothing say so and can be cleared', async ({ page }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/#/events?from=2001-01-01&to=2001-01-02');
    await expect(page.locator('[data-qa="timeline-empty"]')).toBeVisible({ timeout: 30_000 });
    await page.locator('[data-qa="timeline-empty-clear"]').click();
    await expect(cards(page).first()).toBeVisible();
    await expect(page).toHaveURL(/#\/events$/);
  });

  test('a failed load offers Retry', async ({ page }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    let fail = true;
    await page.route(/\/api\/v2\/events\?/, (route) =>
      fail ? route.fulfill({ status: 500, json: { err: 'err-internal' } }) : route.fallback(),
    );
    await page.goto('/#/events');
    await expect(page.locator('[data-qa="timeline-load-error"]')).toBeVisible({ timeout: 30_000 });
    fail = false;
    await page.locator('[data-qa="timeline-retry"]').click();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator('[data-qa="timeline-load-error"]')).toBeHidden();
  });

  test('offline, the pages last seen stay readable from the device copy, with a notice', async ({
    page,
    context,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await openTimeline(page);
    await waitForServiceWorker(page);
    await openTimeline(page);
    const seen = await cardIDs(page);
    // The device's copy holds the timeline's pages (written a moment after they arrive).
    await expect
      .poll(async () => /\[\\*"timeline\\*",\\*"list\\*",/.test(await persistedCopy(page)), {
        timeout: 20_000,
      })
      .toBe(true);
    await goOffline(page, context);
    await page.reload();
    await expect(page.locator('[data-qa="timeline-offline"]')).toBeVisible({ timeout: 30_000 });
    await expect(cards(page).first()).toBeVisible();
    expect((await cardIDs(page)).slice(0, 10)).toEqual(seen.slice(0, 10));
    await page.screenshot({ path: `${SHOTS}/timeline-offline.png` });
    // A filter never seen on this device: said plainly, no endless loading.
    await page.goto('/#/events?from=2001-01-01');
    await expect(page.locator('[data-qa="timeline-offline-no-copy"]')).toBeVisible();
    await goOnline(page, context);
  });
});
