import { expect, type Locator, type Page, test } from '@playwright/test';
import { agendaStrings } from '../../apps/web/src/features/home/widgets/agenda/strings.ts';
import { keyChildrenStrings } from '../../apps/web/src/features/home/widgets/keyChildren/strings.ts';
import { requestsStrings } from '../../apps/web/src/features/home/widgets/requests/strings.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { createDraft, whoAmI } from '../pages/drafts';
import { logInByApi, siteChildren, typeByTag } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Issue 27, "Home that helps": the agenda lists only what is due (not every observation saved today),
 * Today is open, and each day's count equals the rows it lists; the key-children table's last columns
 * fit a 768 px tablet or a hint names them; approving a change request and declining a GDPR request
 * confirm what will change, then say it was done.
 */
const FIRST_LOAD_MS = 30_000;
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `test-results/screens/home-helps-${name}.png`, fullPage });

const agenda = (page: Page) => page.locator('[data-qa="widget-agenda"]');

/** The number a day's "N due" badge shows (0 when there is none). */
async function dueBadge(day: Locator): Promise<number> {
  const badge = day.locator('[data-qa="agenda-count-eventDue"]');
  if ((await badge.count()) === 0) return 0;
  return Number(((await badge.textContent()) ?? '').match(/\d+/)![0]);
}

