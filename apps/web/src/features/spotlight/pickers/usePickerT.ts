import { useTranslation } from 'react-i18next';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import { type PickerStringKey, pickerStrings } from './strings';

// The pickers' strings arrive with their code (the editor's chunk), not with the login + Home bundle.
i18n.addResources(LANGUAGE, 'translation', pickerStrings);

export type PickerT = (key: PickerStringKey, params?: Record<string, string | number>) => string;

/**
 * `t` over the pickers' own keys: typed here so the pickers compile on their own; the editor's
 * app/i18n.ts may add `PickerStrings` to the app's Translation type as well.
 */
export function usePickerT(): PickerT {
  const { t } = useTranslation();
  return t as unknown as PickerT;
}
