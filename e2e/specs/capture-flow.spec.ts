// Issue 13 "floor-ready capture", the add/edit form's part: nothing typed is lost (kept on the
// device, offered back, leaving asks first), failed saves show the first problem, empty and
// future-dated events are refused, the last code is preselected (the plain observation code before
// any, issue 27), focus lands on the confirmation, and an observation for three children with a note
// and a photo takes at most 7 interactions, the first time too.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { CareEditor } from '../pages/carePanels';
import { demoUsers, freezeClock, viewports } from '../pages/demo';
import { EventEditorPage } from '../pages/eventEditor';
import { png } from '../pages/png';
import { keyChildren, logInByApi, typeByTag, WRITE } from '../pages/session';
import { texts } from '../pages/texts';

// Screens load slowly on a busy 2-core CI machine; these tests are about behaviour, not speed.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const DRAFT = 1;
const EMPTY = texts['event-no-content'];
const FUTURE = texts['future-dates-not-allowed'];

const restoreOffer = (page: Page) => page.locator('[data-qa="form-draft-saved-at"]');
const leaveConfirm = (page: Page) => page.locator('[data-qa="form-leave-confirm"]');
const leaveStay = (page: Page) => page.locator('[data-qa="form-leave-stay"]');

/** The notes of the add form kept on this device (IndexedDB `nursery`, table formDrafts). */
function keptNotes(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('nursery');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('formDrafts')) return resolve(null);
          const all = db.transaction('formDrafts').objectStore('formDrafts').getAll();
          all.onsuccess = () => {
            const row = (all.result as { route: string; form: { notes: string } }[]).find(
              (r) => r.route === 'add',
            );
            resolve(row ? row.form.notes : null);
          };
          all.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
}

/** A full load may take long on a loaded machine (restore of the cache, the worker, three calls). */
const LOAD = { timeout: 90_000 };

async function openObservation(page: Page, editor: EventEditorPage) {
  const observation = await typeByTag(page, 'observation');
  await page.goto(`/#/add?typeID=${observation.id}`);
  await expect(editor.saveBar).toBeVisible(LOAD);
  await expect(editor.tab('observation')).toHaveAttribute('aria-selected', 'true');
  return observation;
}

test.beforeEach(async ({ page }) => {
  // 14:05 on 21/11/2026 in the app, whatever the hour the suite runs at.
  await freezeClock(page);
  await logInByApi(page, demoUsers.practitioner.email);
});

