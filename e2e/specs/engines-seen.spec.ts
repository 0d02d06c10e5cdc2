import { expect, type Page, test } from '@playwright/test';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { DRAFT, DraftsPage } from '../pages/drafts';
import { EventEditorPage } from '../pages/eventEditor';
import { keyChildren, logInByApi, typeByTag } from '../pages/session';

/**
 * Issue 27, "Seen in every engine": an online save shows in the drafts list at once; each screen opens
 * at its top and back returns to where the user was; no Content-Security-Policy violation or
 * Permissions-Policy error on load; no request answers 401 around logout.
 */
const FIRST_LOAD_MS = 30_000;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/engines-seen-${name}.png` });

test.use({ viewport: viewports.tablet });

/** Records CSP violations (the page's own event) and the console's errors and warnings. */
async function watchPolicies(
  page: Page,
): Promise<{ violations: () => Promise<string[]>; console: string[] }> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return {
    console,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

test('loading the app reports no Content-Security-Policy violation and no Permissions-Policy error', async ({
  page,
}) => {
  const watch = await watchPolicies(page);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  // Screens that parse answers with the shared schemas, loaded in the same page.
  await page.goto('/#/draft');
  await expect(page.locator('[data-qa="drafts-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  await page.goto('/#/register');
  await expect(page.locator('[data-qa="nav-register"]')).toHaveAttribute('aria-current', 'page');
  await page.waitForLoadState('networkidle');
  expect(await watch.violations()).toEqual([]);
  expect(
    watch.console.filter((m) => /Content.Security.Policy|Permissions.Policy|unsafe-eval/i.test(m)),
  ).toEqual([]);
});

test('an online save shows in the drafts list at once, not 30 s later', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  const observation = await typeByTag(page, 'observation');
  const [child] = await keyChildren(page);
  const drafts = new DraftsPage(page);
  await drafts.open();
  await expect(drafts.cards.first()).toBeVisible({ timeout: FIRST_LOAD_MS });

  // The form in the same page (a hash change, not a reload): the list's copy stays in memory.
  const editor = new EventEditorPage(page);
  await page.goto(`/#/add?typeID=${observation.id}&childID=${child}`);
  await expect(editor.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });
  await editor.pickChild(child!);
  await editor.pickCodeIfAsked();
  await editor.notes.fill('Issue 27: the drafts list shows this at once.');
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/api/v2/events') && r.status() === 201,
  );
  await editor.saveButton(DRAFT).click();
  const saved = (await (await answer).json()) as { id: number }[];
  await expect(editor.created).toContainText('Saved to drafts.');

  await page.locator('[data-qa="nav-drafts"]').click();
  await expect(drafts.root).toBeVisible();
  // Well inside the list's 30-second refresh: the save itself refreshed it.
  await expect(drafts.card(saved[0]!.id)).toBeVisible({ timeout: 5_000 });
});

test('each screen opens at its top; back returns to where the user left that screen', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const drafts = new DraftsPage(page);
  await drafts.open();
  await expect(drafts.cards.nth(10)).toBeVisible({ timeout: FIRST_LOAD_MS });
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);

  await page.locator('[data-qa="nav-register"]').click();
  await expect(page.locator('[data-qa="nav-register"]')).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await shot(page, 'register-at-top');

  await page.goBack();
  await expect(drafts.root).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);

  // A new visit of the same screen (not back) opens at its top.
  await page.locator('[data-qa="nav-register"]').click();
  await expect(page.locator('[data-qa="nav-register"]')).toHaveAttribute('aria-current', 'page');
  await page.locator('[data-qa="nav-drafts"]').click();
  await expect(drafts.title).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(drafts.title).toBeInViewport();
  await shot(page, 'drafts-at-top');
});

test('logging out sends nothing that answers 401, during or after', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: FIRST_LOAD_MS });
  // The background work of a signed-in page is running: sync, offline preparation, refreshes.
  await page.waitForTimeout(1_500);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(`${r.request().method()} ${r.url()}`);
  });
  await page.locator('[data-qa="user-menu"]').click();
  await page.locator('[data-qa="logout"]').click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.locator('input[type="password"]')).toBeVisible();
  // Polls and refreshes would have fired by now.
  await page.waitForTimeout(3_000);
  expect(refused).toEqual([]);
});
