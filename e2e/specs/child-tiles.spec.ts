// Issue 13 "Children you can tell apart": the child picker as photo tiles (photo or initials, name, age,
// room; key children first; room filter; search; the whole tile is the target; one listbox with a
// roving focus), the two demo children called Amelia Murphy told apart, and the photo-consent warning.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ageLabel } from '../../packages/domain/src/children.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoUsers } from '../pages/demo';
import { DraftsFiltersPage } from '../pages/draftsFilters';
import { EventEditorPage, pickChildTile } from '../pages/eventEditor';
import { png } from '../pages/png';
import { keyChildren, logInByApi, typeByTag, WRITE } from '../pages/session';

interface Child {
  id: number;
  forename: string;
  surname: string;
  dob: string;
  roomID: number | null;
  hasImage: boolean;
  photoConsent: 'yes' | 'no' | 'notAsked';
}

const SCREENS = 'test-results/screens';
const TABLETS = [
  { name: 'landscape', width: 1024, height: 768 },
  { name: 'portrait', width: 768, height: 1024 },
] as const;

/** The session site's children with what the tiles show, and its rooms. */
async function siteData(page: Page): Promise<{ children: Child[]; rooms: Map<number, string> }> {
  const config = await (await page.request.get('/api/v1/config')).json();
  const site = config.sitesByID[String(config.siteID)] as { rooms: { id: number; name: string }[] };
  const res = await page.request.post('/graphql', {
    headers: WRITE,
    data: {
      query:
        'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id forename surname dob roomID hasImage photoConsent } }',
      variables: { siteID: config.siteID },
    },
  });
  expect(res.ok()).toBe(true);
  return {
    children: (await res.json()).data.children,
    rooms: new Map(site.rooms.map((r) => [r.id, r.name])),
  };
}

const londonToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const ukDate = (iso: string) => iso.split('-').reverse().join('/');

async function openObservation(page: Page): Promise<EventEditorPage> {
  const editor = new EventEditorPage(page);
  const observation = await typeByTag(page, 'observation');
  await editor.openAdd(`typeID=${observation.id}`);
  await expect(page.locator('[data-qa="child-list"]')).toBeVisible();
  return editor;
}

const tiles = (page: Page) => page.locator('[data-qa="child-list"] [role="option"]');
const tileIds = async (list: Locator) =>
  (await list.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.childId)))) as number[];

test.beforeEach(async ({ page }) => {
  // The editor's first load and axe over the whole form take a while on a busy 2-CPU machine.
  test.setTimeout(150_000);
  await logInByApi(page, demoUsers.practitioner.email);
});

