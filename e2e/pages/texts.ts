/**
 * User-visible texts the specs assert, from the same sources the app renders (domain messages and the
 * web's own strings), so a wording change is made once.
 */

import { uiStrings } from '../../apps/web/src/lib/locales/en-GB.ts';
import { MESSAGES_EN_GB } from '../../packages/domain/src/messages.ts';

export const texts = { ...MESSAGES_EN_GB, ...uiStrings };
