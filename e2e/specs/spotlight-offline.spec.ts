import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoUsers, viewports } from '../pages/demo';
import { pickChildTile } from '../pages/eventEditor';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi, WRITE } from '../pages/session';

/**
 * A Spotlight save with no network (issue 16 "Spotlight saves queued offline"): a practitioner saves a
 * snapshot offline, sees it kept on the device (the confirmation, the waiting list, the Sync badge),
 * and once back online it is sent by itself, stored once, and not again after a second reconnect; an
 * edit saved offline waits on the event's page and is sent too; a save the server refuses keeps its
 * message until deleted from the device.
 */
const qa = (page: Page, name: string) => page.locator(`[data-qa="${name}"]`);

interface EventItem {
  id: number;
  notes: string | null;
}

async function storedWithNotes(
  page: Page,
  childID: number,
  typeID: number,
  notes: string,
): Promise<EventItem[]> {
  const res = await page.request.post('/graphql', {
    headers: WRITE,
    data: {
      query: `query($childID: Int!, $typeID: Int!) {
        eventsByChildAndType(childID: $childID, typeID: $typeID) { items { id notes } }
      }`,
      variables: { childID, typeID },
    },
  });
  const body = (await res.json()) as { data: { eventsByChildAndType: { items: EventItem[] } } };
  return body.data.eventsByChildAndType.items.filter((x) => x.notes === notes);
}

test.use({ viewport: viewports.tablet });

test('a snapshot and an edit saved offline wait on the device and are sent once when the network is back', async ({
  page,
  context,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email);
  const setupAnswer = await page.request.post('/graphql', {
    headers: WRITE,
    data: { query: 'query { spotlightSetup { types { id type } } }' },
  });
  const setup = (await setupAnswer.json()) as {
    data: { spotlightSetup: { types: { id: number; type: string }[] } };
  };
  const snapshotTypeID = setup.data.spotlightSetup.types.find((t) => t.type === 'snapshot')!.id;

  await page.goto('/#/spotlight/add');
  await expect(qa(page, 'spotlight-editor')).toBeVisible({ timeout: 30_000 });
  await expect(qa(page, 'spotlight-pending')).toHaveCount(0);
  const tile = page.locator('[data-qa^="child-option-"]').first();
  const childID = Number((await tile.getAttribute('data-qa'))!.slice('child-option-'.length));
  await pickChildTile(tile);
  const notes = `Stacked cups offline ${Date.now()}`;
  await qa(page, 'spotlight-notes').fill(notes);
  await expect(qa(page, 'spotlight-problems')).toHaveCount(0);

  await goOffline(page, context);
  await qa(page, 'spotlight-save-1').click();
  await expect(qa(page, 'spotlight-saved-message')).toHaveText(
    'Saved on this device. It will be sent when you are back online.',
  );
  await expect(qa(page, 'spotlight-saved-link')).toHaveCount(0);
  // A fresh form, as after an online save.
  await expect(qa(page, 'spotlight-notes')).toHaveValue('');
  const item = qa(page, 'spotlight-pending-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(qa(page, 'spotlight-pending-item-title')).toContainText('Snapshot – ');
  await expect(qa(page, 'spotlight-pending-item-status')).toHaveText('Waiting to be sent');
  await expect(qa(page, 'spotlight-pending-send')).toBeDisabled();
  await expect(qa(page, 'nav-sync-pending')).toHaveText('1');
  await qa(page, 'spotlight-pending').screenshot({
    path: 'test-results/screens/spotlight-offline-waiting.png',
  });
  await page.screenshot({ path: 'test-results/screens/spotlight-offline-page.png' });
  await expectNoSeriousA11yViolations(page, testInfo, 'spotlight-offline-waiting');

  // Back online: sent by itself, the list and the badge empty.
  await goOnline(page, context);
  await expect(qa(page, 'spotlight-pending')).toHaveCount(0, { timeout: 20_000 });
  await expect(qa(page, 'spotlight-saved-message')).toHaveText('The save kept on this device has been sent.');
  await expect(qa(page, 'nav-sync-pending')).toHaveCount(0);
  await expect.poll(async () => (await storedWithNotes(page, childID, snapshotTypeID, notes)).length).toBe(1);

  // Another reconnect sends nothing again.
  await goOffline(page, context);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await goOnline(page, context);
  await page.reload();
  await expect(qa(page, 'spotlight-editor')).toBeVisible({ timeout: 30_000 });
  await expect(qa(page, 'spotlight-pending')).toHaveCount(0);
  const [stored] = await storedWithNotes(page, childID, snapshotTypeID, notes);
  expect(await storedWithNotes(page, childID, snapshotTypeID, notes)).toHaveLength(1);

  // An edit saved offline: the event's page shows it waiting, and it is sent when back online.
  await page.goto(`/#/spotlight/${stored!.id}`);
  await expect(qa(page, 'spotlight-notes')).toHaveValue(notes, { timeout: 30_000 });
  const edited = `${notes} and counted them`;
  await goOffline(page, context);
  await qa(page, 'spotlight-notes').fill(edited);
  await qa(page, 'spotlight-save-1').click();
  await expect(qa(page, 'spotlight-saved-message')).toHaveText(
    'Saved on this device. It will be sent when you are back online.',
  );
  await expect(qa(page, 'spotlight-pending-edit-waiting')).toBeVisible();
  await expect(qa(page, 'spotlight-pending-item')).toHaveCount(1);
  await expect(qa(page, 'nav-sync-pending')).toHaveText('1');
  await page.screenshot({ path: 'test-results/screens/spotlight-offline-edit.png' });
  await goOnline(page, context);
  await expect(qa(page, 'spotlight-pending')).toHaveCount(0, { timeout: 20_000 });
  await expect(qa(page, 'spotlight-saved-message')).toHaveText('The save kept on this device has been sent.');
  await expect(qa(page, 'spotlight-notes')).toHaveValue(edited);
  expect(await storedWithNotes(page, childID, snapshotTypeID, edited)).toHaveLength(1);
});

test('a save the server refuses when sent stays with its message until deleted from the device', async ({
  page,
  context,
}, testInfo) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/#/spotlight/add');
  await expect(qa(page, 'spotlight-editor')).toBeVisible({ timeout: 30_000 });
  await pickChildTile(page.locator('[data-qa^="child-option-"]').nth(1));
  await qa(page, 'spotlight-notes').fill(`Refused when sent ${Date.now()}`);

  await goOffline(page, context);
  await qa(page, 'spotlight-save-1').click();
  await expect(qa(page, 'spotlight-pending-item')).toHaveAttribute('data-status', 'pending');

  // The server refuses the save when it arrives (as it would a child who has left meanwhile): the
  // answer is in place before the network is back, which sends by itself.
  const message = 'The child is not at this site.';
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('updateEvent')) return route.fallback();
    await route.fulfill({
      status: 400,
      json: { data: null, errors: [{ message, extensions: { code: 'err-invalid-request' } }] },
    });
  });
  await goOnline(page, context);
  const item = qa(page, 'spotlight-pending-item');
  await expect(item).toHaveAttribute('data-status', 'error');
  await expect(qa(page, 'spotlight-pending-item-status')).toHaveText('Not saved');
  await expect(qa(page, 'spotlight-pending-item-message')).toHaveText(message);
  await expect(qa(page, 'spotlight-pending-send')).toHaveCount(0);
  await expect(qa(page, 'nav-sync-pending')).toHaveText('1');
  await qa(page, 'spotlight-pending').screenshot({
    path: 'test-results/screens/spotlight-offline-refused.png',
  });
  await expectNoSeriousA11yViolations(page, testInfo, 'spotlight-offline-refused');

  // The sync screen, whose badge counts it, says where it waits and links there.
  await page.locator('[data-qa="nav-sync"]').first().click();
  const listed = page.locator('[data-qa="sync-queue-item"][data-group="spotlight"]');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-status', 'error');
  await expect(qa(page, 'sync-empty')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/spotlight-offline-sync-screen.png' });
  await expectNoSeriousA11yViolations(page, testInfo, 'sync-other-queues');
  await listed.locator('[data-qa="sync-queue-item-open"]').click();
  await expect(item).toHaveAttribute('data-status', 'error');

  // Delete asks first; Keep leaves it.
  await qa(page, 'spotlight-pending-delete').click();
  const dialog = page.getByRole('dialog', { name: 'Delete this save from this device?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/spotlight-offline-delete.png' });
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(1);
  await qa(page, 'spotlight-pending-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(qa(page, 'spotlight-pending')).toHaveCount(0);
  await expect(qa(page, 'nav-sync-pending')).toHaveCount(0);
});

