import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { DraftsFiltersPage } from '../pages/draftsFilters';
import { goOffline, goOnline, persistedCopy, waitForServiceWorker } from '../pages/offline';
import { logInByApi, siteChildren, typeByTag } from '../pages/session';
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