test.describe('tablet', () => {
  test.use({ viewport: viewports.tablet });

  test('the agenda lists reminders, not an observation saved now; Today is open; counts match the rows', async ({
    page,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    const { siteID } = await whoAmI(page);
    const observation = await typeByTag(page, 'observation');
    const [child] = await siteChildren(page, siteID);
    // Saved now, as the form saves online (due = its time): a record of what happened, not a task.
    const saved = await createDraft(page, {
      typeID: observation.id,
      codeID: observation.codes[0]!.id,
      childID: child!.id,
      notes: 'Issue 27: an observation is not due.',
      raised: new Date().toISOString(),
    });
    await page.goto('/');
    const days = agenda(page).locator('[data-qa="agenda-day"]');
    await expect(days).toHaveCount(3, { timeout: FIRST_LOAD_MS });
    const today = days.nth(0);
    await expect(today.locator('[data-qa="agenda-day-toggle"]')).toContainText(agendaStrings['agenda-today']);
    await expect(today).toHaveAttribute('data-open', 'true');
    await expect(today.locator('[data-qa="agenda-day-toggle"]')).toHaveAttribute('aria-expanded', 'true');
    await expect(agenda(page).locator(`[data-qa="agenda-item"][data-event-id="${saved}"]`)).toHaveCount(0);
    // The demo's reminders (one a day from yesterday) are listed: one due tomorrow.
    await expect(days.nth(1).locator('[data-qa="agenda-item"][data-type="eventDue"]').first()).toBeVisible();
    for (let i = 0; i < 3; i++) {
      const day = days.nth(i);
      const rows = await day.locator('[data-qa="agenda-item"][data-type="eventDue"]').count();
      expect({ day: i, badge: await dueBadge(day) }).toEqual({ day: i, badge: rows });
    }
    await agenda(page).scrollIntoViewIfNeeded();
    await shot(page, 'agenda');
  });

  test('approving a change request shows the old and new values first, then says it was done', async ({
    page,
  }, testInfo) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/');
    const widget = page.locator('[data-qa="home-requests"]');
    await expect(widget).toBeVisible({ timeout: FIRST_LOAD_MS });
    const changes = (await (await page.request.get('/api/v1/change-requests')).json()).requests as {
      id: number;
      person: { forename: string; surname: string };
      fields: { name: string; oldValue: string | null; newValue: string | null }[];
      permittedActions: { approve: boolean };
    }[];
    // The last one that may be approved (another spec declines the first).
    const change = changes.filter((r) => r.permittedActions.approve).at(-1)!;
    const name = `${change.person.forename} ${change.person.surname}`;
    const card = widget.locator(`[data-qa="change-request"][data-request-id="${change.id}"]`);
    await card.locator('[data-qa="change-request-approve"]').click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      requestsStrings['widget-requests-change-confirm-title'].replace('{{name}}', name),
    );
    const rows = dialog.locator('[data-qa="change-request-confirm-field"]');
    await expect(rows).toHaveCount(change.fields.length);
    for (const [i, field] of change.fields.entries()) {
      await expect(rows.nth(i).locator('[data-qa="change-request-confirm-old"]')).toHaveText(
        field.oldValue ?? requestsStrings['widget-requests-none'],
      );
      await expect(rows.nth(i).locator('[data-qa="change-request-confirm-new"]')).toHaveText(
        field.newValue ?? requestsStrings['widget-requests-none'],
      );
    }
    await shot(page, 'change-confirm');
    await expectTouchSized(page, 'change request confirmation');
    await expectNoSeriousA11yViolations(page, testInfo, 'change request confirmation');

    // Cancel changes nothing; confirm approves and says so.
    await dialog.locator('[data-qa="change-request-cancel"]').click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();
    await card.locator('[data-qa="change-request-approve"]').click();
    await page.locator('[data-qa="change-request-confirm"]').click();
    await expect(
      page.getByText(requestsStrings['widget-requests-change-approved'].replace('{{name}}', name)),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    await shot(page, 'change-approved');
  });

  test('declining a GDPR erasure request says what declining means, then that it was done', async ({
    page,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/');
    const widget = page.locator('[data-qa="home-requests"]');
    await expect(widget).toBeVisible({ timeout: FIRST_LOAD_MS });
    const list = (await (await page.request.get('/api/v1/gdpr-erasure-requests')).json()).requests as {
      id: number;
      child: { forename: string; surname: string } | null;
      person: { forename: string; surname: string } | null;
      permittedActions: { approve: boolean; decline: boolean };
    }[];
    const request = list.find((r) => r.permittedActions.approve && r.permittedActions.decline)!;
    const subject = (request.child ?? request.person)!;
    const name = `${subject.forename} ${subject.surname}`;
    const card = widget.locator(`[data-qa="gdpr-request"][data-request-id="${request.id}"]`);
    await card.locator('[data-qa="gdpr-request-decline"]').click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      requestsStrings['widget-requests-gdpr-decline-title'].replace('{{name}}', name),
    );
    await expect(dialog).toContainText(
      requestsStrings['widget-requests-gdpr-decline-body'].replace('{{name}}', name),
    );
    await shot(page, 'gdpr-decline-confirm');
    // Nothing is decided until the user confirms.
    const still = (await (await page.request.get('/api/v1/gdpr-erasure-requests')).json()).requests as {
      id: number;
    }[];
    expect(still.map((r) => r.id)).toContain(request.id);
    await page.locator('[data-qa="gdpr-request-decline-confirm"]').click();
    await expect(
      page.getByText(requestsStrings['widget-requests-gdpr-declined'].replace('{{name}}', name)),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test.describe('768 × 1024', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test("the key-children table's last column is in view, or a hint names the columns off to the right", async ({
    page,
  }) => {
    await logInByApi(page, demoUsers.practitioner.email);
    await page.goto('/');
    const widget = page.locator('[data-qa="widget-key-children"]');
    const table = widget.locator('[data-qa="key-children-table"]');
    await expect(table).toBeVisible({ timeout: FIRST_LOAD_MS });
    await widget.scrollIntoViewIfNeeded();
    const region = widget.getByRole('region', { name: keyChildrenStrings['key-children-title'] });
    const lastHead = table.locator('thead th').last();
    await expect(lastHead).toHaveText(keyChildrenStrings['key-children-two-year']);
    const inView = async () => {
      const box = (await region.boundingBox())!;
      const head = (await lastHead.boundingBox())!;
      return head.x + head.width <= box.x + box.width + 1;
    };
    const hint = widget.locator('[data-qa="key-children-scroll-hint"]');
    await shot(page, 'key-children-768');
    if (await inView()) {
      await expect(hint).toHaveCount(0);
      return;
    }
    // Off the edge: the hint names the hidden columns, and its button brings them into view.
    await expect(hint).toBeVisible();
    await expect(hint).toContainText(keyChildrenStrings['key-children-two-year']);
    await expectTouchSized(page, 'key children at 768 px');
    await hint.locator('[data-qa="key-children-scroll-right"]').click();
    await expect.poll(inView).toBe(true);
    await expect(hint).toHaveCount(0);
    await shot(page, 'key-children-768-scrolled');
  });
});
