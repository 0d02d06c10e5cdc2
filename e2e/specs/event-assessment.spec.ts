import { expect, test } from '@playwright/test';
import { assessmentStrings } from '../../apps/web/src/features/events/assessment/strings.ts';
import { AssessmentPanels, logInAsManager, readConfig } from '../pages/assessmentPanels';
import { freezeClock } from '../pages/demo';
import { texts } from '../pages/texts';

/** Development Matters in the demo data (apps/server/src/demo/frameworks). */
const DM = '-29';
const SCREENS = 'test-results/screens';

interface SavedAnswer {
  id: number;
}
interface StoredEvent {
  id: number;
  statusID: number;
  values: { itemID: string; value: number | null; ageRangeID: number | null }[];
  nextSteps: { id: number; notes: string | null; completed: boolean; links: { itemID: string }[] }[];
}

test.beforeEach(async ({ page }) => {
  await freezeClock(page);
});

test('an assessment with two gradings and a linked next step is saved as a draft', async ({ page }) => {
  await logInAsManager(page);
  const config = await readConfig(page);
  const assessment = config.eventTypes.find((t) => t.tag === 'assessment');
  expect(assessment, 'the demo has an assessment type').toBeDefined();
  const draft = config.eventStatuses.find((s) => s.incomplete && !s.awaitingApproval);
  expect(draft).toBeDefined();

  await page.goto(`/#/add?typeID=${assessment!.id}`);
  const panels = new AssessmentPanels(page);
  await expect(panels.gradings).toBeVisible();

  // One child (assessments take exactly one), and a plain assessment code when there is a choice.
  await page.locator('[data-qa="child-picker"] [data-qa^="child-option-"]').first().click();
  const special = ['two-year-check', 'baseline-assessment'];
  const plain = assessment!.codes.filter((c) => c.enabled && !special.includes(c.key ?? ''));
  if (assessment!.codes.filter((c) => c.enabled).length > 1 && plain.length > 0) {
    await page.locator(`[data-qa="event-code-${plain[0]!.id}"]`).click();
  }
  await expect(panels.side).toBeVisible();
  await expect(panels.side.locator('[data-qa="outstanding-next-steps"]')).toBeVisible();

  // Grade two statements found by search; each statement's own age range is preselected.
  const dm = await panels.openFramework(DM);
  const results = await panels.search(dm, 'Listens');
  const rows = results.locator('[data-qa="grading-row"]');
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) ids.push((await rows.nth(i).getAttribute('data-item-id'))!);
  const [first, second, third] = ids as [string, string, string];

  await panels.grade(panels.row(results, first), 1);
  await panels.grade(panels.row(results, second), 0);
  await expect(panels.row(results, first).locator('[data-qa="grading-age-range"]')).not.toHaveValue('');
  await expect(panels.row(results, second).locator('[data-qa="grading-age-range"]')).not.toHaveValue('');
  await expect(panels.gradingsCount).toHaveAttribute('data-count', '2');

  // A grade without an age range is refused with the domain's message; grading again clears it.
  const thirdRow = panels.row(results, third);
  await panels.grade(thirdRow, 1);
  await thirdRow.locator('[data-qa="grading-age-range-clear"]').click();
  await expect(thirdRow.locator('[data-qa="grading-problem"]')).toHaveText(texts['grading-needs-age-range']);
  await expect(dm.locator('[data-qa="gradings-framework-problems"]')).toHaveText('1');
  await page.screenshot({ path: `${SCREENS}/event-assessment-problem.png`, fullPage: true });
  await panels.grade(thirdRow, 1);
  await expect(thirdRow.locator('[data-qa="grading-problem"]')).toHaveCount(0);
  await expect(panels.gradingsCount).toHaveAttribute('data-count', '2');

  // A next step linked to the first graded item.
  const step = await panels.addNextStep();
  await step.locator('[data-qa="next-step-notes"]').fill('Share a story book at home and talk about it.');
  await step.locator(`[data-qa="next-step-link-graded"][data-item-id="${first}"]`).click();
  await expect(step.locator(`[data-qa="next-step-link"][data-item-id="${first}"]`)).toBeVisible();

  // Deleting asks "Delete this next step?": cancel keeps it, confirm removes it.
  const extra = await panels.addNextStep();
  await expect(panels.nextStepsCount).toHaveText('2');
  await extra.locator('[data-qa="next-step-delete"]').click();
  await expect(panels.confirmDialog).toContainText(texts['delete-next-step']);
  await page.screenshot({ path: `${SCREENS}/event-assessment-delete-confirm.png`, fullPage: true });
  await panels.confirmDialog.getByRole('button', { name: assessmentStrings['next-step-cancel'] }).click();
  await expect(panels.nextStepsCount).toHaveText('2');
  await extra.locator('[data-qa="next-step-delete"]').click();
  await panels.confirmDialog
    .getByRole('button', { name: assessmentStrings['next-step-delete-confirm'] })
    .click();
  await expect(panels.confirmDialog).toHaveCount(0);
  await expect(panels.nextStepsCount).toHaveText('1');

  await page.screenshot({ path: `${SCREENS}/event-assessment.png`, fullPage: true });

  // Save as draft; the POST answer names the new event.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v2\/events(\?|$)/.test(r.url())),
    page.locator(`[data-qa="event-save-${draft!.id}"]`).click(),
  ]);
  expect(response.ok(), await response.text()).toBe(true);
  const saved = (await response.json()) as SavedAnswer[];
  expect(saved).toHaveLength(1);

  const stored = (await (await page.request.get(`/api/v2/events/${saved[0]!.id}`)).json()) as StoredEvent;
  expect(stored.statusID).toBe(draft!.id);
  const values = Object.fromEntries(stored.values.map((v) => [v.itemID, v]));
  expect(Object.keys(values).sort()).toEqual([first, second].sort());
  expect(values[first]).toMatchObject({ value: 1 });
  expect(values[second]).toMatchObject({ value: 0 });
  expect(values[first]!.ageRangeID).not.toBeNull();
  expect(values[second]!.ageRangeID).not.toBeNull();
  expect(stored.nextSteps).toHaveLength(1);
  expect(stored.nextSteps[0]).toMatchObject({
    notes: 'Share a story book at home and talk about it.',
    completed: false,
    links: [{ itemID: first }],
  });
});

test('an early learning goal opens its "More information" dialog', async ({ page }) => {
  await logInAsManager(page);
  const config = await readConfig(page);
  const assessment = config.eventTypes.find((t) => t.tag === 'assessment')!;
  await page.goto(`/#/add?typeID=${assessment.id}`);
  const panels = new AssessmentPanels(page);
  const dm = await panels.openFramework(DM);
  // Areas, then the early learning goals (aspects) below them.
  await dm.locator('[data-qa="gradings-tree"] [data-qa="gradings-node-toggle"]').first().click();
  const info = dm.locator('[data-qa="more-information"]').first();
  await expect(info).toBeVisible();
  await info.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(assessmentStrings['gradings-more-information-title']);
  await page.screenshot({ path: `${SCREENS}/event-assessment-more-information.png`, fullPage: true });
  await page.locator('[data-qa="more-information-close"]').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
