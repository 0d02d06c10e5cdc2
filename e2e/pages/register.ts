import { expect, type Locator, type Page } from '@playwright/test';
import { registerStrings } from '../../apps/web/src/features/register/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';

/** What a register row carries in its data attributes. */
export interface RegisterRowInfo {
  bookingID: number;
  childID: number;
  start: string;
  end: string;
  name: string;
  /** The status badge's text. */
  status: string;
}

export type RegisterTabName = 'all' | 'in' | 'due' | 'off';

/** The child register (#/register, #/register/{date}). */
export class RegisterPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly problem: Locator;
  readonly refusals: Locator;
  readonly hours: Locator;
  readonly minutes: Locator;
  readonly selectAll: Locator;
  readonly checkIn: Locator;
  readonly checkOut: Locator;
  readonly undoCheckIn: Locator;
  readonly undoCheckOut: Locator;
  readonly markOff: Locator;
  readonly previousDay: Locator;
  readonly nextDay: Locator;
  readonly details: Locator;
  readonly markOffModal: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="register-page"]');
    this.title = page.locator('[data-qa="register-title"]');
    this.rows = page.locator('[data-qa="register-row"]');
    this.empty = page.locator('[data-qa="register-empty"]');
    this.problem = page.locator('[data-qa="register-problem"]');
    this.refusals = page.locator('[data-qa="register-refusals"]');
    this.hours = page.locator('input[data-qa="register-time-hours"]');
    this.minutes = page.locator('input[data-qa="register-time-minutes"]');
    this.selectAll = page.locator('[data-qa="register-select-all"]');
    this.checkIn = page.locator('[data-qa="register-check-in"]');
    this.checkOut = page.locator('[data-qa="register-check-out"]');
    this.undoCheckIn = page.locator('[data-qa="register-undo-check-in"]');
    this.undoCheckOut = page.locator('[data-qa="register-undo-check-out"]');
    this.markOff = page.locator('[data-qa="register-mark-off-open"]');
    this.previousDay = page.locator('[data-qa="register-previous-day"]');
    this.nextDay = page.locator('[data-qa="register-next-day"]');
    this.details = page.locator('[data-qa="register-details-child"]');
    this.markOffModal = page.getByRole('dialog', { name: 'Mark off' });
  }

  async open(date?: string): Promise<void> {
    await this.page.goto(date ? `/#/register/${date}` : '/#/register');
    await this.expectLoaded();
  }

  /** The first load fetches the screen's code and the day's register: at 4x CPU throttling (a busy
   *  machine) it took longer than the default 20 s (issue 27), so it gets a minute. */
  async expectLoaded(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-status', 'loaded', { timeout: 60_000 });
  }

  tab(name: RegisterTabName): Locator {
    return this.page.locator(`[data-qa="register-tab-${name}"]`);
  }

  async showTab(name: RegisterTabName): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  row(bookingID: number): Locator {
    return this.page.locator(`[data-qa="register-row"][data-booking-id="${bookingID}"]`);
  }

  status(bookingID: number): Locator {
    return this.row(bookingID).locator('[data-qa="register-row-status"]');
  }

  async select(bookingID: number): Promise<void> {
    await this.row(bookingID).locator('[data-qa="register-row-check"]').check();
  }

  /** The rows shown on the current tab, as their data attributes say. */
  async rowInfo(): Promise<RegisterRowInfo[]> {
    return this.rows.evaluateAll((els) =>
      els.map((el) => ({
        bookingID: Number(el.getAttribute('data-booking-id')),
        childID: Number(el.getAttribute('data-child-id')),
        start: el.getAttribute('data-start') ?? '',
        end: el.getAttribute('data-end') ?? '',
        name: el.querySelector('[data-qa="register-row-name"]')?.textContent ?? '',
        status: el.querySelector('[data-qa="register-row-status"]')?.textContent ?? '',
      })),
    );
  }

  /** Types a time into the time box (HH:mm). */
  async setTime(time: string): Promise<void> {
    const [h, m] = time.split(':');
    await this.hours.fill(h!);
    await this.minutes.fill(m!);
    await this.minutes.blur();
  }

  async expectToast(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}

/** 'HH:mm' plus minutes (clamped to the day). */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = Math.max(0, Math.min(23 * 60 + 59, h! * 60 + m! + minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The register's texts, from the sources the app renders. */
export const registerTexts = { ...MESSAGES_EN_GB, ...registerStrings };
