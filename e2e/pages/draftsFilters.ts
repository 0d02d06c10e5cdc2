import { expect, type Locator, type Page } from '@playwright/test';
import { pickChildTile } from './eventEditor';
import { WRITE } from './session';

export const STATUS = { draft: 1, pending: 3, archived: 4, published: 5, deleted: 6 } as const;

/** The drafts list's filters, its cards' checkboxes and the selection bar with its Actions menu. */
export class DraftsFiltersPage {
  readonly root: Locator;
  readonly filters: Locator;
  readonly childrenButton: Locator;
  readonly childrenPopover: Locator;
  readonly status: Locator;
  readonly type: Locator;
  readonly sort: Locator;
  readonly more: Locator;
  readonly drawer: Locator;
  readonly author: Locator;
  readonly area: Locator;
  readonly clear: Locator;
  readonly bar: Locator;
  readonly selectedCount: Locator;
  readonly selectAll: Locator;
  readonly clearSelection: Locator;
  readonly actions: Locator;
  readonly actionsMenu: Locator;
  readonly editAction: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="drafts-page"]');
    this.filters = page.locator('[data-qa="drafts-filters"]');
    this.childrenButton = page.locator('[data-qa="drafts-filter-children"]');
    this.childrenPopover = page.locator('[data-qa="drafts-filter-children-popover"]');
    this.status = page.locator('input[data-qa="drafts-filter-status"]');
    this.type = page.locator('input[data-qa="drafts-filter-type"]');
    this.sort = page.locator('input[data-qa="drafts-filter-sort"]');
    this.more = page.locator('[data-qa="drafts-filter-more"]');
    this.drawer = page.getByRole('dialog', { name: 'More filters' });
    this.author = page.locator('input[data-qa="drafts-filter-author"]');
    this.area = page.locator('input[data-qa="drafts-filter-area"]');
    this.clear = page.locator('[data-qa="drafts-filter-clear"]');
    this.bar = page.locator('[data-qa="drafts-selection-bar"]');
    this.selectedCount = page.locator('[data-qa="drafts-selected-count"]');
    this.selectAll = page.locator('[data-qa="drafts-select-all"]');
    this.clearSelection = page.locator('[data-qa="drafts-clear-selection"]');
    this.actions = page.locator('[data-qa="drafts-actions"]');
    this.actionsMenu = page.locator('[data-qa="drafts-actions-menu"]');
    this.editAction = page.locator('[data-qa="drafts-action-edit"]');
  }

  async open(): Promise<void> {
    await this.page.goto('/#/draft');
    // A first full load installs the service worker and restores the cache: slow on a busy machine.
    await expect(this.root).toBeVisible({ timeout: 30_000 });
    await expect(this.filters).toBeVisible();
  }

  card(eventID: number): Locator {
    return this.page.locator(`[data-qa="draft-card"][data-event-id="${eventID}"]`);
  }

  async select(eventID: number): Promise<void> {
    await this.card(eventID).locator('[data-qa="draft-card-select"]').check();
  }

  /** A status action of the Actions menu (data-qa drafts-action-status-{id}). */
  statusAction(statusID: number): Locator {
    return this.page.locator(`[data-qa="drafts-action-status-${statusID}"]`);
  }

  private async pick(input: Locator, label: string): Promise<void> {
    await input.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(input).toHaveValue(label);
  }

  async chooseType(label: string): Promise<void> {
    await this.pick(this.type, label);
  }

  async chooseSort(label: 'Newest first' | 'Oldest first'): Promise<void> {
    await this.pick(this.sort, label);
  }

  async chooseStatus(label: string): Promise<void> {
    await this.pick(this.status, label);
  }

  /** Opens the children popover, searches for the child, ticks them and closes the popover. */
  async chooseChild(child: { id: number; forename: string; surname: string }): Promise<void> {
    await this.childrenButton.click();
    await expect(this.childrenPopover).toBeVisible();
    await this.childrenPopover.locator('[data-qa="child-search"]').fill(child.forename);
    await pickChildTile(this.childrenPopover.locator(`[data-qa="child-option-${child.id}"]`));
    await this.childrenPopover.locator('[data-qa="drafts-filter-children-done"]').click();
    await expect(this.childrenPopover).toBeHidden();
  }

  async openActions(): Promise<void> {
    await this.actions.click();
    await expect(this.actionsMenu).toBeVisible();
  }
}

export interface ConfigAnswer {
  siteID: number | null;
  me: { userID: number; staffID: number | null };
  keyChildren: number[];
  eventTypes: { id: number; tag: string; value: string; codes: { id: number }[] }[];
}

export async function config(page: Page): Promise<ConfigAnswer> {
  return (await page.request.get('/api/v1/config')).json();
}

export interface NewEvent {
  typeID: number;
  codeID: number;
  childID: number;
  notes: string;
  /** Default: now. */
  raised?: string;
  statusID?: number;
}

/** Creates events through POST /api/v2/events, one call each; answers their ids in order. */
export async function createEvents(page: Page, events: NewEvent[]): Promise<number[]> {
  const ids: number[] = [];
  for (const e of events) {
    const res = await page.request.post('/api/v2/events', {
      headers: WRITE,
      data: {
        uuid: crypto.randomUUID(),
        raised: e.raised ?? new Date().toISOString(),
        typeID: e.typeID,
        codeID: e.codeID,
        statusID: e.statusID ?? STATUS.draft,
        subjects: [e.childID],
        notes: e.notes,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }[])[0]!.id);
  }
  return ids;
}

export async function eventDetail(
  page: Page,
  id: number,
): Promise<{ id: number; statusID: number; date2: string | null }> {
  const res = await page.request.get(`/api/v2/events/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}
