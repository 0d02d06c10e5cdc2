import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../panelProps';

/**
 * This panel's simple fields (same name in the event answer, the form and the payload) with their
 * empty values; form/eventsPart.ts maps them generically.
 */
export const nappyFormFields = { nappyCream: false };

/** Nappy extra (spec 000 §3): "Nappy cream applied". */
export function NappyFields(props: PanelProps) {
  const { form, update, editable } = props;
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('nappy-cream')}
      checked={form.nappyCream}
      onChange={(e) => {
        const checked = e.currentTarget.checked;
        update((f) => ({ ...f, nappyCream: checked }));
      }}
      disabled={!editable}
      data-qa="nappy-cream"
    />
  );
}
