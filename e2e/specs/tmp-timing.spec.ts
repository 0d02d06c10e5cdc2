import { expect, test } from '@playwright/test';
import { demoSites, demoUsers } from '../pages/demo';
import { logInByApi } from '../pages/session';
test('timing', async ({ page, context }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const t0 = Date.now();
  await page.goto('/');
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30000 });
  const home = Date.now() - t0;
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { intervals: [50] , timeout: 30000}).toBe(true);
  const ctl = Date.now() - t0;
  await expect(page.locator('[data-qa="offline-first-second"]')).toHaveText('Ready to work offline', { timeout: 60000 });
  console.log(`home ${home} controlled ${ctl} ready ${Date.now() - t0}`);
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)} ${Math.round(e.duration)} ${e.name.replace(location.origin,'')}`).filter(s=>!s.includes('assets/')));
  console.log(entries.join('\n'));
});
