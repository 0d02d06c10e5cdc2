// Spec 002 §2 "session timeout", §4 "Session timeout shows saving, then saved", §7 POST timeout, §9 the
// options (the profile page's reading: 10, 20, 30, 60, 120, 720 minutes). Saved on choosing, for the
// user and this session at once (the server enforces it); the client's idle lock follows the config.
import { Alert, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  type AppConfig,
  isSessionTimeoutOption,
  SESSION_TIMEOUT_OPTIONS,
  type SessionTimeoutOption,
} from '@nursery/domain/account';
import { SAVED_ICON_MS } from '@nursery/domain/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { SaveIcon, type SaveState } from '../../../components/SaveIcon';
import { CONFIG_QUERY_KEY, sessionApi } from '../../auth';

export function SessionTimeoutSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = queryClient.getQueryData<AppConfig>(CONFIG_QUERY_KEY)?.session?.timeoutMinutes;
  const [value, setValue] = useState<number | undefined>(current);
  const [state, setState] = useState<SaveState>('idle');
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const label = (minutes: number) =>
    minutes < 60
      ? t('profile-timeout-minutes', { count: minutes })
      : t('profile-timeout-hours', { count: minutes / 60 });

  const save = async (minutes: SessionTimeoutOption) => {
    const before = value;
    clearTimeout(timer.current);
    setValue(minutes);
    setState('saving');
    setFailed(false);
    try {
      const session = await sessionApi.setTimeout(minutes);
      queryClient.setQueryData<AppConfig>(CONFIG_QUERY_KEY, (config) =>
        config ? { ...config, session } : config,
      );
      setState('saved');
      timer.current = setTimeout(() => setState('idle'), SAVED_ICON_MS);
    } catch {
      setValue(before);
      setState('idle');
      setFailed(true);
    }
  };

  return (
    <Stack gap="sm">
      <Text>{t('profile-timeout-intro')}</Text>
      {failed && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="profile-timeout-error">
          {t('profile-timeout-failed')}
        </Notice>
      )}
      <Group gap="md" align="flex-end">
        <NativeSelect
          label={t('profile-timeout-label')}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const minutes = Number(event.currentTarget.value);
            if (isSessionTimeoutOption(minutes)) void save(minutes);
          }}
          data={[
            // A value outside the options (set before they existed) is shown as it is, not chosen.
            ...(value !== undefined && !isSessionTimeoutOption(value)
              ? [{ value: String(value), label: label(value), disabled: true }]
              : []),
            ...SESSION_TIMEOUT_OPTIONS.map((m) => ({ value: String(m), label: label(m) })),
          ]}
          disabled={state === 'saving'}
          size="md"
          w={220}
          styles={{ input: { minHeight: 44 } }}
          data-qa="profile-timeout-select"
        />
        <div style={{ minHeight: 44, display: 'flex', alignItems: 'center' }}>
          <SaveIcon state={state} />
        </div>
      </Group>
    </Stack>
  );
}
