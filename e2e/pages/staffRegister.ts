import { expect, type Locator, type Page } from '@playwright/test';
import { staffRegisterStrings } from '../../apps/web/src/features/staff-register/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';

/** The texts the staff register shows: the domain's messages and the screen's strings. */
export const staffRegisterTexts = { ...MESSAGES_EN_GB, ...staffRegisterStrings };

/** What the specs read of the register answer (GET api/v1/sites/{siteID}/staff-register). */
export interface ShiftInfo {
  id: number;
  staffID: number;
  version: number;
  state: 'due' | 'in' | 'out' | 'off';
  actualFrom: string | null;
  permittedActions: Record<string, boolean>;
}
export interface RegisterInfo {
  siteID: number;
  staff: { id: number; display: string; shifts: ShiftInfo[] }[];
  markOffStatuses: { id: number; code: string; value: string }[];
  viewer: { staffID: number };
}

/** The staff register (#/staff-register/{siteID}/{tab}/{date}). */
export class StaffRegisterPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly conflict: Locator;
  readonly problem: Locator;
  readonly info: Locator;
  readonly breaksModal: Locator;
  readonly markOffModal: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="staff-register-page"]');
    this.rows = page.locator('[data-qa="staff-shift-row"]');
    this.conflict = page.locator('[data-qa="staff-conflict"]');
    this.problem = page.locator('[data-qa="staff-register-problem"]');
    this.info = page.locator('[data-qa="staff-register-info"]');
    this.breaksModal = page
      .getByRole('dialog')
      .filter({ has: page.locator('[data-qa="staff-breaks-total"]') });
    this.markOffModal = page
      .getByRole('dialog')
      .filter({ has: page.locator('[data-qa="staff-mark-off-count"]') });
  }

  async open(path = ''): Promise<void> {
    await this.page.goto(`/#/staff-register${path}`);
  }

  async expectLoaded(): Promise<void> {
    await expect(this.root).toHaveAttribute('data-status', 'loaded', { timeout: 30_000 });
  }

  row(shiftID: number): Locator {
    return this.page.locator(`[data-qa="staff-shift-row"][data-shift-id="${shiftID}"]`);
  }

  /** Opens a row's actions menu and picks one (e.g. 'mark-off', 'undo-mark-off'). */
  async menu(shiftID: number, item: string): Promise<void> {
    await this.row(shiftID).locator('[data-qa="staff-shift-menu"]').click();
    await this.page.locator(`[data-qa="staff-shift-${item}"]`).click();
  }

  /** Sets a TimeField (hours and minutes boxes) by its qa. */
  async setTime(scope: Locator, qa: string, time: string): Promise<void> {
    const [h, m] = time.split(':');
    await scope.locator(`input[data-qa="${qa}-hours"]`).fill(h!);
    const minutes = scope.locator(`input[data-qa="${qa}-minutes"]`);
    await minutes.fill(m!);
    await minutes.blur();
  }
}
