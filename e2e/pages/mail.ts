import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** Where the server writes each sent e-mail in e2e runs (MAIL_DROP_DIR in playwright.config.ts). */
const MAIL_DIR = path.join(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  '.tmp',
  process.env.E2E_DATA ?? 'e2e-data',
  'mail',
);

interface DroppedMail {
  to: string;
  subject: string;
  text: string;
}

async function mails(): Promise<DroppedMail[]> {
  const names = await readdir(MAIL_DIR).catch(() => [] as string[]);
  const all = await Promise.all(
    names
      .sort()
      .map(async (name) => JSON.parse(await readFile(path.join(MAIL_DIR, name), 'utf8')) as DroppedMail),
  );
  return all;
}

/**
 * The path (`/#/...`) of the newest link matching `route` (a pattern) in an e-mail to `to`, waiting for the outbox
 * sender to send it (within seconds of its queueing; the minute's round is the fallback the timeout allows). `after`: links seen before, which do not count.
 */
export async function linkInMail(to: string, route: string, after: readonly string[] = []): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const links = (await mails())
          .filter((m) => m.to.toLowerCase() === to.toLowerCase())
          .map((m) => new RegExp(`/#/${route}`).exec(m.text)?.[0])
          .filter((l): l is string => l !== undefined && !after.includes(l));
        found = links.at(-1);
        return found;
      },
      { timeout: 75_000, intervals: [1000] },
    )
    .toBeTruthy();
  return found!;
}

/** A manager (signed in on `page`) adds a member of staff through #/settings/staff: the invitation goes out. */
export async function inviteStaff(page: Page, member: { forename: string; surname: string; email: string }) {
  await page.goto('/#/settings/staff/new');
  await page.locator('[data-qa="staff-field-forename"]').fill(member.forename);
  await page.locator('[data-qa="staff-field-surname"]').fill(member.surname);
  await page.locator('[data-qa="staff-field-email"]').fill(member.email);
  await page.locator('[data-qa="staff-field-jobTitle"]').fill('Nursery nurse');
  await page.locator('[data-qa="staff-field-roleIDs"]').getByLabel('Practitioner', { exact: true }).check();
  await page.locator('[data-qa="staff-admin-save"]').click();
  await expect(page).toHaveURL(/#\/settings\/staff\/\d+$/);
  await expect(page.locator('[data-qa="staff-invitation"]')).toHaveAttribute('data-state', 'pending');
}
