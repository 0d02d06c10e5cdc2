import 'i18next';
import type { Translation } from './i18n';

// Typed keys: a misspelt t('...') key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: Translation };
  }
}
