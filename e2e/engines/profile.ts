/**
 * The profile and the About page in every engine (issue 30): #/profile renders its accordion, the
 * Accessibility item opens with its eleven colours and the preview box, and #/about shows the version and
 * the licence list (a lazy chunk built from node_modules). Read-only: the demo manager's settings are not
 * changed. Runs after smoke.ts's login, as the demo's manager.
 */
import { INPUT_COLOUR_HEXES } from '@nursery/domain/common';
import { click, expectSeen, type SmokeStep, shot } from './kit.ts';

export const PROFILE_STEPS: SmokeStep[] = [
  {
    name: 'the profile and its accessibility item',
    async run(s) {
      await s.driver.open(s.url('/profile'));
      await expectSeen(s, '[data-qa="profile-page"]', undefined, 'the profile', 60_000);
      await expectSeen(s, 'main h1', (e) => e.text.trim() === 'My profile', 'the heading "My profile"');
      await click(s, '[data-qa="profile-accessibility-toggle"]');
      for (const hex of INPUT_COLOUR_HEXES)
        await expectSeen(s, `[data-qa="accessibility-colour-${hex}"]`, undefined, `the colour ${hex}`);
      await expectSeen(s, '[data-qa="accessibility-preview"]', undefined, 'the preview box');
      await shot(s, 'profile-accessibility');
    },
  },
  {
    name: 'the About page',
    async run(s) {
      await s.driver.open(s.url('/about'));
      await expectSeen(
        s,
        '[data-qa="about-version"]',
        (e) => /\d+\.\d+\.\d+/.test(e.text),
        'the version',
        60_000,
      );
      await expectSeen(s, '[data-qa="about-licence"]', undefined, 'a licence', 60_000);
      await shot(s, 'about');
    },
  },
];
