/**
 * User-visible texts the specs assert, from the same sources the app renders (domain messages, the
 * shell's and the features' strings files), so a wording change is made once. The strings files are
 * plain objects; the features' index.ts files are not imported here (they pull in React screens).
 */

import { authStrings } from '../../apps/web/src/features/auth/strings.ts';
import { homeStrings } from '../../apps/web/src/features/home/strings.ts';
import { agendaStrings } from '../../apps/web/src/features/home/widgets/agenda/strings.ts';
import { bookingsStrings } from '../../apps/web/src/features/home/widgets/bookings/strings.ts';
import { uiStrings } from '../../apps/web/src/lib/locales/en-GB.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';

export const texts = {
  ...MESSAGES_EN_GB,
  ...uiStrings,
  ...authStrings,
  ...homeStrings,
  ...agendaStrings,
  ...bookingsStrings,
};
