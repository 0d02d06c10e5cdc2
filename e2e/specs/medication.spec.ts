import { expect, type Locator, type Page, test } from '@playwright/test';
import { medicationStrings } from '../../apps/web/src/features/medication/strings.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { pickChildTile } from '../pages/eventEditor';
import { goOffline, goOnline } from '../pages/offline';
import { keyChildren, logInByApi, WRITE } from '../pages/session';

/**
 * The medication record (issue 31; spec 002 §2 Medication signatures, §4, §5) on a tablet held
 * landscape (1024 × 768, touch): a medication recorded with the three signatures drawn with the
 * pointer, the signature order (the witness waits for the staff signature, the parent for a child), a
 * field message of the spec, published; reopened it is read-only with its save disabled and its three
 * signatures shown, and the server refuses an edit through the API. Offline, a record waits on the
 * device and is sent once when the network is back. axe on the form and on a signature dialog;
 * screenshots at 1024, 768 and 390 px.
 */
const tx = { ...MESSAGES_EN_GB, ...medicationStrings };
const qa = (page: Page, name: string) => page.locator(`[data-qa="${name}"]`);
const SHOTS = '.tmp/shots';

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

interface Setup {
  typeID: number;
  codes: { id: number }[];
  staff: { id: number; forename: string; surname: string }[];
  contacts: { id: number; forename: string; surname: string }[];
}

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await page.request.post('/graphql', { headers: WRITE, data: { query, variables } });
  return (await res.json()) as T;
}

async function setupFor(page: Page, childID: number | null): Promise<Setup> {
  const answer = await graphql<{ data: { medicationSetup: Setup } }>(
    page,
    `query($childID: Int) { medicationSetup(childID: $childID) {
      typeID codes { id } staff { id forename surname } contacts { id forename surname } } }`,
    { childID },
  );
  return answer.data.medicationSetup;
}

/** A child of the session's site with contacts (the parent's consent), from the form's own setup. */
async function childWithContacts(page: Page, skip: number[] = []): Promise<{ id: number; setup: Setup }> {
  const children = await graphql<{ data: { children: { id: number }[] } }>(
    page,
    'query($siteID: Int!) { children(siteID: $siteID) { id } }',
    { siteID: (await (await page.request.get('/api/v1/config')).json()).siteID },
  );
  for (const child of children.data.children.filter((c) => !skip.includes(c.id))) {
    const setup = await setupFor(page, child.id);
    if (setup.contacts.length > 0) return { id: child.id, setup };
  }
  throw new Error('no child with contacts at the site');
}

/** The signature dialog: it opens over the events drawer (itself a dialog), so the one holding the pad. */
const signatureDialog = (page: Page): Locator =>
  page.getByRole('dialog').filter({ has: page.locator('canvas[data-qa="medication-signature-pad"]') });

/** Draws a squiggle on the open signature dialog's pad with the pointer and applies it. */
async function signInDialog(page: Page): Promise<void> {
  const dialog = signatureDialog(page);
  const pad = dialog.locator('canvas[data-qa="medication-signature-pad"]');
  await expect(pad).toBeVisible();
  const apply = dialog.locator('[data-qa="medication-signature-apply"]');
  // 'Applying needs a drawn signature' (spec 002 §4).
  await expect(apply).toBeDisabled();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 30 + i * 22, box.y + box.height / 2 + (i % 2 ? -40 : 40), { steps: 3 });
  await page.mouse.up();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(dialog).toHaveCount(0);
}

const row = (page: Page, type: string): Locator => qa(page, `medication-signature-${type}`);
const personSelect = (page: Page, type: string): Locator =>
  row(page, type).locator(`select[data-qa="medication-signature-${type}-person"]`);

async function choosePerson(page: Page, type: string, id: number): Promise<void> {
  await personSelect(page, type).selectOption(String(id));
  // The dialog opens by itself after the person transition's delay (spec 002 §9: 150 ms).
  await expect(signatureDialog(page)).toBeVisible();
}

/** Picks the first day of last month in a date field's calendar (an expiry before today). */
async function pickFirstOfLastMonth(page: Page, field: string): Promise<void> {
  await qa(page, field).click();
  // The open one: the timeline under the drawer keeps its filters' dropdowns mounted (hidden).
  const dropdown = page.locator('.mantine-Popover-dropdown:visible');
  await dropdown.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="previous"]').click();
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const label = first.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await dropdown.getByRole('button', { name: label, exact: true }).click();
  await expect(dropdown).toHaveCount(0);
}