test('what was typed comes back after opening Drafts and returning to Add, and after a reload', async ({
  page,
}) => {
  const editor = new EventEditorPage(page);
  await openObservation(page, editor);
  const [kid] = await keyChildren(page);
  await editor.pickChild(kid!);
  await editor.notes.fill('Half-written: she sorted the shells by size and then');

  // Leaving asks first; the form is kept on the device either way.
  await page.locator('[data-qa="nav-drafts"]').click();
  await leaveConfirm(page).click();
  await expect(page).toHaveURL(/#\/draft/);

  await page.locator('[data-qa="nav-add"]').click();
  await expect(restoreOffer(page)).toContainText('21/11/2026 at 14:05');
  await page.screenshot({ path: 'test-results/screens/capture-restore-offer.png' });
  await page.locator('[data-qa="form-draft-restore"]').click();
  await expect(editor.notes).toHaveValue('Half-written: she sorted the shells by size and then');
  await expect(editor.childOption(kid!)).toHaveAttribute('aria-selected', 'true');

  // A reload (the browser asks first; yes) offers it again; Discard starts empty and forgets it.
  await editor.notes.fill('Half-written: she sorted the shells by size and then by colour');
  await expect
    .poll(() => keptNotes(page))
    .toBe('Half-written: she sorted the shells by size and then by colour');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(restoreOffer(page)).toBeVisible(LOAD);
  await page.locator('[data-qa="form-draft-discard"]').click();
  await expect(editor.notes).toHaveValue('');
  await expect.poll(() => keptNotes(page)).toBeNull();
  await page.reload();
  await expect(editor.saveBar).toBeVisible(LOAD);
  await expect(editor.notes).toBeVisible();
  await expect(restoreOffer(page)).toHaveCount(0);
});

test('leaving a changed form asks first; Stay keeps it, an unchanged form leaves at once', async ({
  page,
}) => {
  // On a slow tablet (CPU at a sixth of the speed) React commits Stay's reset after the next tap has
  // been blocked again; the question must still come. Without throttling the race is rarely met.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const editor = new EventEditorPage(page);
  await openObservation(page, editor);

  // Nothing changed: no question.
  await page.locator('[data-qa="nav-home"]').click();
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();

  await page.locator('[data-qa="nav-add"]').click();
  await expect(editor.saveBar).toBeVisible(LOAD);
  await editor.notes.fill('Climbed to the top of the frame.');
  await page.locator('[data-qa="nav-home"]').click();
  await expect(page.getByRole('dialog')).toContainText('Leave this form?');
  await page.screenshot({ path: 'test-results/screens/capture-leave-question.png' });
  await leaveStay(page).click();
  await expect(page).toHaveURL(/#\/add/);
  await expect(editor.notes).toHaveValue('Climbed to the top of the frame.');

  await page.locator('[data-qa="nav-home"]').click();
  await leaveConfirm(page).click();
  await expect(page.locator('[data-qa="home-page"]')).toBeVisible();
});

test('a failed save scrolls to and focuses the first problem', async ({ page }) => {
  await page.setViewportSize(viewports.tabletPortrait);
  const editor = new EventEditorPage(page);
  await openObservation(page, editor);
  await editor.notes.fill('Shared the spade with a friend.');
  await editor.pickCodeIfAsked();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await editor.saveButton(DRAFT).click();

  // No child chosen: focus is in the child picker, which is on screen.
  const picker = page.locator('[data-problem-field="children"]');
  await expect.poll(() => picker.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  await expect(picker).toBeInViewport();
  await expect(editor.problems).toContainText(texts['select-at-least-one-child']);
});

test('an empty event is refused with a message, in the form and by the server', async ({ page }) => {
  const editor = new EventEditorPage(page);
  const observation = await openObservation(page, editor);
  const [kid] = await keyChildren(page);
  await editor.pickChild(kid!);
  await editor.pickCodeIfAsked();
  await editor.saveButton(DRAFT).click();
  await expect(editor.problems).toContainText(EMPTY);
  // The notes are where content goes: focus is there.
  await expect(editor.notes).toBeFocused();

  const res = await page.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: crypto.randomUUID(),
      raised: new Date(Date.now() - 60_000).toISOString(),
      typeID: observation.id,
      codeID: observation.codes[0]!.id,
      statusID: DRAFT,
      subjects: [kid],
      notes: '   ',
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ err: { code: 'err-event-empty', message: EMPTY } });
});

test('a date in the future is refused for an accident, in the form and by the server', async ({ page }) => {
  const care = new CareEditor(page);
  const editor = new EventEditorPage(page);
  const accident = await typeByTag(page, 'accident');
  await page.goto(`/#/add?typeID=${accident.id}`);
  await expect(editor.saveBar).toBeVisible(LOAD);
  await care.pickFirstChild();
  await editor.pickCodeIfAsked();
  await care.notes.fill('Bumped knee on the slide.');
  // The app's clock says 14:05: 15:30 has not happened yet.
  await care.setTime('15:30');
  await editor.saveButton(DRAFT).click();
  await expect(editor.problems).toContainText(FUTURE);
  await expect(page.locator('[data-problem-field="date"]')).toBeInViewport();

  const [kid] = await keyChildren(page);
  const res = await page.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: crypto.randomUUID(),
      raised: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      typeID: accident.id,
      codeID: accident.codes[0]!.id,
      statusID: DRAFT,
      subjects: [kid],
      notes: 'Tomorrow?',
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).err).toEqual({ code: 'err-future-date', message: FUTURE });
});

