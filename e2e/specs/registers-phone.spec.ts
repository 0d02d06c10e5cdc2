import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { EmergencyPage } from '../pages/emergency';
import { LoginPage } from '../pages/login';
import { RegisterPage, type RegisterRowInfo, registerTexts as tx } from '../pages/register';
import { logInByApi } from '../pages/session';
import { StaffRegisterPage } from '../pages/staffRegister';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Issue 27, "Capture and registers": the registers and Emergency contacts on a 390 × 844 phone (no
 * sideways scroll, nothing drawn over anything else, a compact sticky block), the register's friction
 * (the selection on a tab change, a same-minute check-out, toasts clear of the action buttons and one
 * per kind), the login page's and register alert's touch sizes, and Escape on the folded menu.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/registers-phone-${name}.png` });

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

/** No two of the visible boxes matched by `selector` inside `scope` overlap (by more than 1 px). */
async function expectNoOverlap(scope: Locator, selector: string, what: string): Promise<void> {
  const overlaps = await scope.evaluate((root, sel) => {
    const boxes = Array.from(root.querySelectorAll(sel))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 1 && y > 1) found.push(`${a.el.textContent?.trim()} × ${b.el.textContent?.trim()}`);
      }
    }
    // And nothing sticks out of the scope sideways.
    const outer = root.getBoundingClientRect();
    for (const { el, r } of boxes) {
      if (r.right > outer.right + 1 || r.left < outer.left - 1)
        found.push(`${el.textContent?.trim()} outside`);
    }
    return found;
  }, selector);
  expect(overlaps, `overlapping controls in ${what}`).toEqual([]);
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: viewports.phone });

  test('Emergency contacts, the staff register and the register fit the phone', async ({ page }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);

    // Emergency contacts: every number on its own, the page never wider than the phone.
    const emergency = new EmergencyPage(page);
    await page.goto('/#/emergency');
    await emergency.expectLoaded();
    await expect(emergency.children.first()).toBeVisible();
    await shot(page, 'emergency');
    await expectNoSidewaysScroll(page, 'Emergency contacts');
    const withNumbers = page.locator('[data-qa="emergency-contact"]').first();
    await expectNoOverlap(withNumbers, 'a, span', 'an emergency contact');
    for (const contact of (await page.locator('[data-qa="emergency-contact"]').all()).slice(0, 12)) {
      await expectNoOverlap(contact, 'td', 'an emergency contact');
    }

    // The staff register: each row's controls side by side or under each other, never over.
    const staff = new StaffRegisterPage(page);
    await staff.open();
    await staff.expectLoaded();
    await expect(staff.rows.first()).toBeVisible();
    await shot(page, 'staff-register');
    await expectNoSidewaysScroll(page, 'the staff register');
    for (const row of (await staff.rows.all()).slice(0, 8)) {
      await expectNoOverlap(row, 'button, input, a, [data-qa="staff-shift-name"]', 'a staff register row');
    }
    await expectTouchSized(page, 'the staff register at 390 px');

    // The register: its sticky block is compact (the issue measured 300 of 844 px).
    const register = new RegisterPage(page);
    await register.open();
    await expect(register.rows.first()).toBeVisible();
    await shot(page, 'register');
    await expectNoSidewaysScroll(page, 'the register');
    const sticky = await page.locator('[data-qa="register-actions"]').boundingBox();
    expect(sticky!.height, 'the register sticky block on a phone (px)').toBeLessThanOrEqual(160);
    await expectNoOverlap(
      page.locator('[data-qa="register-actions"]'),
      'button, input',
      'the register actions',
    );
    await expectTouchSized(page, 'the register at 390 px');
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: viewports.tablet });

  test('the register: tab change clears the selection, a same-minute check-out, toasts clear of the buttons', async ({
    page,
  }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    const register = new RegisterPage(page);
    await register.open();
    await register.showTab('due');
    const due = (await register.rowInfo()).filter((r) => r.status === tx['register-status-due']);
    const starts = new Map<string, RegisterRowInfo[]>();
    for (const r of due) starts.set(r.start, [...(starts.get(r.start) ?? []), r]);
    const [a, b] = ([...starts.values()].sort((x, y) => y.length - x.length)[0] ?? []) as RegisterRowInfo[];
    expect(b, 'two due rows of one start in the demo').toBeDefined();

    // A selection does not carry to another tab.
    await register.select(a!.bookingID);
    await expect(page.locator('[data-qa="register-selected-count"]')).toHaveText('1 selected');
    await register.showTab('all');
    await expect(page.locator('[data-qa="register-selected-count"]')).toHaveText('0 selected');
    await expect(register.row(a!.bookingID).locator('[data-qa="register-row-check"]')).not.toBeChecked();

    // Check both in at their start, then one out in the same minute: allowed, not 'before the check in'.
    await register.select(a!.bookingID);
    await register.select(b!.bookingID);
    await register.setTime(a!.start);
    await register.checkIn.click();
    await register.expectToast(tx['checked-in']);
    await register.showTab('in');
    await register.select(a!.bookingID);
    await register.setTime(a!.start);
    await register.checkOut.click();
    await expect(register.problem).toHaveCount(0);
    await register.expectToast(tx['checked-out']);
    await expect(register.status(a!.bookingID)).toHaveText(tx['register-status-left']);
    await expect(register.row(a!.bookingID)).toContainText(`Out ${a!.start}`);

    // Two more of the same kind: one 'Checked in.' toast at a time, never over the action buttons.
    await register.showTab('all');
    for (let i = 0; i < 2; i++) {
      await register.select(a!.bookingID);
      await register.undoCheckOut.click();
      const confirm = page.locator('[data-qa="register-undo-check-out-confirm"]');
      const undone = register.status(a!.bookingID).getByText(tx['register-status-in'], { exact: true });
      await expect(confirm.or(undone)).toBeVisible();
      if (await confirm.isVisible()) await confirm.click();
      await expect(undone).toBeVisible();
      if (i === 0) {
        await register.select(a!.bookingID);
        await register.setTime(a!.start);
        await register.checkOut.click();
        await expect(register.status(a!.bookingID)).toHaveText(tx['register-status-left']);
      }
    }
    const toasts = page.getByText(tx['checked-in'], { exact: true });
    await expect(toasts).toHaveCount(1);
    await shot(page, 'toast');
    const toast = await page.locator('.mantine-Notification-root').first().boundingBox();
    const bar = await page.locator('[data-qa="register-actions"]').boundingBox();
    expect(toast, 'a toast').not.toBeNull();
    const overlaps = toast!.y < bar!.y + bar!.height && bar!.y < toast!.y + toast!.height;
    expect(overlaps, 'the toast covers the register action buttons').toBe(false);

    // The register alert (nothing selected): its close button is a 44 px target.
    await register.checkIn.click();
    await expect(register.problem).toBeVisible();
    await expectTouchSized(page, 'the register with its alert');
    await shot(page, 'alert');
  });

  test('the login page is touch sized', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.password.fill('secret');
    await expectTouchSized(page, 'the login page');
  });
});

test.describe('on a portrait tablet (768 px)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('Escape closes the full-screen menu and gives focus back to the burger', async ({ page }) => {
    await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
    await page.goto('/');
    await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
    const burger = page.locator('[data-qa="nav-burger"]');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('[data-qa="main-navigation"]')).toBeInViewport();
    await page.locator('[data-qa="main-navigation"] a').first().focus();
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
    await expect(page.locator('[data-qa="main-navigation"]')).not.toBeInViewport();
  });
});
