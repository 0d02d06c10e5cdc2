import { expect, type Page, test } from '@playwright/test';
import { demoSites, demoUsers } from '../pages/demo';
import { EventEditorPage } from '../pages/eventEditor';
import { png } from '../pages/png';
import { keyChildren, logInByApi, siteChildren, typeByTag, WRITE } from '../pages/session';

const DRAFT = 1;
const PENDING = 3;
const PUBLISHED = 5;

async function eventDetail(page: Page, id: number) {
  const res = await page.request.get(`/api/v2/events/${id}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

test('a practitioner records one observation for three children with a photo; each child gets its own draft', async ({
  page,
}) => {
  await logInByApi(page, demoUsers.practitioner.email);
  const editor = new EventEditorPage(page);
  const observation = await typeByTag(page, 'observation');
  const kids = (await keyChildren(page)).slice(0, 3);
  expect(kids).toHaveLength(3);

  await editor.openAdd(`typeID=${observation.id}`);
  await expect(editor.tab('observation')).toHaveAttribute('aria-selected', 'true');
  // Key children come first; the practitioner cannot publish.
  await expect(editor.saveButton(PUBLISHED)).toHaveCount(0);
  await expect(editor.saveButton(PENDING)).toBeVisible();

  // Saving with nothing chosen explains what is missing and saves nothing.
  await editor.saveButton(DRAFT).click();
  await expect(editor.problems).toContainText('Please select at least one child.');

  for (const id of kids) await editor.pickChild(id);
  await expect(page.locator('[data-qa="child-picker-count"]')).toContainText('3 selected');
  await editor.pickCodeIfAsked();
  await editor.notes.fill('Built a tall tower with the wooden blocks and counted them to ten.');
  await editor.childsVoice.fill('Look, it is bigger than me!');

  await page.locator('input[data-qa="media-input"]').setInputFiles({
    name: 'tower.png',
    mimeType: 'image/png',
    buffer: png(64, 48),
  });
  await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/event-observation.png', fullPage: true });

  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText('Saved to drafts.');
  await expect(editor.created).toContainText('3 events were made');
  // A fresh form for the next observation.
  await expect(editor.notes).toHaveValue('');

  const drafts = await (
    await page.request.get(
      `/api/v2/events?statusID=${DRAFT}&typeID=${observation.id}&childIDs=${kids.join(',')}`,
    )
  ).json();
  const mine = drafts.events.filter(
    (e: { notes: string }) =>
      e.notes === 'Built a tall tower with the wooden blocks and counted them to ten.',
  );
  expect(mine).toHaveLength(3);
  expect(new Set(mine.map((e: { childID: number }) => e.childID))).toEqual(new Set(kids));
  const one = await eventDetail(page, mine[0].id);
  expect(one.mediaIDs).toHaveLength(1);
  expect(one.childsVoice).toBe('Look, it is bigger than me!');
  expect(one.editable).toBe(true);
});

test('a manager may publish a new observation; the practitioner may not', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const editor = new EventEditorPage(page);
  const observation = await typeByTag(page, 'observation');
  const [child] = await siteChildren(page);
  await editor.openAdd(`typeID=${observation.id}&childID=${child!.id}`);
  await expect(page.locator('[data-qa="child-picker-selected"]')).toContainText(child!.forename);
  await editor.pickCodeIfAsked();
  await editor.notes.fill('Shared the paints with a friend.');
  await expect(editor.saveButton(PUBLISHED)).toHaveText('Publish');
  await editor.saveButton(PUBLISHED).click();
  await expect(editor.created).toContainText('Published.');
  const id = Number(new URL(page.url().replace('#/', '')).searchParams.get('draft'));
  expect((await eventDetail(page, id)).statusID).toBe(PUBLISHED);
});

test('multi mode steps through drafts, saving each, and locks the type tabs', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  const editor = new EventEditorPage(page);
  const observation = await typeByTag(page, 'observation');
  const kids = (await keyChildren(page)).slice(0, 2);
  const saved = await page.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: crypto.randomUUID(),
      raised: new Date().toISOString(),
      typeID: observation.id,
      codeID: observation.codes[0]!.id,
      statusID: DRAFT,
      subjects: kids,
      notes: 'First version',
    },
  });
  expect(saved.status()).toBe(201);
  const ids = ((await saved.json()) as { id: number }[]).map((e) => e.id);

  await page.goto(`/#/edit/multi?multi=${ids.join(',')}&return=/`);
  await expect(editor.multiPosition).toHaveText('1 of 2');
  await expect(editor.tab('sleep')).toBeDisabled();
  await expect(editor.multiPrevious).toHaveAttribute('data-disabled', 'true');
  await editor.notes.fill('Edited in multi mode');
  await editor.saveButton(DRAFT).click();
  await expect(editor.multiPosition).toHaveText('2 of 2');
  await expect(editor.notes).toHaveValue('First version');
  expect((await eventDetail(page, ids[0]!)).notes).toBe('Edited in multi mode');
  expect((await eventDetail(page, ids[1]!)).notes).toBe('First version');
  await page.screenshot({ path: 'test-results/screens/event-multi.png', fullPage: true });

  // Sending the last one for approval locks it for the practitioner: the screen reloads read-only.
  await editor.saveButton(PENDING).click();
  await expect(page.locator('[data-qa="event-read-only"]')).toBeVisible();
  await expect(editor.saveButton(DRAFT)).toHaveCount(0);
});

test('deleting asks first, then moves the event to Deleted', async ({ page }) => {
  await logInByApi(page, demoUsers.practitioner.email);
  const editor = new EventEditorPage(page);
  const observation = await typeByTag(page, 'observation');
  const [kid] = await keyChildren(page);
  const saved = await page.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: crypto.randomUUID(),
      raised: new Date().toISOString(),
      typeID: observation.id,
      codeID: observation.codes[0]!.id,
      statusID: DRAFT,
      subjects: [kid],
      notes: 'To delete',
    },
  });
  const [{ id }] = await saved.json();
  await editor.openEdit(String(id));
  await page.locator('[data-qa="event-delete"]').click();
  await expect(page.getByText('Delete this event?')).toBeVisible();
  await page.locator('[data-qa="event-delete-confirm"]').click();
  await expect(page).toHaveURL(/#\/$/);
  // The practitioner's roles do not view Deleted events: the event is gone for them.
  expect((await page.request.get(`/api/v2/events/${id}`)).status()).toBe(404);
});

test('screenshots of each tab', async ({ page }) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const editor = new EventEditorPage(page);
  await editor.openAdd();
  for (const tag of ['observation', 'assessment', 'sleep', 'meal', 'accident', 'nappy', 'generic']) {
    const tab = editor.tab(tag);
    if ((await tab.count()) === 0) continue;
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: `test-results/screens/event-tab-${tag}.png`, fullPage: true });
  }
});
