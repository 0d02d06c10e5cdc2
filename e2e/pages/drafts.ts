import { expect, type Locator, type Page } from '@playwright/test';
import { png } from './png';
import { WRITE } from './session';

export const DRAFT = 1;

export interface DraftFilterStored {
  siteID: number;
  statusID: number;
  typeID: number | null;
  childIDs: number[];
  authorID: number | null;
  areaID: string | null;
  from: string | null;
  to: string | null;
  oldestFirst: boolean;
}

/** The drafts list (#/draft) and its preview dialog (#/draft/{id}). */
export class DraftsPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly cards: Locator;
  readonly empty: Locator;
  readonly emptyAdd: Locator;
  readonly showMore: Locator;
  readonly retryMore: Locator;
  readonly moreError: Locator;
  readonly sentinel: Locator;
  readonly preview: Locator;
  readonly previewBody: Locator;
  readonly previewClose: Locator;
  readonly previewEdit: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-qa="drafts-page"]');
    this.title = page.locator('[data-qa="drafts-title"]');
    this.cards = page.locator('[data-qa="draft-card"]');
    this.empty = page.locator('[data-qa="drafts-empty"]');
    this.emptyAdd = page.locator('[data-qa="drafts-empty-add"]');
    this.showMore = page.locator('[data-qa="drafts-show-more"]');
    this.retryMore = page.locator('[data-qa="drafts-retry-more"]');
    this.moreError = page.locator('[data-qa="drafts-more-error"]');
    this.sentinel = page.locator('[data-qa="drafts-sentinel"]');
    this.preview = page.locator('[data-qa="event-view"]');
    this.previewBody = page.locator('[data-qa="event-view-body"]');
    this.previewClose = page.locator('[data-qa="event-view-close"]');
    this.previewEdit = page.locator('[data-qa="event-view-edit"]');
  }

  async open(): Promise<void> {
    await this.page.goto('/#/draft');
    await expect(this.root).toBeVisible();
    await expect(this.root).not.toHaveAttribute('data-list-status', 'loading');
  }

  card(eventID: number): Locator {
    return this.cards.and(this.page.locator(`[data-event-id="${eventID}"]`));
  }

  async cardIDs(): Promise<number[]> {
    return (await this.cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-event-id')))).map(
      Number,
    );
  }
}

export interface NewDraft {
  typeID: number;
  codeID: number;
  childID: number;
  notes: string;
  raised: string;
  mediaIDs?: string[];
}

/** Creates one draft through the API; answers its id. */
export async function createDraft(page: Page, d: NewDraft): Promise<number> {
  const res = await page.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: crypto.randomUUID(),
      raised: d.raised,
      typeID: d.typeID,
      codeID: d.codeID,
      statusID: DRAFT,
      subjects: [d.childID],
      notes: d.notes,
      mediaIDs: d.mediaIDs ?? [],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }[])[0]!.id;
}

/** The user id the drafts filter is stored under, and the session's site. */
export async function whoAmI(page: Page): Promise<{ userID: number; siteID: number }> {
  const config = await (await page.request.get('/api/v1/config')).json();
  return { userID: config.me.userID as number, siteID: config.siteID as number };
}

/** Stores a drafts filter for the user (the filter is persisted per user in localStorage). */
export async function storeDraftsFilter(
  page: Page,
  userID: number,
  filter: DraftFilterStored,
): Promise<void> {
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [`nursery.draftsFilter.${userID}`, JSON.stringify(filter)],
  );
}

/** Uploads a photo through POST api/v1/media (fields before the file); answers its id. */
export async function uploadPhoto(page: Page, typeID: number, shade: number): Promise<string> {
  const id = crypto.randomUUID();
  const res = await page.request.post('/api/v1/media', {
    headers: WRITE,
    multipart: {
      id,
      typeID: String(typeID),
      file: { name: `photo-${shade}.png`, mimeType: 'image/png', buffer: png(64, 64, shade) },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  // An array whose first item is the stored medium (spec 002 §7).
  const [media] = (await res.json()) as { id: string }[];
  if (!media) throw new Error('no medium in the upload answer');
  return media.id;
}
