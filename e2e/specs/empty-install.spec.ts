import { expect, type Page, test } from '@playwright/test';
import { viewports } from '../pages/demo';
import { DraftsPage } from '../pages/drafts';
import { EventEditorPage } from '../pages/eventEditor';
import { LoginPage } from '../pages/login';
import { RegisterPage } from '../pages/register';
import { e2ePort, type OwnServer, startOwnServer } from '../pages/server';
import { texts } from '../pages/texts';
import { closeToasts } from '../pages/toasts';

/**
 * Issue 29, "the empty-install walk": a nursery's first day with the product. An empty install
 * (DEMO_DATA=0: one provider, one site "Main site" with the default rooms, and the first manager from
 * ADMIN_EMAIL/ADMIN_PASSWORD) is set up entirely through the UI: the manager logs in, gives the site an
 * address and opening days and hours, adds a room and a session, invites two members of staff (the
 * invitations show in This device's outbox), adds three children in the room with a key person and a
 * booking pattern each, a parent for each linked to the child, sees the three booked in today's
 * register and records a first observation, which shows in Drafts and on Home.
 *
 * The suite's own server runs the demo data, so this spec starts a server of its own (E2E port + 50,
 * a fresh data directory) and stops it afterwards.
 */
const ADMIN_EMAIL = 'first.manager@example.org';
const ADMIN_PASSWORD = 'first-day-at-nursery';
const SITE = 'Main site';
const ROOM = 'Rainbows';
const SESSION = 'Full day';

/** Closes the save toasts first, as a user would: the picture shows the page, not the notices. */
async function shot(page: Page, name: string) {
  await closeToasts(page);
  await page.screenshot({ path: `test-results/screens/empty-install-${name}.png`, fullPage: true });
}

/** Today in London as YYYY-MM-DD, and its ISO weekday (1 Monday … 7 Sunday). */
function londonToday(): { iso: string; weekday: number } {
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return { iso, weekday: new Date(`${iso}T12:00:00Z`).getUTCDay() || 7 };
}

const staffToInvite = [
  { forename: 'Priya', surname: 'Okafor', email: 'priya.okafor@example.org', job: 'Room leader' },
  { forename: 'Tom', surname: 'Hughes', email: 'tom.hughes@example.org', job: 'Nursery practitioner' },
] as const;

const childrenToAdd = [
  { forename: 'Ava', surname: 'Lindqvist', dob: '2023-04-12', parent: 'Maja', relation: 'Mother' },
  { forename: 'Noah', surname: 'Bennett', dob: '2023-09-30', parent: 'Sam', relation: 'Father' },
  { forename: 'Isla', surname: 'Mensah', dob: '2024-02-05', parent: 'Kofi', relation: 'Father' },
] as const;

let server: OwnServer;