test('the two children called Amelia Murphy are told apart by photo, age, room and date of birth', async ({
  page,
}) => {
  const { children, rooms } = await siteData(page);
  const amelias = children.filter((c) => c.forename === 'Amelia' && c.surname === 'Murphy');
  expect(amelias).toHaveLength(2);
  await openObservation(page);
  await page.locator('input[data-qa="child-search"]').fill('Amelia Murphy');
  await expect(tiles(page)).toHaveCount(2);
  const today = londonToday();
  const photos: string[] = [];
  for (const c of amelias) {
    const tile = page.locator(`[data-qa="child-option-${c.id}"]`);
    await expect(tile.locator('[data-qa="child-name"]')).toHaveText('Amelia Murphy');
    await expect(tile.locator('[data-qa="child-meta"]')).toHaveText(
      `${ageLabel(c.dob, today)} · ${rooms.get(c.roomID!)}`,
    );
    await expect(tile.locator('[data-qa="child-namesake-detail"]')).toHaveText(`born ${ukDate(c.dob)}`);
    // Each has their own portrait, and it loads.
    const img = tile.locator('img[data-qa="child-photo"]');
    await expect(img).toHaveAttribute('src', `/api/v1/children/${c.id}/photo`);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    photos.push(await (await page.request.get(`/api/v1/children/${c.id}/photo`)).text());
  }
  expect(photos[0]).not.toBe(photos[1]);
  expect(amelias[0].roomID).not.toBe(amelias[1].roomID);
  // A name that only one child has shows no birth date.
  await page.locator('input[data-qa="child-search"]').fill('');
  const single = children.find(
    (c) => children.filter((o) => o.forename === c.forename && o.surname === c.surname).length === 1,
  )!;
  await expect(
    page.locator(`[data-qa="child-option-${single.id}"] [data-qa="child-namesake-detail"]`),
  ).toHaveCount(0);
  // Chosen, each shows its room beside the name.
  for (const c of amelias) await new EventEditorPage(page).pickChild(c.id);
  const chosen = page.locator('[data-qa="child-picker-selected"]');
  for (const c of amelias) {
    await expect(chosen.locator(`[data-qa="child-selected-${c.id}"]`)).toContainText(
      `Amelia Murphy (${rooms.get(c.roomID!)})`,
    );
  }
  await page.locator('input[data-qa="child-search"]').fill('Amelia Murphy');
  for (const size of TABLETS) {
    await page.setViewportSize(size);
    await page.locator('[data-qa="child-picker"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/child-tiles-namesakes-${size.name}.png` });
  }
});

test('key children come first; the room filter and the search narrow the tiles', async ({ page }) => {
  const { children, rooms } = await siteData(page);
  const keys = await keyChildren(page);
  expect(keys.length).toBeGreaterThan(0);
  await openObservation(page);
  const shown = await tileIds(tiles(page));
  expect(shown).toHaveLength(children.length);
  expect(new Set(shown.slice(0, keys.length))).toEqual(new Set(keys));
  await expect(page.locator('[data-qa="child-list"] [role="group"]').first()).toContainText('Key children');

  // Room filter: only that room's children, still key children first.
  const filter = page.locator('[data-qa="child-room-filter"]');
  const roomIds = [...new Set(children.map((c) => c.roomID))].filter((r): r is number => r !== null);
  expect(roomIds.length).toBeGreaterThan(1);
  for (const roomId of roomIds) {
    await filter.locator(`[data-qa="child-room-${roomId}"]`).click();
    await expect(filter.locator(`[data-qa="child-room-${roomId}"]`)).toHaveAttribute('aria-pressed', 'true');
    const inRoom = children.filter((c) => c.roomID === roomId).map((c) => c.id);
    await expect(tiles(page)).toHaveCount(inRoom.length);
    expect(new Set(await tileIds(tiles(page)))).toEqual(new Set(inRoom));
    await expect(tiles(page).first().locator('[data-qa="child-meta"]')).toContainText(rooms.get(roomId)!);
  }
  await filter.locator('[data-qa="child-room-all"]').click();
  await expect(tiles(page)).toHaveCount(children.length);

  // Search by part of a name (case-blind).
  const target = children.find((c) => !keys.includes(c.id))!;
  await page.locator('input[data-qa="child-search"]').fill(target.surname.toLowerCase());
  const matching = children.filter((c) =>
    `${c.forename} ${c.surname}`.toLowerCase().includes(target.surname.toLowerCase()),
  );
  await expect(tiles(page)).toHaveCount(matching.length);
  await page.locator('input[data-qa="child-search"]').fill('zzzz-nobody');
  await expect(tiles(page)).toHaveCount(0);
  await expect(page.locator('[data-qa="child-picker-none"]')).toBeVisible();
});

test('the whole tile is the target, at least 44 px, and chosen children can be removed', async ({ page }) => {
  const editor = await openObservation(page);
  const first = tiles(page).first();
  const id = Number(await first.getAttribute('data-child-id'));
  // A click on the age line (not the name) chooses the child; another click on the photo unchooses.
  await first.locator('[data-qa="child-meta"]').click();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-qa="child-picker-count"]')).toContainText('1 selected');
  await first.locator('[data-qa="child-photo"], [data-qa="child-initials"]').first().click();
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await expect(page.locator('[data-qa="child-picker-count"]')).toContainText('0 selected');

  for (const box of await tiles(page).evaluateAll((els) =>
    els.slice(0, 20).map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
  )) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  // The chosen child's button removes it, and is a 44 px target too.
  await editor.pickChild(id);
  const chip = page.locator(`[data-qa="child-selected-${id}"]`);
  const chipBox = (await chip.boundingBox())!;
  expect(chipBox.height).toBeGreaterThanOrEqual(44);
  await chip.click();
  await expect(chip).toHaveCount(0);
  await expect(first).toHaveAttribute('aria-selected', 'false');
  for (const button of await page.locator('[data-qa="child-room-filter"] button').all()) {
    const b = (await button.boundingBox())!;
    expect(b.height).toBeGreaterThanOrEqual(44);
  }
  const search = (await page.locator('input[data-qa="child-search"]').boundingBox())!;
  expect(search.height).toBeGreaterThanOrEqual(44);
});

