import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { checkPinChange, type PinProblem } from '@nursery/domain/account';
import { PIN_DECLINED } from '@nursery/domain/common';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon, LockIcon } from '../../components/icons';
import { PinInput } from '../../components/PinInput';
import { useSetPin } from './useSetPin';

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
      onSuccess: () =>
        notifications.show({
          color: 'blue',
          // "You can set one in your profile": a link to the profile's PIN section (issue 30).
          message: (
            <Trans
              i18nKey="pin-declined"
              components={{
                profile: <Anchor component={Link} to="/profile?section=pin" data-qa="pin-declined-profile" />,
              }}
            />
          ),
          autoClose: 8000,
        }),
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
            <PinInput
              label={t('pin-new')}
              value={pin}
              onChange={setPinValue}
              error={problems.includes('pin-must-be-4-digits') ? t('pin-must-be-4-digits') : undefined}
              required
              data-qa="pin-new"
            />
            <PinInput
              label={t('pin-confirm')}
              value={confirmation}
              onChange={setConfirmation}
              error={
                problems.includes('confirmation-pin-not-the-same')
                  ? t('confirmation-pin-not-the-same')
                  : undefined
              }
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