test.use({ viewport: viewports.tablet });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(e2ePort() + 50, {
    DEMO_DATA: '0',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function chooseOption(page: Page, qa: string, option: RegExp | string) {
  await page.locator(`[data-qa="${qa}"]`).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('from the first login to a site with a room, staff, children, bookings and a first observation', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const base = server.baseURL;
  const today = londonToday();
  // The site opens Monday to Friday, and today too when today is a weekend day, so today's register
  // has the children in it on any day the test runs.
  const days = [...new Set([1, 2, 3, 4, 5, today.weekday])].sort();
  const childIDs: number[] = [];
  await test.step('the first manager logs in and finds an empty settings hub to start from', async () => {
    await page.goto(`${base}/#/login`);
    const login = new LoginPage(page);
    await expect(login.root).toBeVisible({ timeout: 30_000 });
    await login.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 60_000 });
    // A first login has no PIN yet: the prompt is declined for now.
    const noThanks = page.locator('[data-qa="pin-no-thanks"]');
    if (await noThanks.isVisible()) await noThanks.click();
    await page.goto(`${base}/#/settings`);
    await expect(page.locator('[data-qa="settings-page"]')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('Sites: the address, opening days and hours, a room and a session', async () => {
    await page.locator('[data-qa="settings-card"][data-card="sites"]').click();
    await expect(page).toHaveURL(/#\/settings\/sites$/);
    const row = page.locator('[data-qa="sites-row"]').filter({ hasText: SITE });
    await row.locator('[data-qa="sites-open"]').click({ timeout: 30_000 });
    await expect(page.locator('[data-qa="site-title"]')).toHaveText(SITE);

    await page.locator('[data-qa="site-address-line"]').first().fill('1 Meadow Road');
    await page.locator('[data-qa="site-postcode"]').fill('LS6 2AB');
    for (const day of [1, 2, 3, 4, 5, 6, 7]) {
      const box = page.locator(`[data-qa="site-opening-day"][data-day="${day}"]`);
      if (days.includes(day)) await box.check();
      else await box.uncheck();
    }
    await page.locator('[data-qa="site-opens-at-hours"]').fill('07');
    await page.locator('[data-qa="site-opens-at-minutes"]').fill('30');
    await page.locator('[data-qa="site-closes-at-hours"]').fill('18');
    await page.locator('[data-qa="site-closes-at-minutes"]').fill('00');
    await page.locator('[data-qa="site-save"]').click();
    await expect(page.getByText(`Saved ${SITE}.`).last()).toBeVisible();

    const addRoom = page.locator('[data-qa="room-add-form"]');
    await addRoom.locator('[data-qa="room-name"]').fill(ROOM);
    await addRoom.locator('[data-qa="room-capacity"]').fill('12');
    await addRoom.locator('[data-qa="room-age-from"]').fill('0');
    await addRoom.locator('[data-qa="room-age-to"]').fill('60');
    await page.locator('[data-qa="room-add"]').click();
    await expect(page.locator(`[data-qa="site-room"][data-room="${ROOM}"]`)).toContainText(
      'Capacity 12 · 0–60 months · 0 children',
    );

    // A session over the opening hours: the new session's times follow the hours just saved.
    await expect(page.locator('[data-qa="session-start-hours"]').last()).toHaveValue('07');
    await expect(page.locator('[data-qa="session-start-minutes"]').last()).toHaveValue('30');
    await page.locator('[data-qa="session-name"]').last().fill(SESSION);
    await page.locator('[data-qa="session-add"]').click();
    await expect(page.locator(`[data-qa="site-session"][data-session="${SESSION}"]`)).toBeVisible();
    await shot(page, 'site');
  });

  await test.step('Staff: two members invited, their invitations in the outbox', async () => {
    for (const member of staffToInvite) {
      await page.goto(`${base}/#/settings`);
      await page.locator('[data-qa="settings-card"][data-card="staff"]').click();
      await expect(page).toHaveURL(/#\/settings\/staff$/);
      await page.locator('[data-qa="staff-admin-add"]').click();
      await expect(page).toHaveURL(/#\/settings\/staff\/new$/);
      await page.locator('[data-qa="staff-field-forename"]').fill(member.forename);
      await page.locator('[data-qa="staff-field-surname"]').fill(member.surname);
      await page.locator('[data-qa="staff-field-email"]').fill(member.email);
      await page.locator('[data-qa="staff-field-jobTitle"]').fill(member.job);
      await page
        .locator('[data-qa="staff-field-roleIDs"]')
        .getByLabel('Practitioner', { exact: true })
        .check();
      await page.locator('[data-qa="staff-admin-save"]').click();
      await expect(page).toHaveURL(/#\/settings\/staff\/\d+$/, { timeout: 30_000 });
      await expect(page.locator('[data-qa="staff-member-title"]')).toHaveText(
        `${member.forename} ${member.surname}`,
      );
      await expect(page.locator('[data-qa="staff-invitation"]')).toHaveAttribute('data-state', 'pending');
    }
    await page.goto(`${base}/#/settings/staff`);
    await expect(page.locator('[data-qa="staff-admin-row"]')).toHaveCount(3, { timeout: 30_000 });

    await page.goto(`${base}/#/settings/device`);
    const outbox = page.locator('[data-qa="outbox"]');
    for (const member of staffToInvite) {
      const invitation = outbox.locator('[data-qa="outbox-message"]', { hasText: member.email });
      await expect(invitation).toHaveCount(1, { timeout: 30_000 });
      await expect(invitation).toContainText('You are invited to');
    }
    await shot(page, 'outbox');
  });

  await test.step('Children: three in the room with a key person and a booking pattern each', async () => {
    for (const [i, child] of childrenToAdd.entries()) {
      await page.goto(`${base}/#/settings`);
      await page.locator('[data-qa="settings-card"][data-card="children"]').click();
      await expect(page).toHaveURL(/#\/settings\/children$/);
      await page.locator('[data-qa="children-admin-add"]').click();
      await expect(page).toHaveURL(/#\/settings\/children\/new$/);
      await expect(page.locator('[data-qa="child-record-site"]')).toHaveValue(SITE, { timeout: 30_000 });
      await page.locator('[data-qa="child-record-forename"]').fill(child.forename);
      await page.locator('[data-qa="child-record-surname"]').fill(child.surname);
      await page.locator('[data-qa="child-record-dob"]').fill(child.dob);
      await page.locator('[data-qa="child-record-start"]').fill(today.iso);
      await chooseOption(page, 'child-record-room', ROOM);
      const keyPerson = staffToInvite[i % staffToInvite.length]!;
      await chooseOption(page, 'child-record-key-person', `${keyPerson.forename} ${keyPerson.surname}`);
      await page.locator('[data-qa="child-record-save"]').click();
      await expect(page.getByText(`Added ${child.forename} ${child.surname}.`)).toBeVisible();
      await expect(page).toHaveURL(/#\/settings\/children\/\d+$/);
      childIDs.push(Number(page.url().split('/').pop()));

      await chooseOption(page, 'booking-pattern-session', new RegExp(SESSION));
      for (const day of days) await page.locator(`[data-qa="booking-pattern-day-${day}"]`).check();
      await page.locator('[data-qa="booking-pattern-add"]').click();
      await expect(page.locator('[data-qa="booking-pattern"]')).toHaveCount(1);
      await expect(page.locator('[data-qa="booking-pattern-status"]')).toHaveText('Active');
    }
    await page.goto(`${base}/#/settings/children`);
    await expect(page.locator('[data-qa="children-admin-row"]')).toHaveCount(3, { timeout: 30_000 });
    await shot(page, 'children');
  });

  await test.step('Contacts: a parent for each child, linked to the child', async () => {
    for (const child of childrenToAdd) {
      await page.goto(`${base}/#/settings`);
      await page.locator('[data-qa="settings-card"][data-card="contacts"]').click();
      await expect(page).toHaveURL(/#\/settings\/contacts$/);
      await page.locator('[data-qa="contacts-add"]').click();
      await expect(page).toHaveURL(/#\/settings\/contacts\/new$/);
      await page.locator('[data-qa="contact-forename"]').fill(child.parent);
      await page.locator('[data-qa="contact-surname"]').fill(child.surname);
      await page.locator('[data-qa="contact-type"]').selectOption(child.relation);
      await page.locator('[data-qa="contact-create"]').click();
      await expect(page).toHaveURL(/#\/settings\/contacts\/\d+$/, { timeout: 30_000 });
      await expect(page.locator('[data-qa="contact-name"]')).toHaveText(`${child.parent} ${child.surname}`);

      await page.locator('[data-qa="contact-link-find"]').fill(child.surname);
      const choice = page.locator('[data-qa="contact-link-choice"]');
      await expect(choice).toHaveCount(1, { timeout: 15_000 });
      await page
        .locator('[data-qa="contact-link-add"] [data-qa="contact-link-relationship"]')
        .fill(child.relation);
      await page
        .locator('[data-qa="contact-link-add"] [data-qa="contact-link-parentalResponsibility"]')
        .check();
      await choice.click();
      const link = page.locator('[data-qa="contact-link"]');
      await expect(link).toHaveCount(1);
      await expect(link).toContainText(`${child.forename} ${child.surname}`);
    }
    await page.goto(`${base}/#/settings/contacts`);
    await expect(page.locator('[data-qa="contacts-row"]')).toHaveCount(3, { timeout: 30_000 });
  });

  await test.step("today's register has the three children booked", async () => {
    const register = new RegisterPage(page);
    await page.goto(`${base}/#/register`);
    await register.expectLoaded();
    await expect(register.rows).toHaveCount(3);
    const rows = await register.rowInfo();
    expect(rows.map((r) => r.childID).sort()).toEqual([...childIDs].sort());
    for (const child of childrenToAdd)
      await expect(register.rows.filter({ hasText: `${child.forename} ${child.surname}` })).toHaveCount(1);
    await shot(page, 'register');
  });

  await test.step('a first observation, through the Add screen, in Drafts and on Home', async () => {
    const editor = new EventEditorPage(page);
    await page.goto(`${base}/#/add`);
    await expect(editor.saveBar).toBeVisible({ timeout: 60_000 });
    await editor.tab('observation').click();
    await expect(editor.tab('observation')).toHaveAttribute('aria-selected', 'true');
    // The child added minutes ago is offered at once (the picker's list is read again after the change).
    await expect(editor.childOption(childIDs[0]!)).toBeVisible({ timeout: 30_000 });
    await editor.pickChild(childIDs[0]!);
    await editor.pickCodeIfAsked();
    const note = 'Ava stacked five blocks and counted them aloud on her first day.';
    await editor.notes.fill(note);
    await editor.saveButton(1).click();
    await expect(editor.created).toContainText(texts['saved-to-drafts']);

    const drafts = new DraftsPage(page);
    await page.goto(`${base}/#/draft`);
    await expect(drafts.root).toBeVisible({ timeout: 30_000 });
    await expect(drafts.cards).toHaveCount(1, { timeout: 30_000 });
    await expect(drafts.cards.first()).toContainText('Ava Lindqvist');
    await expect(drafts.cards.first()).toContainText(note);
    await shot(page, 'drafts');

    // Home: the day's bookings of the new room, and the three due in.
    await page.locator('[data-qa="nav-home"]').click();
    await expect(page.locator('[data-qa="home-page"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-qa="home-due-in"]')).toContainText('3');
    const room = page.locator('[data-qa="bookings-room"]');
    await expect(room).toHaveCount(1);
    await expect(room).toContainText(ROOM);
    await expect(room.locator('[data-qa="bookings-room-booked"]')).toHaveText('3 children booked');
    await shot(page, 'home');
  });
});