async function fillMedicine(page: Page, name: string): Promise<void> {
  await qa(page, 'medication-name').fill(name);
  await qa(page, 'medication-type').selectOption('Prescribed');
  await qa(page, 'medication-form').selectOption('Liquid');
  await qa(page, 'medication-dosage').fill('5 ml');
  await qa(page, 'medication-strength').fill('120 mg / 5 ml');
  await qa(page, 'medication-frequency').fill('as needed');
}

test('a medication recorded with three signatures on a tablet, published, then read-only and refused by the server', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const { id: childID, setup } = await childWithContacts(page);
  const [staffA, staffB] = setup.staff;
  expect(staffB, 'two members of staff to sign').toBeTruthy();
  const medicine = `Calpol e2e ${Date.now() % 100000}`;

  await page.goto('/#/events/new/medication');
  await expect(qa(page, 'medication-record')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/medication-1024-new.png`, fullPage: true });

  // The order of spec 002 §4: the witness waits for the staff signature, the parent for a child.
  await expect(personSelect(page, 'Witness')).toBeDisabled();
  await expect(personSelect(page, 'Consent')).toBeDisabled();
  await expect(qa(page, 'medication-signature-Consent-waiting')).toHaveText(
    tx['medication-consent-after-child'],
  );

  // A pre-save check of spec 002 §5 as the save's alert, and the field messages beside their fields.
  await qa(page, 'medication-save-as-5').click();
  await expect(qa(page, 'medication-alert')).toHaveText(tx['must-select-child']);
  await expect(qa(page, 'medication-section-medicine')).toContainText(tx['this-field-is-required']);

  await pickChildTile(page.locator(`[data-qa="child-option-${childID}"]`));
  await expect(personSelect(page, 'Consent')).toBeEnabled();
  await expect(qa(page, 'medication-health')).toContainText(tx['medication-allergies']);
  await fillMedicine(page, medicine);

  await choosePerson(page, 'AdministeredBy', staffA!.id);
  await expectNoSeriousA11yViolations(page, testInfo, 'medication signature dialog');
  await page.screenshot({ path: `${SHOTS}/medication-1024-signature-dialog.png`, animations: 'disabled' });
  await signInDialog(page);
  await expect(row(page, 'AdministeredBy')).toHaveAttribute('data-signed', 'true');
  await expect(personSelect(page, 'Witness')).toBeEnabled();
  // Staff who signed in another role are left out of the witness's choices.
  await expect(personSelect(page, 'Witness').locator(`option[value="${staffA!.id}"]`)).toHaveCount(0);
  await choosePerson(page, 'Witness', staffB!.id);
  await signInDialog(page);
  await choosePerson(page, 'Consent', setup.contacts[0]!.id);
  await signInDialog(page);
  for (const type of ['AdministeredBy', 'Witness', 'Consent'])
    await expect(row(page, type).locator('img')).toBeVisible();

  // Every check met: no alert left.
  await expect(qa(page, 'medication-alert')).toHaveCount(0);
  // An expiry date before the event: the spec's message beside the field, until it is put right.
  await pickFirstOfLastMonth(page, 'medication-expiry');
  await qa(page, 'medication-save-as-5').click();
  await expect(qa(page, 'medication-section-medicine')).toContainText(tx['medication-expired']);
  await expect(qa(page, 'medication-alert')).toHaveText(tx['medication-fix-fields']);
  await expectNoSeriousA11yViolations(page, testInfo, 'medication form');
  await page.screenshot({ path: `${SHOTS}/medication-1024-filled.png`, fullPage: true });
  await page.getByRole('button', { name: `${tx['medication-expiry']}: clear` }).click();
  await expect(qa(page, 'medication-section-medicine')).not.toContainText(tx['medication-expired']);
  await qa(page, 'medication-save-as-5').click();
  // The save returned to /events.
  await expect(page).toHaveURL(/#\/events$/);

  const stored = await graphql<{ data: { medicationEvent: { id: number } } | null }>(
    page,
    'query($childID: Int) { medicationSetup(childID: $childID) { recentDoses { eventID name } } }',
    { childID },
  );
  const doses = (
    stored as unknown as { data: { medicationSetup: { recentDoses: { eventID: number; name: string }[] } } }
  ).data.medicationSetup.recentDoses;
  const eventID = doses.find((d) => d.name === medicine)!.eventID;
  expect(eventID).toBeGreaterThan(0);

  // Reopened: read-only, its save disabled, its three signatures shown.
  await page.goto(`/#/events/${eventID}`);
  await expect(qa(page, 'medication-read-only')).toBeVisible({ timeout: 30_000 });
  await expect(qa(page, 'medication-name')).toBeDisabled();
  for (const status of [1, 3, 4]) await expect(qa(page, `medication-save-as-${status}`)).toBeDisabled();
  // The three stored signature images (the access-checked image route) are shown, loaded.
  for (const type of ['AdministeredBy', 'Witness', 'Consent']) {
    const image = row(page, type).locator('img');
    await expect(image).toHaveAttribute('src', /\/api\/v1\/providers\/\d+\/signature\/\d+\//);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await page.screenshot({ path: `${SHOTS}/medication-1024-published.png`, fullPage: true });

  // The server refuses an edit of the published record (a legal record, issue 31).
  const record = await graphql<{
    data: { medicationEvent: { version: number; codeID: number; raised: string } };
  }>(page, 'query($id: Int!) { medicationEvent(id: $id) { version codeID raised } }', { id: eventID });
  const refused = await graphql<{ errors?: { extensions?: { code?: string } }[] }>(
    page,
    `mutation($input: UpdateMedicationEventInput!) { updateMedicationEvent(input: $input) { id } }`,
    {
      input: {
        id: eventID,
        version: record.data.medicationEvent.version,
        raised: record.data.medicationEvent.raised,
        notes: 'changed afterwards',
        childIDs: [childID],
        codeID: record.data.medicationEvent.codeID,
        status: 5,
        medicationInfo: {
          name: medicine,
          type: 'Prescribed',
          form: 'Liquid',
          dosage: '10 ml',
          strength: null,
          frequency: null,
          expiryDate: null,
          storageAndDisposalInstructions: null,
        },
        signatures: [],
      },
    },
  );
  expect(refused.errors?.[0]?.extensions?.code).toBe('err-medication-published');

  // The dose check: the same medicine for the same child within the frequency's interval asks first,
  // naming the last dose; leaving with unsaved changes asks the spec's question.
  await page.goto('/#/events/new/medication');
  await expect(qa(page, 'medication-record')).toBeVisible();
  await pickChildTile(page.locator(`[data-qa="child-option-${childID}"]`));
  await fillMedicine(page, medicine);
  await qa(page, 'medication-frequency').fill('every 4 hours');
  await choosePerson(page, 'AdministeredBy', staffA!.id);
  await signInDialog(page);
  await choosePerson(page, 'Witness', staffB!.id);
  await signInDialog(page);
  await qa(page, 'medication-save-as-1').click();
  const doseDialog = page.getByRole('dialog', { name: tx['medication-dose-title'] });
  await expect(doseDialog).toContainText(medicine);
  await expect(doseDialog).toContainText('every 4 hours');
  await page.locator('[data-qa="medication-dose-cancel"]').click();
  await expect(doseDialog).toHaveCount(0);
  await qa(page, 'medication-close').click();
  await expect(page.getByText(tx['leave-without-saving'])).toBeVisible();
  await page.locator('[data-qa="form-leave-confirm"]').click();
  await expect(page).toHaveURL(/#\/events$/);

  // What was typed is kept on the device: the form offers it back (at 768 px), and it is restored.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/#/events/new/medication');
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/medication-768-restore.png` });
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(qa(page, 'medication-name')).toHaveValue(medicine);
  await page.screenshot({ path: `${SHOTS}/medication-768-restored.png`, fullPage: true });

  // The form on a 390 px phone, with its signature dialog (signing again the restored staff row).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/medication-390-form.png`, fullPage: true });
  await qa(page, 'medication-signature-AdministeredBy-sign').click();
  await expect(signatureDialog(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/medication-390-signature-dialog.png`, animations: 'disabled' });
  await signInDialog(page);
});

test('a medication recorded offline waits on the device and is sent once when the network is back', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  // Not one of the manager's key children: the device prepares every child of the site at login.
  const { id: childID, setup } = await childWithContacts(page, await keyChildren(page));
  const [staffA, staffB] = setup.staff;
  const medicine = `Piriton offline ${Date.now() % 100000}`;
  const prepared = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('medicationChildSetups'),
    { timeout: 120_000 },
  );
  await page.goto('/#/events/new/medication');
  await expect(qa(page, 'medication-record')).toBeVisible({ timeout: 30_000 });
  expect((await prepared).ok()).toBe(true);

  // The network goes before the child is chosen: their allergies, notes and contacts are on the device.
  await goOffline(page, context);
  await pickChildTile(page.locator(`[data-qa="child-option-${childID}"]`));
  await expect(qa(page, 'medication-health')).toContainText(tx['medication-allergies']);
  await fillMedicine(page, medicine);
  await choosePerson(page, 'AdministeredBy', staffA!.id);
  await signInDialog(page);
  await choosePerson(page, 'Witness', staffB!.id);
  await signInDialog(page);
  await choosePerson(page, 'Consent', setup.contacts[0]!.id);
  await signInDialog(page);
  await qa(page, 'medication-save-as-5').click();
  await expect(page.getByText(tx['medication-saved-offline'])).toBeVisible();
  await expect(page).toHaveURL(/#\/events$/);

  await page.goto('/#/sync');
  await expect(page.locator('[data-qa="sync-queue-item"]', { hasText: medicine })).toBeVisible();

  await goOnline(page, context);
  await expect(page.locator('[data-qa="sync-queue-item"]', { hasText: medicine })).toHaveCount(0, {
    timeout: 60_000,
  });
  const sent = async () => {
    const answer = await graphql<{
      data: { medicationSetup: { recentDoses: { eventID: number; name: string }[] } };
    }>(page, 'query($childID: Int) { medicationSetup(childID: $childID) { recentDoses { eventID name } } }', {
      childID,
    });
    return answer.data.medicationSetup.recentDoses.filter((d) => d.name === medicine).length;
  };
  await expect.poll(sent).toBe(1);
  // A second way back online sends nothing again.
  await goOffline(page, context);
  await goOnline(page, context);
  await page.reload();
  await expect.poll(sent).toBe(1);
});

test('a parent or guardian signs a published record at collection, once', async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const { id: childID, setup } = await childWithContacts(page);
  const [staffA, staffB] = setup.staff;
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  // Published by the member of staff and the witness; the parent was not there yet.
  const saved = await graphql<{ data: { updateMedicationEvent: { id: number } } }>(
    page,
    `mutation($input: UpdateMedicationEventInput!) { updateMedicationEvent(input: $input) { id } }`,
    {
      input: {
        id: null,
        version: null,
        uuid: crypto.randomUUID(),
        raised: new Date(Date.now() - 30 * 60_000).toISOString(),
        notes: null,
        childIDs: [childID],
        codeID: setup.codes[0]!.id,
        status: 5,
        medicationInfo: {
          name: `Collected ${Date.now()}`,
          type: 'NonPrescribed',
          form: 'Liquid',
          dosage: '5 ml',
          strength: null,
          frequency: null,
          expiryDate: null,
          storageAndDisposalInstructions: null,
        },
        signatures: [
          { signatureType: 'AdministeredBy', personID: staffA!.id, dataUrl: png },
          { signatureType: 'Witness', personID: staffB!.id, dataUrl: png },
        ],
      },
    },
  );
  const eventID = saved.data.updateMedicationEvent.id;
  expect(eventID).toBeGreaterThan(0);

  await page.goto(`/#/events/${eventID}`);
  await expect(qa(page, 'medication-read-only')).toBeVisible({ timeout: 30_000 });
  const panel = qa(page, 'medication-collection');
  await expect(panel).toContainText(tx['medication-collection-title']);
  await expect(row(page, 'Consent').first()).toHaveAttribute('data-signed', 'false');
  await expectNoSeriousA11yViolations(page, testInfo, 'medication-collection');
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SHOTS}/medication-1024-collection.png` });

  const contact = setup.contacts[0]!;
  await panel
    .locator('select[data-qa="medication-signature-Consent-person"]')
    .selectOption(String(contact.id));
  await expect(signatureDialog(page)).toBeVisible();
  await signInDialog(page);
  // Sent at once; the record read again shows the parent's signature, and the panel goes (once only).
  await expect(panel).toHaveCount(0);
  const consentRow = row(page, 'Consent');
  await expect(consentRow).toHaveAttribute('data-signed', 'true');
  await expect(consentRow.locator('[data-qa="medication-signature-Consent-image"]')).toHaveAttribute(
    'alt',
    new RegExp(`^Signature of ${contact.forename} ${contact.surname}`),
  );
  const consentImage = consentRow.locator('img');
  await expect
    .poll(() => consentImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(1);
  await consentRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/medication-1024-collection-signed.png` });
});