test('the plain observation code, then the code saved last for a type, is preselected, and focus lands on the saved message', async ({
  page,
}) => {
  const editor = new EventEditorPage(page);
  const observation = await openObservation(page, editor);
  const group = observation.codes.find((c) => c.value === 'Group observation')!;
  const plain = observation.codes.find((c) => c.value === 'Observation')!;
  // Nothing remembered yet on this device: the plain observation code is chosen (issue 27).
  await expect(page.locator(`[data-qa="event-code-${plain.id}"] input`)).toBeChecked();
  await expect(page.locator('[data-qa^="event-code-"] input:checked')).toHaveCount(1);
  const [kid] = await keyChildren(page);
  await editor.pickChild(kid!);
  await page.locator(`[data-qa="event-code-${group.id}"]`).click();
  await editor.notes.fill('Played parachute games together.');
  await editor.saveButton(DRAFT).click();
  await expect(editor.created).toContainText(texts['saved-to-drafts']);
  await expect(editor.created).toBeFocused();

  // The fresh form for the next one has the same code chosen, and so does a later visit.
  await expect(page.locator(`[data-qa="event-code-${group.id}"] input`)).toBeChecked();
  await page.locator('[data-qa="nav-home"]').click();
  await page.locator('[data-qa="home-add-observation"]').click();
  await expect(page.locator(`[data-qa="event-code-${group.id}"] input`)).toBeChecked();
  // Another type keeps its own (none yet: the accident type has several codes).
  await editor.tab('accident').click();
  await expect(page.locator('[data-qa^="event-code-"] input:checked')).toHaveCount(0);
});

test('the add screen has no gap in its heading levels (axe heading-order) on any tab', async ({ page }) => {
  const editor = new EventEditorPage(page);
  await openObservation(page, editor);
  for (const tag of ['observation', 'assessment', 'sleep', 'meal']) {
    await editor.tab(tag).click();
    await expect(editor.tab(tag)).toHaveAttribute('aria-selected', 'true');
    await expect(editor.saveBar).toBeVisible();
    const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
    expect(
      results.violations.map((v) => v.nodes.map((n) => n.target.join(' '))),
      tag,
    ).toEqual([]);
  }
});

for (const [name, viewport] of [
  ['portrait', viewports.tabletPortrait],
  ['landscape', { width: 1024, height: 768 }],
] as const) {
  test(`an observation for three children with a note and a photo: at most 7 interactions from Home (${name} tablet)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const editor = new EventEditorPage(page);
    const kids = (await keyChildren(page)).slice(0, 3);
    expect(kids).toHaveLength(3);
    const observation = await typeByTag(page, 'observation');

    // Every click, tap, fill and file choice counts as one.
    let interactions = 0;
    const act = async (step: () => Promise<void>) => {
      interactions += 1;
      await step();
    };
    const record = async (notes: string) => {
      interactions = 0;
      await page.goto('/#/');
      await expect(page.locator('[data-qa="home-page"]')).toBeVisible(LOAD);
      await act(() => page.locator('[data-qa="home-add-observation"]').click());
      await expect(editor.saveBar).toBeVisible(LOAD);
      for (const id of kids) await act(() => editor.pickChild(id));
      if ((await page.locator('[data-qa^="event-code-"] input:checked').count()) === 0) {
        await act(() => page.locator(`[data-qa="event-code-${observation.codes[0]!.id}"]`).click());
      }
      await act(() => editor.notes.fill(notes));
      // The photo is one tap (issue 27): the button opens the device's chooser at once, for photos
      // only (accept image/*: the camera or the library, no photo-or-video question first); the tap
      // and the picture taken or chosen in it count as one interaction.
      await act(async () => {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          page.locator('[data-qa="media-add"]').click(),
        ]);
        expect(await chooser.element().getAttribute('accept')).toBe('image/*');
        await chooser.setFiles({ name: 'play.png', mimeType: 'image/png', buffer: png(64, 48) });
      });
      await expect(page.locator('[data-qa="media-thumbnail"]')).toHaveCount(1);
      await act(() => editor.saveButton(DRAFT).click());
      await expect(editor.created).toContainText(texts['saved-to-drafts']);
      await expect(editor.created).toContainText('3 events were made');
      return interactions;
    };

    // The first observation ever on this device has the plain observation code chosen for it (issue
    // 27); from then on the code saved last is. The code is tapped only if none is chosen.
    const first = await record(`First observation (${name})`);
    const next = await record(`Next observation (${name})`);
    test.info().annotations.push({ type: 'interactions', description: `first ${first}, next ${next}` });
    console.log(`capture interactions (${name}): first ${first}, next ${next}`);
    expect(first).toBeLessThanOrEqual(7);
    expect(next).toBeLessThanOrEqual(7);
    await page.screenshot({ path: `test-results/screens/capture-saved-${name}.png` });
  });
}
