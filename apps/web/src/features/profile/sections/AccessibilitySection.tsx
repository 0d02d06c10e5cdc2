// The profile's Accessibility section (spec 002 §2 "accessibility (input box colour, line height)", §4
// the save icon, §8 "accessibility saved (or saved to cache offline)", §9 the 11 colours and the line
// heights 2, 2.5, 3): the colours as a radio group of named swatches, the line height, a preview in
// the choice, Save. Saved, the choice applies to every screen at once (lib/userSettings.ts).
import {
  Box,
  Button,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UserSettings } from '@nursery/domain/account';
import { INPUT_COLOURS, LINE_HEIGHTS, SAVED_ICON_MS } from '@nursery/domain/common';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/Notice';
import { SaveIcon, type SaveState } from '../../../components/SaveIcon';
import { sameSettings, useAppliedUserSettings, userSettingsCssVariables } from '../../../lib/userSettings';
import { useSession } from '../../auth';
import type { ProfileStrings } from '..';
import { chooseUserSettings, type UserSettingsSaveOutcome } from '../accessibility/userSettingsSync';

type ColourHex = UserSettings['inputBoxColour'];
type LineHeight = UserSettings['lineHeight'];

export function AccessibilitySection() {
  const { t } = useTranslation();
  const { config } = useSession();
  const queryClient = useQueryClient();
  const applied = useAppliedUserSettings();
  const [choice, setChoice] = useState<UserSettings>(applied);
  const [state, setState] = useState<SaveState>('idle');
  const [outcome, setOutcome] = useState<UserSettingsSaveOutcome | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const changed = !sameSettings(choice, applied);

  const save = async () => {
    clearTimeout(timer.current);
    setState('saving');
    setOutcome(null);
    try {
      setOutcome(await chooseUserSettings(queryClient, config.me.userID, config.userSettings, choice));
      setState('saved');
      timer.current = setTimeout(() => setState('idle'), SAVED_ICON_MS);
    } catch {
      setOutcome('failed');
      setState('idle');
    }
  };

  // The preview shows the choice before it is saved: the same variables, on its own box only.
  const preview = userSettingsCssVariables(choice) as CSSProperties;

  return (
    <Stack gap="md" data-qa="accessibility-section">
      <Text>{t('accessibility-intro')}</Text>
      <Radio.Group
        label={t('accessibility-colour-legend')}
        value={choice.inputBoxColour}
        onChange={(hex) => setChoice((c) => ({ ...c, inputBoxColour: hex as ColourHex }))}
        data-qa="accessibility-colours"
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" mt="xs">
          {INPUT_COLOURS.map(({ hex }) => (
            <Radio
              key={hex}
              value={hex}
              data-qa={`accessibility-colour-${hex}`}
              label={
                <Group gap="xs" wrap="nowrap">
                  <Box
                    aria-hidden
                    w={28}
                    h={28}
                    style={{
                      background: `#${hex}`,
                      border: '1px solid var(--mantine-color-gray-6)',
                      borderRadius: 'var(--mantine-radius-sm)',
                      flex: 'none',
                    }}
                  />
                  <span>{t(`accessibility-colour-${hex}` as keyof ProfileStrings)}</span>
                </Group>
              }
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Stack gap={4}>
        <Text component="span" fw={500} id="accessibility-line-height-label">
          {t('accessibility-line-height-label')}
        </Text>
        <SegmentedControl
          aria-labelledby="accessibility-line-height-label"
          value={String(choice.lineHeight)}
          onChange={(v) => setChoice((c) => ({ ...c, lineHeight: Number(v) as LineHeight }))}
          data={LINE_HEIGHTS.map((h) => ({ value: String(h), label: String(h) }))}
          maw={320}
          data-qa="accessibility-line-height"
        />
      </Stack>
      <Box style={preview} data-qa="accessibility-preview">
        <Stack gap="xs">
          <TextInput
            label={t('accessibility-preview-label')}
            defaultValue={t('accessibility-preview-value')}
          />
          <Textarea
            aria-label={t('accessibility-preview-label')}
            defaultValue={t('accessibility-preview-notes')}
            autosize
            minRows={2}
          />
        </Stack>
      </Box>
      {outcome === 'saved' && (
        <Notice color="green" qa="accessibility-saved">
          {t('accessibility-save-done')}
        </Notice>
      )}
      {outcome === 'cached' && (
        <Notice color="orange" qa="accessibility-saved-offline">
          {t('accessibility-save-done-offline')}
        </Notice>
      )}
      {outcome === 'failed' && (
        <Notice color="red" role="alert" qa="accessibility-save-failed">
          {t('accessibility-save-failed')}
        </Notice>
      )}
      <Group gap="sm">
        <Button
          onClick={() => void save()}
          disabled={!changed || state === 'saving'}
          data-qa="accessibility-save"
        >
          {t('accessibility-save')}
        </Button>
        <SaveIcon state={state} />
      </Group>
    </Stack>
  );
}
