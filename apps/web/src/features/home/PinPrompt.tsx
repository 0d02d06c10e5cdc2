import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkPinChange, type PinProblem } from '@nursery/domain/account';
import { PIN_DECLINED, PIN_LENGTH } from '@nursery/domain/common';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, LockIcon } from '../../components/icons';
import { useSetPin } from './useSetPin';

/** Keep only digits: tablets show a numeric keypad, but a paste may carry anything. */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

/**
 * Home alert (spec 002 §2): staff without a PIN, who have not declined, are asked to set a 4-digit PIN.
 * "No thanks" sends PIN 'no' so the prompt is not shown again.
 */
export function PinPrompt({ staffID }: { staffID: number }) {
  const { t } = useTranslation();
  const savePin = useSetPin(staffID);
  const [pin, setPinValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<PinProblem[]>([]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPinChange({ hasPin: false, newPin: pin, confirmation });
    setProblems(found);
    if (found.length > 0) return;
    savePin.mutate(pin, {
      onSuccess: () => notifications.show({ color: 'green', message: t('pin-saved'), autoClose: 5000 }),
    });
  }

  function decline() {
    savePin.mutate(PIN_DECLINED, {
      onSuccess: () => notifications.show({ color: 'blue', message: t('pin-declined'), autoClose: 5000 }),
    });
  }

  const saving = savePin.isPending && savePin.variables !== PIN_DECLINED;
  const declining = savePin.isPending && savePin.variables === PIN_DECLINED;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="pin-prompt-title"
      data-qa="pin-prompt"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <LockIcon size={24} />
            <div>
              <Title order={2} fz="lg" id="pin-prompt-title">
                {t('pin-prompt-title')}
              </Title>
              <Text mt={2}>{t('set-pin-prompt')}</Text>
            </div>
          </Group>
          {savePin.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="pin-error">
              {t('pin-save-failed')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={480}>
            <PasswordInput
              label={t('pin-new')}
              value={pin}
              onChange={(event) => setPinValue(digitsOnly(event.currentTarget.value))}
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_LENGTH}
              error={problems.includes('pin-must-be-4-digits') ? t('pin-must-be-4-digits') : undefined}
              visibilityToggleButtonProps={{ 'aria-label': t('toggle-pin-visibility') }}
              required
              data-qa="pin-new"
            />
            <PasswordInput
              label={t('pin-confirm')}
              value={confirmation}
              onChange={(event) => setConfirmation(digitsOnly(event.currentTarget.value))}
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_LENGTH}
              error={
                problems.includes('confirmation-pin-not-the-same')
                  ? t('confirmation-pin-not-the-same')
                  : undefined
              }
              visibilityToggleButtonProps={{ 'aria-label': t('toggle-pin-visibility') }}
              required
              data-qa="pin-confirm"
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" loading={saving} disabled={declining} data-qa="pin-save">
              {t('pin-save')}
            </Button>
            <Button
              variant="default"
              onClick={decline}
              loading={declining}
              disabled={saving}
              data-qa="pin-no-thanks"
            >
              {t('pin-no-thanks')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
