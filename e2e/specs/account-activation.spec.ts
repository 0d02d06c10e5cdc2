import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { HomePage } from '../pages/home';
import { inviteStaff, linkInMail } from '../pages/mail';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Activation (issue 30, spec 002 §5): a manager invites a new member of staff through #/settings/staff,
 * the invitation e-mail arrives (the outbox's sender, written to MAIL_DROP_DIR), its link opens on a
 * device nobody is signed in on; a weak password and a mismatch are refused with the spec's words,
 * submit stays disabled until all is valid, then the member is signed in on Home. The link works once.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/account-activation-${name}.png`, fullPage: true });

const member = { forename: 'Ola', surname: 'Newstart', email: 'ola.newstart@example.org' };

test('activate an invited account from the e-mail that arrived; the link works once', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  await inviteStaff(page, member);
  const link = await linkInMail(member.email, 'activate/[A-Za-z0-9_-]+');

  const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const tablet = await context.newPage();
  await tablet.goto(link);
  await expect(tablet.locator('[data-qa="activate-intro"]')).toContainText(member.email);
  await expect(tablet.locator('[data-qa="activate-intro"]')).toContainText('Demo Nursery Group');
  const submit = tablet.locator('[data-qa="activate-submit"]');
  await expect(submit).toBeDisabled();

  // A common password, then a mismatch: the spec's messages under their fields.
  await tablet.locator('input[data-qa="account-password"]').fill('Password1');
  await expect(tablet.getByText('must be at least 7 characters long and hard to guess')).toBeVisible();
  await expect(tablet.locator('[data-qa="account-strength"]')).toHaveAttribute('data-score', /^[01]$/);
  await tablet.locator('input[data-qa="account-password"]').fill('Blue kite 47 river');
  await expect(tablet.locator('[data-qa="account-strength"]')).toHaveAttribute('data-score', /^[234]$/);
  await tablet.locator('input[data-qa="account-confirm-password"]').fill('Blue kite 47 rive');
  await expect(tablet.getByText('Passwords do not match')).toBeVisible();
  await tablet.locator('input[data-qa="account-confirm-password"]').fill('Blue kite 47 river');
  await expect(tablet.getByText('Passwords do not match')).toBeHidden();
  await expect(submit).toBeDisabled();
  await tablet.locator('[data-qa="activate-question"]').fill('Name of my first teacher');
  await expect(submit).toBeDisabled();
  await tablet.locator('[data-qa="activate-answer"]').fill('Mrs Patel');
  await expect(submit).toBeEnabled();
  await shot(tablet, 'form-768');
  await expectTouchSized(tablet, 'activation');
  await expectNoSeriousA11yViolations(tablet, testInfo, 'account-activation-768');
  await tablet.setViewportSize(viewports.phone);
  await shot(tablet, 'form-390');
  await expectTouchSized(tablet, 'activation at 390 px');

  await submit.click();
  await expect(tablet).toHaveURL(/#\/$/);
  await new HomePage(tablet).expectLoaded();
  await context.close();

  // The code does not work twice.
  const again = await browser.newContext({ viewport: viewports.phone });
  const second = await again.newPage();
  await second.goto(link);
  await expect(second.locator('[data-qa="activate-invalid"]')).toContainText('not valid');
  await shot(second, 'used-390');
  await again.close();
});
