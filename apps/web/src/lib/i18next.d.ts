import 'i18next';
import type { MESSAGES_EN_GB } from '@nursery/domain';
import type { draftsFilterStrings } from '../features/drafts/filters/strings';
import type { draftsStrings } from '../features/drafts/strings';
import type { assessmentStrings } from '../features/events/assessment/strings';
import type { careStrings } from '../features/events/care/strings';
import type { eventStrings } from '../features/events/strings';
import type { syncStrings } from '../features/sync/strings';
import type { uiStrings } from './locales/en-GB';
import type { offlineStrings } from './offline/strings';

// Typed keys: a misspelt t('...') key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    resources: {
      translation: typeof MESSAGES_EN_GB &
        typeof uiStrings &
        typeof eventStrings &
        typeof assessmentStrings &
        typeof careStrings &
        typeof draftsStrings &
        typeof draftsFilterStrings &
        typeof syncStrings &
        typeof offlineStrings;
    };
  }
}
