import { MESSAGES_EN_GB } from '@nursery/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { draftsFilterStrings } from '../features/drafts/filters/strings';
import { draftsStrings } from '../features/drafts/strings';
import { assessmentStrings } from '../features/events/assessment/strings';
import { careStrings } from '../features/events/care/strings';
import { eventStrings } from '../features/events/strings';
import { syncStrings } from '../features/sync/strings';
import { uiStrings } from './locales/en-GB';
import { offlineStrings } from './offline/strings';

/**
 * en-GB only for now. The shared domain messages (server error codes, alerts) and the web's own strings
 * form one namespace; keys are the spec's message keys, so `t(error.code)` works for server errors.
 * Keys contain dots and colons in places, hence no key or namespace separators.
 */
export const LANGUAGE = 'en-GB';

export const resources = {
  [LANGUAGE]: {
    translation: {
      ...MESSAGES_EN_GB,
      ...uiStrings,
      ...eventStrings,
      ...assessmentStrings,
      ...careStrings,
      ...draftsStrings,
      ...draftsFilterStrings,
      ...syncStrings,
      ...offlineStrings,
    },
  },
} as const;

void i18n.use(initReactI18next).init({
  lng: LANGUAGE,
  fallbackLng: LANGUAGE,
  supportedLngs: [LANGUAGE],
  resources,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

export default i18n;

/**
 * Translates a key known only at run time (a server's err- code, a save message key from an answer).
 * The typed `t` accepts only literal keys; an unknown key falls back to the key itself.
 */
export function translateKey(key: string, params?: Record<string, string | number>): string {
  return (i18n.t as unknown as (k: string, p?: Record<string, string | number>) => string)(key, params);
}