test('keyboard: the tiles are one Tab stop; arrows, Home and End move; Space and Enter choose', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openObservation(page);
  const list = page.locator('[data-qa="child-list"]');
  await expect(list).toHaveAttribute('role', 'listbox');
  await expect(list).toHaveAttribute('aria-multiselectable', 'true');
  await expect(list.locator('[role="option"][tabindex="0"]')).toHaveCount(1);
  const count = await tiles(page).count();
  await expect(list.locator('[role="option"][tabindex="-1"]')).toHaveCount(count - 1);

  // Tab from the last room button lands on the first tile; one more Tab leaves the list.
  await page.locator('[data-qa="child-room-filter"] button').last().focus();
  await page.keyboard.press('Tab');
  const focusedId = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('role') === 'option' ? Number(el.dataset.childId) : null;
    });
  const ids = await tileIds(tiles(page));
  expect(await focusedId()).toBe(ids[0]);
  await page.keyboard.press('ArrowRight');
  expect(await focusedId()).toBe(ids[1]);
  await page.keyboard.press('ArrowLeft');
  expect(await focusedId()).toBe(ids[0]);
  // Down goes to the tile below (the next row), not the next in reading order.
  const topOf = async (id: number | null) =>
    (await page.locator(`[data-qa="child-option-${id}"]`).boundingBox())!.y;
  const before = await topOf(await focusedId());
  await page.keyboard.press('ArrowDown');
  expect(await topOf(await focusedId())).toBeGreaterThan(before);
  await page.keyboard.press('ArrowUp');
  expect(await focusedId()).toBe(ids[0]);
  await page.keyboard.press('End');
  expect(await focusedId()).toBe(ids.at(-1));
  await page.keyboard.press('Home');
  expect(await focusedId()).toBe(ids[0]);

  await page.keyboard.press('Space');
  await expect(tiles(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(tiles(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(tiles(page).nth(1)).toHaveAttribute('aria-selected', 'false');
  // The roving stop follows the focus: Shift+Tab and Tab come back to the same tile.
  await expect(list.locator('[role="option"][tabindex="0"]')).toHaveAttribute(
    'data-child-id',
    String(ids[1]),
  );
  await page.keyboard.press('Tab');
  expect(await focusedId()).toBeNull();
  await page.keyboard.press('Shift+Tab');
  expect(await focusedId()).toBe(ids[1]);
  // ArrowDown in the search box goes to the tiles.
  await page.locator('input[data-qa="child-search"]').focus();
  await page.keyboard.press('ArrowDown');
  expect(await focusedId()).toBe(ids[1]);
  await page.screenshot({ path: `${SCREENS}/child-tiles-keyboard.png` });
  await expectNoSeriousA11yViolations(page, testInfo, 'child-tiles');
});

test('a photo of a child without photo consent shows a clear warning naming the child before saving', async ({
  page,
}, testInfo) => {
  const { children } = await siteData(page);
  const refused = children.find((c) => c.photoConsent === 'no');
  const notAsked = children.find((c) => c.photoConsent === 'notAsked');
  const agreed = children.find((c) => c.photoConsent === 'yes');
  expect(refused && notAsked && agreed, 'the demo site has children of each consent').toBeTruthy();
  const editor = await openObservation(page);
  await editor.pickChild(agreed!.id);
  await editor.pickChild(refused!.id);
  // The tile already says so before a photo is added.
  await expect(
    page.locator(`[data-qa="child-option-${refused!.id}"] [data-qa="child-no-photos"]`),
  ).toHaveText('No photos');
  await expect(page.locator('[data-qa="photo-consent-warning"]')).toHaveCount(0);

  await page.locator('input[data-qa="media-input"]').setInputFiles({
    name: 'painting.png',
    mimeType: 'image/png',
    buffer: png(64, 48),
  });
  const no = page.locator('[data-qa="photo-consent-no"]');
  await expect(no).toBeVisible();
  await expect(no).toContainText('No photo consent');
  await expect(no).toContainText(`${refused!.forename} ${refused!.surname}`);
  await expect(no).not.toContainText(`${agreed!.forename} ${agreed!.surname}`);
  await expect(page.locator('[data-qa="photo-consent-not-asked"]')).toHaveCount(0);

  // A child whose parents were not asked gets its own, different words.
  await editor.pickChild(notAsked!.id);
  const asked = page.locator('[data-qa="photo-consent-not-asked"]');
  await expect(asked).toContainText('Photo consent not asked');
  await expect(asked).toContainText(`${notAsked!.forename} ${notAsked!.surname}`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.locator('[data-qa="media-panel"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/child-tiles-consent-warning.png` });
  await expectNoSeriousA11yViolations(page, testInfo, 'photo-consent-warning');

  // Taking the children off the event removes the warnings.
  await page.locator(`[data-qa="child-selected-${refused!.id}"]`).click();
  await expect(no).toHaveCount(0);
  await page.locator(`[data-qa="child-selected-${notAsked!.id}"]`).click();
  await expect(page.locator('[data-qa="photo-consent-warning"]')).toHaveCount(0);
});

test('saving a photo of a child whose parents refused photos asks first, naming the child (issue 27)', async ({
  page,
}) => {
  const { children } = await siteData(page);
  const refused = children.find((c) => c.photoConsent === 'no');
  const agreed = children.find((c) => c.photoConsent === 'yes');
  expect(refused && agreed, 'the demo site has children with and without photo consent').toBeTruthy();
  const editor = await openObservation(page);
  await editor.pickChild(agreed!.id);
  await editor.pickChild(refused!.id);
  if ((await page.locator('[data-qa^="event-code-"] input:checked').count()) === 0)
    await page.locator('[data-qa^="event-code-"]').first().click();
  await editor.notes.fill(`Painted with both hands ${Date.now()}`);
  await page.locator('input[data-qa="media-input"]').setInputFiles({
    name: 'painting.png',
    mimeType: 'image/png',
    buffer: png(64, 48),
  });
  await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);
  const name = `${refused!.forename} ${refused!.surname}`;
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v2\/events$/.test(r.url())) saves.push(r.url());
  });

  // Save: nothing is sent; a dialog names the child and asks.
  await editor.saveButton(1).click();
  const dialog = page.getByRole('dialog', { name: `Save a photo of ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`The parents of ${name} have not agreed to photos`);
  await expect(dialog).not.toContainText(`${agreed!.forename} ${agreed!.surname}`);
  await page.screenshot({ path: `${SCREENS}/child-tiles-consent-confirm.png` });
  // Go back: still nothing saved, the form as it was.
  await page.locator('[data-qa="photo-consent-go-back"]').click();
  await expect(dialog).toHaveCount(0);
  expect(saves).toEqual([]);
  await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);
  // Save again and confirm: saved.
  await editor.saveButton(1).click();
  await page.locator('[data-qa="photo-consent-confirm"]').click();
  await expect(editor.created).toContainText('2 events were made');
  expect(saves.length).toBeGreaterThan(0);
});

test('the drafts list’s children filter uses the same tiles, one column in its popover', async ({ page }) => {
  const { children } = await siteData(page);
  const amelias = children.filter((c) => c.forename === 'Amelia' && c.surname === 'Murphy');
  await page.setViewportSize({ width: 768, height: 1024 });
  const drafts = new DraftsFiltersPage(page);
  // The drafts screen's first load (a lazy chunk, the list) can pass 10 s on a busy machine.
  await page.goto('/#/draft');
  await expect(drafts.filters).toBeVisible({ timeout: 30_000 });
  await drafts.childrenButton.click();
  await expect(drafts.childrenPopover).toBeVisible();
  await drafts.childrenPopover.locator('input[data-qa="child-search"]').fill('Amelia Murphy');
  const popoverTiles = drafts.childrenPopover.locator('[role="option"]');
  await expect(popoverTiles).toHaveCount(2);
  const [a, b] = await popoverTiles.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
  expect(a).toBe(b);
  await expect(drafts.childrenPopover.locator('[data-qa="child-namesake-detail"]')).toHaveCount(2);
  await pickChildTile(drafts.childrenPopover.locator(`[data-qa="child-option-${amelias[0].id}"]`));
  await page.screenshot({ path: `${SCREENS}/child-tiles-drafts-filter.png` });
  await drafts.childrenPopover.locator('[data-qa="drafts-filter-children-done"]').click();
  await expect(drafts.childrenButton).toContainText('1');
});
