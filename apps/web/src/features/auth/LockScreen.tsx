// Issue 30: the lock screen over the app (not the login page). It names the user; the same user unlocks
// with the PIN (the server's POST session/unlock; the fifth wrong PIN ends the session and the
// SessionWatcher goes to login); "Sign in as someone else" ends the session, and the first user's
// unsent work stays on the device under their account (as a log-out keeps it). Offline, unlocking needs
// the connection: no PIN verifier is kept on the device (docs/decisions.md, issue 30).
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AppConfig } from '@nursery/domain/account';
import { PIN_LENGTH } from '@nursery/domain/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PinInput } from '../../components/PinInput';
import { ApiError, NetworkError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import { usePendingCount } from '../../lib/offline/pendingCount';
import { sessionApi } from './api';
import classes from './LockScreen.module.css';
import { unlockApp } from './lock';
import { useSession } from './SessionContext';
import { CONFIG_QUERY_KEY } from './session';
import { useLogout } from './useLogout';

export function LockScreen() {
  const { t } = useTranslation();
  const { me } = useSession();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const waiting = usePendingCount();
  const logout = useLogout();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const name = `${me.forename} ${me.surname}`.trim();

  const unlock = useMutation({
    mutationFn: (PIN: string) => sessionApi.unlock(PIN),
    onSuccess: (session) => {
      queryClient.setQueryData<AppConfig>(CONFIG_QUERY_KEY, (config) =>
        config ? { ...config, session } : config,
      );
      unlockApp();
    },
    onError: (error) => {
      setPin('');
      input.current?.focus();
      if (error instanceof NetworkError) setProblem(t('lock-offline'));
      else if (error instanceof ApiError && error.code === 'pin-incorrect') setProblem(t('lock-pin-wrong'));
      else if (error instanceof ApiError && error.status === 429)
        setProblem(t('lock-too-many', { count: Math.max(1, error.retryAfterSeconds ?? 60) }));
      // A 401 (the fifth wrong PIN, a session already over) is the SessionWatcher's: off to login.
      else if (!(error instanceof ApiError && error.status === 401)) setProblem(t('lock-failed'));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pin.length !== PIN_LENGTH) {
      setProblem(t('pin-must-be-4-digits'));
      return input.current?.focus();
    }
    setProblem(null);
    unlock.mutate(pin);
  }

  return (
    <div
      className={classes.overlay}
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-qa="lock-screen"
    >
      <Paper withBorder radius="lg" p="lg" shadow="md" className={classes.card}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <LockIcon size={28} />
            <div>
              <Title order={1} fz="h3" id="lock-title" data-qa="lock-title">
                {t('lock-title', { name })}
              </Title>
              <Text mt={4}>{me.hasPin ? t('lock-enter-pin') : t('lock-no-pin')}</Text>
            </div>
          </Group>
          {offline && (
            <Notice color="orange" icon={<OfflineIcon />} qa="lock-offline">
              {t('lock-offline')}
            </Notice>
          )}
          {me.hasPin && (
            <form onSubmit={handleSubmit} noValidate>
              <Stack gap="sm">
                <PinInput
                  ref={input}
                  label={t('lock-pin')}
                  value={pin}
                  onChange={setPin}
                  error={problem ?? undefined}
                  size="md"
                  data-qa="lock-pin"
                />
                <Button type="submit" mih={44} loading={unlock.isPending} data-qa="lock-unlock">
                  {t('lock-unlock')}
                </Button>
              </Stack>
            </form>
          )}
          <Button
            variant={me.hasPin ? 'default' : 'filled'}
            mih={44}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            disabled={offline || unlock.isPending}
            data-qa="lock-switch-user"
          >
            {me.hasPin ? t('lock-switch-user') : t('lock-log-in-again')}
          </Button>
          {waiting > 0 && (
            <Text fz="sm" c="dimmed" data-qa="lock-unsent">
              {t('lock-unsent', { count: waiting, name })}
            </Text>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