test('a two-year check is refused offline with the spec message and is not kept to send (spec 000 §5)', async ({
  page,
  context,
}) => {
  await logInByApi(page, demoUsers.practitioner.email);
  await page.goto('/#/spotlight/add?type=learningStory');
  await expect(qa(page, 'spotlight-editor')).toBeVisible({ timeout: 30_000 });
  await qa(page, 'spotlight-code').getByText('Two year check', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Two year check' })).toBeChecked();
  // A child of two (the check is for 22 to 36 months): the tiles show ages as '2y 5m'.
  await pickChildTile(
    page
      .locator('[data-qa^="child-option-"]')
      .filter({ hasText: /(^|\D)2y \d+m/ })
      .first(),
  );
  await qa(page, 'spotlight-notes').fill(`Two year check offline ${Date.now()}`);
  await expect(qa(page, 'spotlight-problems')).toHaveCount(0);

  await goOffline(page, context);
  await qa(page, 'spotlight-save-1').click();
  await expect(qa(page, 'spotlight-save-error')).toContainText(
    'Two year checks cannot be saved while offline.',
  );
  await expect(qa(page, 'spotlight-pending')).toHaveCount(0);
  await expect(qa(page, 'nav-sync-pending')).toHaveCount(0);
  // What was typed stays in the form.
  await expect(qa(page, 'spotlight-notes')).toHaveValue(/^Two year check offline/);
  await goOnline(page, context);
});
