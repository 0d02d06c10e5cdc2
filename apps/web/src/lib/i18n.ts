import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * en-GB only for now. The shared domain messages (server error codes, alerts) and the web's own strings
 * form one namespace; keys are the spec's message keys, so `t(error.code)` works for server errors.
 * Keys contain dots and colons in places, hence no key or namespace separators. The strings themselves
 * come from the app (app/i18n.ts collects each feature's), so lib knows no feature.
 */
export const LANGUAGE = 'en-GB';

/** Starts i18next with one namespace of strings; called once at start-up, before the first render. */
export function initI18n(translation: Readonly<Record<string, string>>): void {
  void i18n.use(initReactI18next).init({
    lng: LANGUAGE,
    fallbackLng: LANGUAGE,
    supportedLngs: [LANGUAGE],
    resources: { [LANGUAGE]: { translation } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
}

export default i18n;

/**
 * Translates a key known only at run time (a server's err- code, a save message key from an answer).
 * The typed `t` accepts only literal keys; an unknown key falls back to the key itself.
 */
export function translateKey(key: string, params?: Record<string, string | number>): string {
  return (i18n.t as unknown as (k: string, p?: Record<string, string | number>) => string)(key, params);
}
