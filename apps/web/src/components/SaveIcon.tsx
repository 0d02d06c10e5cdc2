import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from './icons';

export type SaveState = 'idle' | 'saving' | 'saved';

/** Save-icon states of spec 000 §4: idle (nothing shown), saving, saved (back to idle after 2 s). */
export function SaveIcon({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <span
      aria-live="polite"
      data-qa="save-icon"
      data-state={state}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 90 }}
    >
      {state === 'saving' && (
        <>
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            {t('save-icon-saving')}
          </Text>
        </>
      )}
      {state === 'saved' && (
        <>
          <CheckIcon size={16} color="var(--mantine-color-green-8)" />
          <Text fz="sm" c="green.8">
            {t('save-icon-saved')}
          </Text>
        </>
      )}
    </span>
  );
}
