/** Demo accounts from DEMO.md (password for all: nursery-demo). */
export const DEMO_PASSWORD = 'nursery-demo';

export const demoUsers = {
  manager: { email: 'manager@example.org', name: 'Ruth Manager' },
  practitioner: { email: 'practitioner@example.org', name: 'Sam Practitioner' },
  parent: { email: 'parent@example.org', name: 'Alex Parent' },
} as const;

export const demoSites = { oakTree: 'Oak Tree Nursery', willow: 'Willow Nursery' } as const;

/** Viewports the product is designed for: a 10-inch tablet both ways round, and a phone. */
export const viewports = {
  tablet: { width: 1280, height: 800 },
  tabletPortrait: { width: 800, height: 1280 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * The app reads its clock from window.__NURSERY_NOW__ when set (apps/web/src/lib/clock.ts): a fixed
 * instant makes the Home heading predictable. 14:05 UTC on 21 Nov 2026 is 14:05 in London (GMT).
 */
export const FROZEN_NOW = '2026-11-21T14:05:00Z';

/** Freezes the app's clock (before any script of the page runs) at FROZEN_NOW. */
export async function freezeClock(
  page: import('@playwright/test').Page,
  at: string = FROZEN_NOW,
): Promise<void> {
  await page.addInitScript((now) => {
    (window as Window & { __NURSERY_NOW__?: string }).__NURSERY_NOW__ = now;
  }, at);
}

/**
 * The demo staff all have PINs (DEMO.md: manager 1357, practitioner 2468), so the Home PIN prompt never
 * shows with the seeded data. This rewrites only `me.hasPin`/`me.pinDeclined` in the real server's
 * config answer, so the prompt can be exercised without changing the demo accounts.
 */
export async function pretendNoPin(page: import('@playwright/test').Page): Promise<void> {
  await page.route('**/api/v1/config', async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const config = (await response.json()) as { me: { hasPin: boolean; pinDeclined: boolean } };
    config.me.hasPin = false;
    config.me.pinDeclined = false;
    await route.fulfill({ response, json: config });
  });
}
