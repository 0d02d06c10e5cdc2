import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { careStrings } from '../../apps/web/src/features/events/care/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';
import { demoSites, demoUsers } from './demo';
import { pickChildTile } from './eventEditor';
import { HomePage, SitePickerPage } from './home';
import { LoginPage } from './login';

/** Texts of the care panels, from the sources the app renders. */
export const careTexts = { ...MESSAGES_EN_GB, ...careStrings };

/** The answer of GET api/v2/events/{id} (the fields the specs check). */
export interface StoredEvent {
  id: number;
  typeID: number;
  codeID: number;
  childID: number | null;
  statusID: number;
  raised: string;
  date2: string | null;
  notes: string | null;
  areaID: number | null;
  existingInjury: boolean | null;
  nappyCream: boolean | null;
  meals: { mealID: number; portionID: number | null; portionAmount: string | null }[];
  mediaIDs: string[];
}

export async function logInAsPractitioner(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.practitioner.email);
  await new HomePage(page).expectLoaded();
}

/** The manager has every permission (viewEventHistory included) and two sites: Oak Tree is chosen. */
export async function logInAsManager(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(demoUsers.manager.email);
  await new SitePickerPage(page).choose(demoSites.oakTree);
  await new HomePage(page).expectLoaded();
}

/** The add/edit screen as the care panels see it. */
export class CareEditor {
  readonly tabs: Locator;
  readonly childPicker: Locator;
  readonly time: Locator;
  readonly notes: Locator;
  readonly problems: Locator;
  // Sleep
  readonly sleep: Locator;
  readonly endDate: Locator;
  readonly endTime: Locator;
  readonly endNow: Locator;
  // Meals
  readonly meals: Locator;
  readonly mealType: Locator;
  readonly mealAdd: Locator;
  readonly mealWarning: Locator;
  // Accident
  readonly area: Locator;
  readonly existingInjury: Locator;
  // Media
  readonly media: Locator;
  readonly mediaAdd: Locator;
  readonly mediaInput: Locator;
  readonly mediaItems: Locator;
  readonly mediaRefused: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.locator('[data-qa="event-tabs"]');
    this.childPicker = page.locator('[data-qa="child-picker"]');
    this.time = page.locator('[data-qa="event-time"]');
    this.notes = page.locator('textarea[data-qa="event-notes"]');
    this.problems = page.locator('[data-qa="event-problems"]');
    this.sleep = page.locator('[data-qa="sleep-fields"]');
    this.endDate = page.locator('[data-qa="sleep-end-date"]');
    this.endTime = page.locator('[data-qa="sleep-end-time"]');
    this.endNow = page.locator('[data-qa="sleep-end-now"]');
    this.meals = page.locator('[data-qa="meals-panel"]');
    this.mealType = page.locator('input[data-qa="meal-type"]');
    this.mealAdd = page.locator('[data-qa="meal-add"]');
    this.mealWarning = page.locator('[data-qa="meal-outside-window"]');
    this.area = page.locator('input[data-qa="accident-area"]');
    this.existingInjury = page.locator('input[data-qa="accident-existing-injury"]');
    this.media = page.locator('[data-qa="media-panel"]');
    this.mediaAdd = page.locator('[data-qa="media-add"]');
    this.mediaInput = page.locator('input[data-qa="media-input"]');
    this.mediaItems = page.locator('[data-qa="media-item"]');
    this.mediaRefused = page.locator('[data-qa="media-refused"]');
  }

  async openAdd(tag: string): Promise<void> {
    await this.page.goto('/#/add');
    await expect(this.tabs).toBeVisible();
    await this.page.locator(`[data-qa="event-tab-${tag}"]`).click();
    await expect(this.page.locator(`[data-qa="event-tab-${tag}"]`)).toHaveAttribute('aria-selected', 'true');
  }

  /** Ticks the first child in the picker (key children come first) and returns its name. */
  async pickFirstChild(): Promise<string> {
    const first = this.childPicker.locator('[role="option"]').first();
    await pickChildTile(first);
    const name = await first.locator('[data-qa="child-name"]').innerText();
    return name.trim();
  }

  /** Types HH:mm into a 24-hour TimePicker (qa-hours and qa-minutes inputs), as a keyboard user. */
  async typeTime(qa: string, time: string): Promise<void> {
    const [hh, mm] = time.split(':');
    const hours = this.page.locator(`input[data-qa="${qa}-hours"]`);
    const minutes = this.page.locator(`input[data-qa="${qa}-minutes"]`);
    await hours.click();
    await hours.press('Backspace');
    await hours.pressSequentially(hh!);
    await minutes.click();
    await minutes.press('Backspace');
    await minutes.pressSequentially(mm!);
    await this.page.keyboard.press('Escape');
    await expect(hours).toHaveValue(hh!);
    await expect(minutes).toHaveValue(mm!);
  }

  async setTime(time: string): Promise<void> {
    await this.typeTime('event-time', time);
  }

  async expectTime(qa: string, time: string): Promise<void> {
    const [hh, mm] = time.split(':');
    await expect(this.page.locator(`input[data-qa="${qa}-hours"]`)).toHaveValue(hh!);
    await expect(this.page.locator(`input[data-qa="${qa}-minutes"]`)).toHaveValue(mm!);
  }

  /** Picks an option of a Mantine Select (its listbox is in a portal). */
  async choose(select: Locator, option: string, search?: string): Promise<void> {
    await select.click();
    if (search !== undefined) await select.fill(search);
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(select).toHaveValue(option);
  }

  mealRow(n: number): Locator {
    return this.page.locator(`[data-qa="meal-row-${n}"]`);
  }

  async code(name: string): Promise<void> {
    await this.page.locator('[data-qa="event-code"]').getByText(name, { exact: true }).click();
  }

  /** Saves as a draft and answers the id of the (first) event made. */
  async saveDraft(): Promise<number> {
    const answer: Promise<Response> = this.page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/v2\/events(\?|$)/.test(r.url()),
    );
    await this.page.locator('[data-qa="event-save-1"]').click();
    const response = await answer;
    expect(response.status(), await response.text()).toBeLessThan(300);
    const list = (await response.json()) as { id: number }[];
    expect(list.length).toBeGreaterThan(0);
    return list[0]!.id;
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screens/event-${name}.png`, fullPage: true });
  }

  /** A viewport screenshot with the element scrolled to the top (the sticky save bar hides less). */
  async screenshotAt(element: Locator, name: string): Promise<void> {
    await element.evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80); // below the sticky app header
    });
    await this.page.screenshot({ path: `test-results/screens/event-${name}.png` });
  }
}

export async function fetchEvent(page: Page, id: number): Promise<StoredEvent> {
  const response = await page.request.get(`/api/v2/events/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredEvent;
}

/* ------------------------------------------------------------------------------ a tiny PNG */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of the given size, a diagonal gradient (so the thumbnail is visibly an image). */
export function tinyPng(width = 32, height = 32): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((255 * x) / width);
      row[2 + x * 3] = Math.round((255 * y) / height);
      row[3 + x * 3] = 160;
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
