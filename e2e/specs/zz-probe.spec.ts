import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { logInByApi } from '../pages/session';

test.use({ viewport: viewports.tablet });
test('probe', async ({ page }) => {
  test.setTimeout(300_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  for (const route of ['/', '/register', '/staff-register', '/emergency', '/draft', '/add', '/spotlight/add', '/spotlight/add/big-picture', '/sync', '/notifications', '/audit']) {
    await page.goto(`/#${route}`);
    await page.waitForTimeout(3000);
    const r = await new AxeBuilder({ page })
      .options({ rules: { 'label-content-name-mismatch': { enabled: true }, 'heading-order': { enabled: true } } })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of r.violations) {
      console.log(route, v.id, v.impact, v.nodes.length);
      for (const n of v.nodes.slice(0, 4)) console.log('   ', n.target.join(' '), '|', n.html.slice(0, 160), '|', (n.any[0]?.message ?? n.failureSummary ?? '').slice(0, 160));
    }
  }
  expect(1).toBe(1);
});
