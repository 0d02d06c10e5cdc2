import { expect, type Locator, type Page } from '@playwright/test';

const FIRST_LOAD_MS = 30_000;

/** The add/edit event screen (#/add, #/edit/{ids}). */
export class EventEditorPage {
  readonly saveBar: Locator;
  readonly created: Locator;
  readonly problems: Locator;
  readonly saveError: Locator;
  readonly notes: Locator;
  readonly childsVoice: Locator;
  readonly date: Locator;
  readonly time: Locator;
  readonly childSearch: Locator;
  readonly saveIcon: Locator;
  readonly multiPosition: Locator;
  readonly multiNext: Locator;
  readonly multiPrevious: Locator;

  constructor(readonly page: Page) {
    this.saveBar = page.locator('[data-qa="event-save-bar"]');
    this.created = page.locator('[data-qa="event-created"]');
    this.problems = page.locator('[data-qa="event-problems"]');
    this.saveError = page.locator('[data-qa="event-save-error"]');
    this.notes = page.locator('textarea[data-qa="event-notes"]');
    this.childsVoice = page.locator('textarea[data-qa="event-childs-voice"]');
    this.date = page.locator('[data-qa="event-date"]');
    this.time = page.locator('[data-qa="event-time"]');
    this.childSearch = page.locator('input[data-qa="child-search"]');
    this.saveIcon = page.locator('[data-qa="save-icon"]');
    this.multiPosition = page.locator('[data-qa="event-multi-position"]');
    this.multiNext = page.locator('[data-qa="event-multi-next"]');
    this.multiPrevious = page.locator('[data-qa="event-multi-previous"]');
  }

  // A full page load (goto) of the editor restores the persisted query cache from IndexedDB, installs
  // the service worker and then fetches config, children and frameworks: on a busy 2-CPU CI machine
  // that once took over 10 s (CI of 24/11/2026). These tests are about what the editor does, not how
  // fast it opens (the bench's "edit open" measures that), so the first render may take 30 s.
  async openAdd(query = ''): Promise<void> {
    await this.page.goto(`/#/add${query ? `?${query}` : ''}`);
    await expect(this.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });
  }

  async openEdit(path: string): Promise<void> {
    await this.page.goto(`/#/edit/${path}`);
    await expect(this.saveBar).toBeVisible({ timeout: FIRST_LOAD_MS });
  }

  tab(tag: string): Locator {
    return this.page.locator(`[data-qa="event-tab-${tag}"]`).first();
  }

  saveButton(statusID: number): Locator {
    return this.page.locator(`[data-qa="event-save-${statusID}"]`);
  }

  childOption(id: number): Locator {
    return this.page.locator(`[data-qa="child-option-${id}"]`);
  }

  /** Chooses a child's tile in the picker (a click on the whole tile; nothing if already chosen). */
  async pickChild(id: number): Promise<void> {
    await pickChildTile(this.childOption(id));
  }

  async pickCodeIfAsked(): Promise<void> {
    const codes = this.page.locator('[data-qa^="event-code-"]');
    if ((await codes.count()) > 0) await codes.first().click();
  }
}

/** Chooses a child picker tile (role option): clicks it unless it is chosen already, then checks it is. */
export async function pickChildTile(tile: Locator): Promise<void> {
  if ((await tile.getAttribute('aria-selected')) !== 'true') await tile.click();
  await expect(tile).toHaveAttribute('aria-selected', 'true');
}
