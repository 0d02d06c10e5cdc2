// "Change password" (spec 002 §5 Profile, §7 "POST password change", issue 30): the current password,
// the new one with its strength meter and its confirmation (anonymous-account's PasswordFields), checked
// in the spec's order: 'new-password-does-not-match-confirmation', 'old-password-is-the-same-as-new-
// password', 'new-password-is-invalid'. Both travel as SHA-512 hex. The button shows a loading text and
// then restores (§4 Forms); success says "password changed" and the other devices are logged out.
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { sha512Hex } from '@nursery/domain/common';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import {
  accountErrorMessage,
  anonymousAccountStrings,
  errorCode,
  PASSWORD_INPUT_STYLES,
  PasswordFields,
  useNewPassword,
} from '../../anonymous-account';
import { useSession } from '../../auth';
import { passwordApi } from './passwordApi';

// PasswordFields' own texts (the meter, the confirmation) load with the anonymous screens' strings.
i18n.addResources(LANGUAGE, 'translation', anonymousAccountStrings);

export function ChangePasswordSection() {
  const { t } = useTranslation();
  const { me } = useSession();
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword(
    [me.forename, me.surname, me.email],
    'new-password-does-not-match-confirmation',
  );
  const same = newPassword.password !== '' && newPassword.password === oldPassword;
  const valid = oldPassword !== '' && newPassword.valid && !same;

  const change = useMutation({
    mutationFn: async () =>
      passwordApi.changePassword({
        oldPassword: await sha512Hex(oldPassword),
        password: await sha512Hex(newPassword.password),
      }),
    onSuccess: () => {
      setOldPassword('');
      newPassword.fields.onPassword('');
      newPassword.fields.onConfirmation('');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid && !change.isPending) change.mutate();
  }
  /** Typing again clears the last answer (its message, or "password changed"). */
  const edited = (apply: () => void) => {
    apply();
    if (!change.isIdle && !change.isPending) change.reset();
  };

  // Spec §8 "Errors show as danger alerts": the server's answer in the alert; a wrong current password
  // also marks its field.
  const generalError = change.isError ? accountErrorMessage(change.error, t) : null;
  const oldWrong = change.isError && errorCode(change.error) === 'err-current-password-incorrect';

  return (
    <form onSubmit={submit} noValidate data-qa="profile-password-form">
      <Stack gap="md" maw={480}>
        <Text>{t('profile-password-intro')}</Text>
        {change.isSuccess && (
          <Notice color="green" icon={<CheckIcon />} role="status" qa="profile-password-changed">
            {t('password-changed')}
          </Notice>
        )}
        {generalError && (
          <Notice color="red" icon={<AlertIcon />} role="alert" qa="profile-password-error">
            {generalError}
          </Notice>
        )}
        {/* For password managers: whose password this is. */}
        <input type="email" autoComplete="username" value={me.email} readOnly hidden />
        <PasswordInput
          label={t('profile-password-old')}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('toggle-password-visibility') }}
          rightSectionWidth={48}
          styles={PASSWORD_INPUT_STYLES}
          value={oldPassword}
          onChange={(event) => {
            const value = event.currentTarget.value;
            edited(() => setOldPassword(value));
          }}
          error={oldWrong}
          required
          data-qa="profile-old-password"
        />
        <PasswordFields
          passwordLabel={t('account-new-password')}
          {...newPassword.fields}
          onPassword={(value) => edited(() => newPassword.fields.onPassword(value))}
          onConfirmation={(value) => edited(() => newPassword.fields.onConfirmation(value))}
          passwordError={
            same ? t('old-password-is-the-same-as-new-password') : newPassword.fields.passwordError
          }
        />
        <Button
          type="submit"
          size="md"
          mih={44}
          disabled={!valid || change.isPending}
          data-qa="profile-password-submit"
        >
          {change.isPending ? t('profile-password-saving') : t('profile-password-submit')}
        </Button>
      </Stack>
    </form>
  );
}
