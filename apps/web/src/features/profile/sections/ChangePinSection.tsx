// Spec 002 §5 Profile PIN: the current PIN only when one is set ('pin-incorrect'), the new PIN and its
// confirmation ('confirmation-pin-not-the-same'); §4: a loading text while it saves, then the form
// again. PUT staff/{id} with the current PIN; the fifth wrong PIN of a session ends it (the server's
// 401 takes the app to the login page).
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AppConfig, checkPinChange, type PinProblem, type SetPinRequest } from '@nursery/domain/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { PinInput } from '../../../components/PinInput';
import { ApiError } from '../../../lib/api';
import { CONFIG_QUERY_KEY, useSession } from '../../auth';
import { staffApi } from '../../staff';

const PIN_PROBLEMS: readonly string[] = [
  'pin-incorrect',
  'pin-must-be-4-digits',
  'confirmation-pin-not-the-same',
];

export function ChangePinSection() {
  const { t } = useTranslation();
  const { me } = useSession();
  const queryClient = useQueryClient();
  const [oldPin, setOldPin] = useState('');
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<PinProblem[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: SetPinRequest) => staffApi.setPin(me.staffID!, body),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPinChange({ hasPin: me.hasPin, oldPin, newPin: pin, confirmation });
    setProblems(found);
    setFailed(null);
    if (found.length > 0) return;
    const body: SetPinRequest = me.hasPin
      ? { oldPIN: oldPin, PIN: pin, confirmPIN: confirmation }
      : { PIN: pin, confirmPIN: confirmation };
    change.mutate(body, {
      onSuccess: () => {
        setOldPin('');
        setPin('');
        setConfirmation('');
        queryClient.setQueryData<AppConfig>(CONFIG_QUERY_KEY, (config) =>
          config ? { ...config, me: { ...config.me, hasPin: true } } : config,
        );
        notifications.show({ color: 'green', message: t('pin-changed'), autoClose: 5000 });
      },
      onError: (error) => {
        if (error instanceof ApiError && PIN_PROBLEMS.includes(error.code)) {
          setProblems([error.code as PinProblem]);
          if (error.code === 'pin-incorrect') setOldPin('');
        } else if (error instanceof ApiError && error.status === 429) setFailed(t('err-too-many-attempts'));
        else setFailed(t('profile-pin-failed'));
      },
    });
  }

  const problem = (key: PinProblem) => (problems.includes(key) ? t(key) : undefined);
  return (
    <form onSubmit={handleSubmit} noValidate data-qa="profile-pin-form">
      <Stack gap="md">
        <Text>{me.hasPin ? t('profile-pin-intro') : t('profile-pin-intro-none')}</Text>
        {failed && (
          <Notice color="red" icon={<AlertIcon />} role="alert" qa="profile-pin-error">
            {failed}
          </Notice>
        )}
        <SimpleGrid cols={{ base: 1, sm: me.hasPin ? 3 : 2 }} spacing="md" maw={720}>
          {me.hasPin && (
            <PinInput
              label={t('profile-pin-old')}
              value={oldPin}
              onChange={setOldPin}
              error={problem('pin-incorrect')}
              required
              data-qa="profile-pin-old"
            />
          )}
          <PinInput
            label={t('profile-pin-new')}
            value={pin}
            onChange={setPin}
            error={problem('pin-must-be-4-digits')}
            required
            data-qa="profile-pin-new"
          />
          <PinInput
            label={t('profile-pin-confirm')}
            value={confirmation}
            onChange={setConfirmation}
            error={problem('confirmation-pin-not-the-same')}
            required
            data-qa="profile-pin-confirm"
          />
        </SimpleGrid>
        <div>
          {/* §4: the button shows a loading text while the PIN saves, then restores. */}
          <Button type="submit" mih={44} disabled={change.isPending} data-qa="profile-pin-submit">
            {change.isPending
              ? t('profile-pin-saving')
              : me.hasPin
                ? t('profile-pin-submit')
                : t('profile-pin-submit-none')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
