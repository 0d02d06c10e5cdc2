import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { conversationsStrings as tx } from '../../apps/web/src/features/conversations/strings.ts';
import { expectNoSeriousA11yViolations } from '../pages/axe';
import { demoSites, demoUsers } from '../pages/demo';
import { goOffline, goOnline } from '../pages/offline';
import { logInByApi, typeByTag, WRITE } from '../pages/session';
import { expectTouchSized } from '../pages/touchTargets';

/**
 * Conversations (issue 31; spec 000 §2 "#/conversations/new", §6 sendMessages; spec 002
 * "#/conversations/{threadID}/{id}", in-app-message): the manager starts a conversation from a published
 * observation and sees the thread; the practitioner (the child's key person) gets the in-app
 * notification, opens the thread and replies (what she types survives a reload; offline she is told
 * sending needs a connection and loses nothing); the manager sees the reply as new and her read state;
 * without sendMessages there is no button and the API answers 403; a parent's stored reply shows as a
 * parent's. axe and touch sizes on each screen; screenshots at 1024, 768 and 390 px.
 */
const WIDTHS = [1024, 768, 390] as const;

const shots = async (page: Page, name: string) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The shell's navigation slides away below its breakpoint: let it settle.
    await page.waitForTimeout(700);
    await page.screenshot({ path: `.tmp/shots/conversations-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 900 });
};

test.use({ viewport: { width: 1024, height: 900 } });

async function staffPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  await logInByApi(page, email, demoSites.oakTree);
  return page;
}

/** The manager publishes an observation about one of the practitioner's key children (at Oak Tree). */
async function publishedObservation(manager: Page, practitioner: Page) {
  const config = await (await practitioner.request.get('/api/v1/config')).json();
  const childID = (config.keyChildren as number[])[0]!;
  const observation = await typeByTag(manager, 'observation');
  const res = await manager.request.post('/api/v2/events', {
    headers: WRITE,
    data: {
      uuid: randomUUID(),
      raised: new Date(Date.now() - 3_600_000).toISOString(),
      statusID: 5,
      typeID: observation.id,
      codeID: observation.codes[0]!.id,
      subjects: [childID],
      notes: 'Built a tall tower of blocks and counted them to ten.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { childID, eventID: (await res.json())[0].id as number };
}

const threads = async (request: APIRequestContext) =>
  (await (await request.get('/api/v1/conversations')).json()).items as {
    id: number;
    unreadCount: number;
    lastMessage: { authorKind: string; text: string };
  }[];

test('a manager starts a conversation from a published observation; the key person is notified and replies', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const manager = await staffPage(browser, demoUsers.manager.email);
  const practitioner = await staffPage(browser, demoUsers.practitioner.email);
  const { childID, eventID } = await publishedObservation(manager, practitioner);

  // The manager views the published observation and starts a conversation from it.
  await manager.goto(`/#/view/${eventID}`);
  await expect(manager.locator('[data-qa="event-view-body"]')).toBeVisible({ timeout: 30_000 });
  await manager.locator('[data-qa="event-view-start-conversation"]').click();
  await expect(manager).toHaveURL(new RegExp(`#/conversations/new\\?childID=${childID}&eventID=${eventID}`));
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText(tx['conversation-new-title']);
  await expect(manager.locator('[data-qa="conversation-child"]')).toHaveAttribute(
    'data-child-id',
    String(childID),
  );
  await expect(manager.locator('[data-qa="conversation-event-notes"]')).toHaveText(
    'Built a tall tower of blocks and counted them to ten.',
  );
  // Sending nothing says the field is required; nothing is sent.
  await manager.locator('[data-qa="conversation-start-send"]').click();
  await expect(manager.getByText('This field is required.')).toBeVisible();
  await expect(manager).toHaveURL(/#\/conversations\/new/);
  const box = manager.getByLabel(tx['conversation-message']);
  await box.fill('Could we talk about the tower? Counting to ten is new for them.');
  await expectTouchSized(manager, 'the start of a conversation');
  await expectNoSeriousA11yViolations(manager, testInfo, 'conversation start');
  await shots(manager, 'new');
  await manager.locator('[data-qa="conversation-start-send"]').click();

  // The thread: its first message, oldest first, with the author and DD/MM/YYYY HH:mm.
  await expect(manager).toHaveURL(/#\/conversations\/\d+\/\d+$/);
  const threadID = Number(manager.url().match(/conversations\/(\d+)\//)![1]);
  const first = manager.locator('[data-qa="conversation-message"]');
  await expect(first).toHaveCount(1);
  await expect(first.locator('[data-qa="conversation-message-text"]')).toHaveText(
    'Could we talk about the tower? Counting to ten is new for them.',
  );
  await expect(first.locator('[data-qa="conversation-message-author"]')).toContainText(
    demoUsers.manager.name,
  );
  await expect(first.locator('[data-qa="conversation-message-time"]')).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  );
  await expectNoSeriousA11yViolations(manager, testInfo, 'conversation thread');
  await expectTouchSized(manager, 'the thread');
  await shots(manager, 'thread');

  // The practitioner, the child's key person, has the in-app notification; it opens the thread.
  await practitioner.goto('/#/notifications');
  const link = practitioner.locator(
    `[data-qa="notification"][data-name="in-app-message"] [data-qa="notification-thread-link"][href*="/conversations/${threadID}/"]`,
  );
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await expect(practitioner).toHaveURL(new RegExp(`#/conversations/${threadID}/\\d+$`));
  await expect(practitioner.locator('[data-qa="conversation-message"][aria-current="true"]')).toHaveCount(1);
  await expect(practitioner.locator('[data-qa="conversation-message-new"]')).toHaveCount(1);

  // What she types is kept on the device across a reload.
  const reply = practitioner.getByLabel(tx['conversation-reply']);
  await reply.fill('Yes! They counted the steps outside too.');
  await practitioner.reload();
  await expect(practitioner.getByLabel(tx['conversation-reply'])).toHaveValue(
    'Yes! They counted the steps outside too.',
  );
  // Offline: sending needs a connection, said clearly; the text stays.
  await goOffline(practitioner, practitioner.context());
  await expect(practitioner.locator('[data-qa="conversation-reply-offline"]')).toHaveText(
    tx['conversation-offline-send'],
  );
  await expect(practitioner.locator('[data-qa="conversation-reply-send"]')).toBeDisabled();
  await shots(practitioner, 'reply-offline');
  await goOnline(practitioner, practitioner.context());
  await expect(practitioner.locator('[data-qa="conversation-reply-offline"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(practitioner.getByLabel(tx['conversation-reply'])).toHaveValue(
    'Yes! They counted the steps outside too.',
  );
  await practitioner.locator('[data-qa="conversation-reply-send"]').click();
  const messages = practitioner.locator('[data-qa="conversation-message"]');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1).locator('[data-qa="conversation-message-text"]')).toHaveText(
    'Yes! They counted the steps outside too.',
  );
  await expect(practitioner.getByLabel(tx['conversation-reply'])).toHaveValue('');
  await expect(practitioner).toHaveURL(new RegExp(`#/conversations/${threadID}/\\d+$`));

  // The manager has the reply unread; opening the thread shows it as new and marks it read.
  await expect
    .poll(async () => (await threads(manager.request)).find((x) => x.id === threadID)?.unreadCount)
    .toBe(1);
  // Opened afresh (a reload: the page she had open refreshes on its own every half minute).
  await manager.goto(`/#/conversations/${threadID}`);
  await manager.reload();
  const managerMessages = manager.locator('[data-qa="conversation-message"]');
  await expect(managerMessages).toHaveCount(2);
  await expect(managerMessages.nth(1)).toHaveAttribute('data-unread', 'true');
  await expect(managerMessages.nth(1).locator('[data-qa="conversation-message-new"]')).toHaveText(
    tx['conversation-new-message'],
  );
  await expect(managerMessages.nth(0)).toHaveAttribute('data-unread', 'false');
  await expect
    .poll(async () => (await threads(manager.request)).find((x) => x.id === threadID)?.unreadCount)
    .toBe(0);
  await shots(manager, 'thread-reply');
  await manager.context().close();
  await practitioner.context().close();
});

test('without sendMessages there is no start button and the API answers 403', async ({ browser }) => {
  const manager = await staffPage(browser, demoUsers.manager.email);
  const practitioner = await staffPage(browser, demoUsers.practitioner.email);
  const { childID, eventID } = await publishedObservation(manager, practitioner);
  const { roles } = (await (await manager.request.get('/api/v1/roles')).json()) as {
    roles: {
      id: number;
      name: string;
      permissions: string[];
    }[];
  };
  const role = roles.find((r) => r.name === 'Practitioner')!;
  const save = (permissions: string[]) =>
    manager.request.put(`/api/v1/roles/${role.id}`, {
      headers: WRITE,
      data: { name: role.name, permissions },
    });
  expect((await save(role.permissions.filter((p) => p !== 'sendMessages'))).ok()).toBe(true);
  try {
    await practitioner.goto(`/#/view/${eventID}`);
    await expect(practitioner.locator('[data-qa="event-view-body"]')).toBeVisible({ timeout: 30_000 });
    await expect(practitioner.locator('[data-qa="event-view-start-conversation"]')).toHaveCount(0);
    const res = await practitioner.request.post('/api/v1/conversations', {
      headers: WRITE,
      data: { childID, eventID, text: 'Hello' },
    });
    expect(res.status()).toBe(403);
  } finally {
    expect((await save(role.permissions)).ok()).toBe(true);
  }
  // With the permission back, the button is there.
  await practitioner.reload();
  await expect(practitioner.locator('[data-qa="event-view-start-conversation"]')).toBeVisible({
    timeout: 30_000,
  });
  await manager.context().close();
  await practitioner.context().close();
});

test("a parent's stored reply shows as a parent's", async ({ page }, testInfo) => {
  await logInByApi(page, demoUsers.manager.email, demoSites.oakTree);
  const demo = (await threads(page.request)).find((x) => x.lastMessage.authorKind === 'parent');
  expect(demo, 'the demo thread with a parent reply').toBeTruthy();
  await page.goto(`/#/conversations/${demo!.id}`);
  const parent = page.locator('[data-qa="conversation-message"][data-author-kind="parent"]');
  await expect(parent).toHaveCount(1, { timeout: 30_000 });
  await expect(parent.locator('[data-qa="conversation-message-kind"]')).toHaveText(
    tx['conversation-author-parent'],
  );
  await expect(parent.locator('[data-qa="conversation-message-text"]')).toHaveText(demo!.lastMessage.text);
  await expect(page.locator('[data-qa="conversation-message"][data-author-kind="staff"]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, testInfo, 'conversation with a parent reply');
  await shots(page, 'parent-reply');
});
