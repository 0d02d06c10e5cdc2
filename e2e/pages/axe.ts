import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Rules that fail the check whatever impact axe gives them (issue 27). `label-content-name-mismatch`
 * (WCAG 2.5.3, a control's accessible name must contain its visible text) is tagged 'experimental' and
 * so was never run by the tag selection below; `heading-order` is a 'best-practice' rule of 'moderate'
 * impact, so it was never run either; `color-contrast` (WCAG 1.4.3) ran but is listed so a lesser
 * impact never lets a low-contrast button through.
 */
export const ALWAYS_FAILING_RULES = [
  'label-content-name-mismatch',
  'heading-order',
  'color-contrast',
] as const;

/**
 * Runs axe (WCAG 2.1 A/AA rules, plus ALWAYS_FAILING_RULES) on the page and fails on any serious or
 * critical violation and on any of ALWAYS_FAILING_RULES. The full report is attached to the test, so
 * lesser findings can be reviewed too.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  // A transition still running (a button's label fading back in after its loading state, a modal
  // fading in) measures as a half-transparent colour: a contrast the settled screen does not have.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    // Rules outside the tags (or experimental) are switched on by name. options() replaces every
    // option, so it comes before withTags(), which adds runOnly.
    .options({
      rules: Object.fromEntries(ALWAYS_FAILING_RULES.map((id) => [id, { enabled: true }])),
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  await testInfo.attach(`axe-${name}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const serious = results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        (ALWAYS_FAILING_RULES as readonly string[]).includes(violation.id),
    )
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `serious/critical axe violations on ${name}`).toEqual([]);
}
