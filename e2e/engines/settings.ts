/**
 * The settings pages in every engine (issue 29): the hub, the Sites list and a site's page, and the
 * Children list render with their heading and a row known from the demo data (or from the API the page
 * reads), reached as a manager would: from the hub's cards and the list's links. Runs after smoke.ts's
 * login, as the demo's manager at its first site.
 */
import { demoSites } from '../pages/demo.ts';
import { click, expectSeen, getJson, type SmokeState, type SmokeStep, shot } from './kit.ts';

/** The page's first heading, once it reads `text`. */
function expectHeading(s: SmokeState, text: string) {
  return expectSeen(s, 'main h1', (e) => e.text.trim() === text, `the heading "${text}"`, 60_000);
}

/** A room every demo site has (apps/server/src/demo/types.ts ROOM_NAMES). */
const DEMO_ROOM = 'Babies';

export const SETTINGS_STEPS: SmokeStep[] = [
  {
    name: 'the settings hub',
    async run(s) {
      await s.driver.open(s.url('/settings'));
      await expectSeen(s, '[data-qa="settings-page"]', undefined, 'the settings hub', 60_000);
      await expectHeading(s, 'Settings');
      for (const card of ['sites', 'children', 'staff', 'contacts'])
        await expectSeen(s, `[data-qa="settings-card"][data-card="${card}"]`, undefined, `the ${card} card`);
      await shot(s, 'settings-hub');
    },
  },
  {
    name: 'the Sites list and a site page',
    async run(s) {
      await click(s, '[data-qa="settings-card"][data-card="sites"]');
      await expectHeading(s, 'Sites and rooms');
      const oak = `[data-qa="sites-row"][data-site="${demoSites.oakTree}"]`;
      await expectSeen(s, oak, (e) => e.text.includes(demoSites.oakTree), 'the Oak Tree row', 60_000);
      await expectSeen(
        s,
        `[data-qa="sites-row"][data-site="${demoSites.willow}"]`,
        undefined,
        'the Willow row',
      );
      await shot(s, 'settings-sites');
      await click(s, `${oak} [data-qa="sites-open"]`);
      await expectSeen(
        s,
        '[data-qa="site-title"]',
        (e) => e.text.trim() === demoSites.oakTree,
        'the site page',
        60_000,
      );
      await expectSeen(
        s,
        `[data-qa="site-room"][data-room="${DEMO_ROOM}"]`,
        undefined,
        `the ${DEMO_ROOM} room`,
      );
      await expectSeen(
        s,
        'input[data-qa="site-name"]',
        (e) => e.value === demoSites.oakTree,
        'the site form filled',
      );
      await shot(s, 'settings-site');
    },
  },
  {
    name: 'the Children list',
    async run(s) {
      // The first child the page's own call answers (current children, by surname).
      const list = await getJson<{ children: { id: number; forename: string; surname: string }[] }>(
        s,
        'api/v1/settings/children?status=current',
      );
      const first = list.children[0];
      if (!first) throw new Error('no current child in the settings list');
      await s.driver.open(s.url('/settings'));
      await click(s, '[data-qa="settings-card"][data-card="children"]');
      await expectHeading(s, 'Children');
      await expectSeen(
        s,
        `[data-qa="children-admin-row"][data-child-id="${first.id}"]`,
        (e) => e.text.includes(`${first.forename} ${first.surname}`),
        `${first.forename} ${first.surname}'s row`,
        60_000,
      );
      await shot(s, 'settings-children');
    },
  },
];
