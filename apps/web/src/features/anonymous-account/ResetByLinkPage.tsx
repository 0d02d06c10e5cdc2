// #/reset-password/{code} (issue 30): the e-mailed reset link's screen. A new password and its
// confirmation (the strength rule); success returns to the log-in page with a notice; a used or expired
// link says so and offers a new one.
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { sha512Hex } from '@nursery/domain/common';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon } from '../../components/icons';
import { TouchLink } from '../../components/TouchLink';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { anonymousAccountApi } from './api';
import { accountErrorMessage, errorCode } from './forms';
import { PasswordFields, useNewPassword } from './PasswordFields';
import { anonymousAccountStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', anonymousAccountStrings);

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  useDocumentTitle(`${t('reset-link-title')} – ${t('app-name')}`);
  const newPassword = useNewPassword([], 'new-password-does-not-match-confirmation');

  const reset = useMutation({
    mutationFn: async () =>
      anonymousAccountApi.resetByLink({
        code,
        password: await sha512Hex(newPassword.password),
        confirmPassword: await sha512Hex(newPassword.confirmation),
      }),
    onSuccess: () => void navigate('/login?reason=password-reset', { replace: true }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword.valid && !reset.isPending) reset.mutate();
  }

  const invalidLink = reset.isError && errorCode(reset.error) === 'err-invalid-reset-code';

  return (
    <CenteredPage qa="reset-link-page">
      <form onSubmit={submit} noValidate data-qa="reset-link-form">
        <Stack gap="md">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('reset-link-title')}
          </Title>
          <Text c="dimmed">{t('reset-link-intro')}</Text>
          {reset.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="reset-link-error">
              {accountErrorMessage(reset.error, t)}
            </Alert>
          )}
          {invalidLink ? (
            <TouchLink to="/reset-password">{t('reset-ask-again')}</TouchLink>
          ) : (
            <>
              <PasswordFields passwordLabel={t('account-new-password')} {...newPassword.fields} />
              <Button
                type="submit"
                size="lg"
                fullWidth
                disabled={!newPassword.valid}
                loading={reset.isPending}
                data-qa="reset-link-submit"
              >
                {t('reset-submit')}
              </Button>
            </>
          )}
          <TouchLink to="/login">{t('reset-back')}</TouchLink>
        </Stack>
      </form>
    </CenteredPage>
  );
}
