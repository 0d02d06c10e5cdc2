import { expect, type Page, test } from '@playwright/test';
import { detailsStrings } from '../../apps/web/src/features/profile/strings/details.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers, viewports } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { png } from '../pages/png';
import { logInByApi } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * The profile's details (issue 30; spec 002 §2 Profile accordion, §4 Forms, §5 Profile, §6): a
 * practitioner changes her mobile number, which goes to a manager as a change request; the manager
 * approves it on Home and the practitioner's profile then shows it. A too-long postcode is refused on
 * the device and nothing is sent. The profile photo: uploaded online and shown at the top; refused
 * offline with the spec's message.
 */
const tx = { ...MESSAGES_EN_GB, ...detailsStrings };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/profile-details-${name}.png`, fullPage: true });

test.use({ viewport: viewports.tablet });

async function openProfile(page: Page, email: string, section: string) {
  await logInByApi(page, email, demoSites.oakTree);
  await page.goto(`/#/profile?section=${section}`);
  const panel = page.locator(`[data-qa="profile-${section}"]`);
  await expect(panel).toBeVisible({ timeout: 30_000 });
  return panel;
}

test('a practitioner changes her mobile number; a manager approves it on Home; her profile shows it', async ({
  page,
  browser,
}) => {
  const contact = await openProfile(page, demoUsers.practitioner.email, 'contact');
  const mobile = contact.locator('[data-qa="profile-detail-telmob"]');
  const submit = contact.locator('[data-qa="profile-contact-submit"]');
  await expect(mobile).toBeVisible();
  await expect(submit).toBeDisabled();
  const number = `07700 9${String(Date.now()).slice(-5)}`;
  await mobile.fill(number);
  await expect(submit).toBeEnabled();
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/v1/change-requests') && r.method() === 'POST',
  );
  await submit.click();
  expect((await sent).postDataJSON()).toEqual({ fields: { telmob: number } });
  await expect(contact.locator('[data-qa="profile-contact-submitted"]')).toHaveText(
    tx['change-submitted-awaiting-approval'],
  );
  await expect(submit).toBeDisabled();
  await expect(contact.locator('[data-qa="profile-contact-awaiting"]')).toContainText(number);
  await shot(page, 'submitted');

  // The manager, on another device, approves it on Home's requests widget.
  const managerContext = await browser.newContext({ viewport: viewports.tablet });
  const manager = await managerContext.newPage();
  await logInByApi(manager, demoUsers.manager.email, demoSites.oakTree);
  const list = (await (await manager.request.get('/api/v1/change-requests')).json()) as {
    requests: { id: number; tablename: string; person: { forename: string } }[];
  };
  const request = list.requests.find((r) => r.tablename === 'StaffMember' && r.person.forename === 'Sam')!;
  expect(request).toBeTruthy();
  await manager.goto('/');
  const card = manager.locator(`[data-qa="change-request"][data-request-id="${request.id}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(number);
  await card.locator('[data-qa="change-request-approve"]').click();
  await manager.locator('[data-qa="change-request-confirm"]').click();
  await expect(card).toHaveCount(0);
  await managerContext.close();

  // The practitioner opens her profile again: the new number, nothing awaiting.
  await page.reload();
  await expect(page.locator('[data-qa="profile-detail-telmob"]')).toHaveValue(number);
  await expect(page.locator('[data-qa="profile-contact-awaiting"]')).toHaveCount(0);
});

test('a too-long postcode shows the length message and sends nothing', async ({ page }, testInfo) => {
  const address = await openProfile(page, demoUsers.manager.email, 'address');
  let sent = 0;
  await page.route('**/api/v1/change-requests', (route) => {
    if (route.request().method() === 'POST') sent += 1;
    return route.continue();
  });
  const postcode = address.locator('[data-qa="profile-detail-postcode"]');
  await postcode.fill('X'.repeat(21));
  await expect(address).toContainText(tx['this-field-has-max-length-of'].replace('{{limit}}', '20'));
  const submit = address.locator('[data-qa="profile-address-submit"]');
  await expect(submit).toBeDisabled();
  await postcode.press('Enter');
  await page.locator('[data-qa="profile-biography-toggle"]').click();
  await expect(page.locator('[data-qa="profile-detail-biography"]')).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await expectNoSeriousA11yViolations(page, testInfo, 'profile details');
  await expectTouchSized(page, 'profile details');
  await shot(page, 'sections-1024');
  expect(sent).toBe(0);
});

test('the profile photo: uploaded and shown online, refused offline with the spec message', async ({
  page,
  context,
}, testInfo) => {
  await openProfile(page, demoUsers.manager.email, 'contact');
  const photo = page.locator('[data-qa="profile-photo"]');
  await expect(photo.locator('[data-qa="profile-photo-initials"]')).toHaveText('RM');
  const uploaded = page.waitForResponse(
    (r) => /\/api\/v1\/people\/\d+\/image\.jpg$/.test(r.url()) && r.request().method() === 'POST',
  );
  await photo.locator('[data-qa="profile-photo-input"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png(640, 480),
  });
  expect((await uploaded).status()).toBe(200);
  await expect(photo.locator('[data-qa="profile-photo-image"]')).toBeVisible();
  await expect
    .poll(() =>
      photo.locator('[data-qa="profile-photo-image"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(512);
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.screenshot({ path: 'test-results/screens/profile-details-photo-1024.png' });

  // Offline: the button refuses with the spec's words and nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/image.jpg') && r.method() === 'POST') sent += 1;
  });
  await goOffline(page, context);
  await photo.locator('[data-qa="profile-photo-upload"]').click();
  await expect(photo.locator('[data-qa="profile-photo-offline"]')).toHaveText(tx['profile-photo-offline']);
  expect(sent).toBe(0);
  // The details need a connection too: the button says so and stays disabled after an edit.
  await page.locator('[data-qa="profile-detail-telwork"]').fill('0117 496 0123');
  await expect(page.locator('[data-qa="profile-contact-offline"]')).toHaveText(tx['profile-details-offline']);
  await expect(page.locator('[data-qa="profile-contact-submit"]')).toBeDisabled();
  await goOnline(page, context);

  // The 390 px phone: the header and the sections, open.
  await page.setViewportSize(viewports.phone);
  await page.locator('[data-qa="profile-address-toggle"]').click();
  await expect(page.locator('[data-qa="profile-detail-postcode"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'profile details 390');
  await shot(page, 'phone-390');
});
