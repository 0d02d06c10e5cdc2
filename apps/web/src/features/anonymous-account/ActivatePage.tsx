// #/activate/{code} (spec 002 §5 "Activation", issue 30): the invited member chooses a password (the
// strength rule, 'Passwords do not match') and a security question and answer; submit stays disabled
// until all is valid. Success is a log-in: the session is open and the app opens on `/`.
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SECURITY_QUESTION_MAX, sha512Hex } from '@nursery/domain/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon } from '../../components/icons';
import { LoadingLine } from '../../components/QueryState';
import { TouchLink } from '../../components/TouchLink';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { anonymousAccountApi } from './api';
import { accountErrorMessage, errorCode, hashedAnswer, securityQuestionValid } from './forms';
import { PasswordFields, useNewPassword } from './PasswordFields';
import { anonymousAccountStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', anonymousAccountStrings);

export function Component() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  useDocumentTitle(`${t('activate-title')} – ${t('app-name')}`);
  const activation = useQuery({
    queryKey: ['activation', code],
    queryFn: () => anonymousAccountApi.activation(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  return (
    <CenteredPage qa="activate-page">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('activate-title')}
        </Title>
        {activation.isPending && <LoadingLine text={t('activate-loading')} qa="activate-loading" />}
        {activation.isError && (
          <>
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="activate-invalid">
              {errorCode(activation.error) === 'err-invalid-activation-code'
                ? t('err-invalid-activation-code')
                : accountErrorMessage(activation.error, t)}
            </Alert>
            <TouchLink to="/login">{t('activate-go-to-login')}</TouchLink>
          </>
        )}
        {activation.data && (
          <ActivateForm code={code} email={activation.data.email} provider={activation.data.provider} />
        )}
      </Stack>
    </CenteredPage>
  );
}

function ActivateForm({ code, email, provider }: { code: string; email: string; provider: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const newPassword = useNewPassword([email], 'passwords-do-not-match');
  const valid = newPassword.valid && securityQuestionValid(question, answer);

  const activate = useMutation({
    mutationFn: async () =>
      anonymousAccountApi.activate({
        code,
        password: await sha512Hex(newPassword.password),
        passwordIsHashed: true,
        question: question.trim(),
        answer: await hashedAnswer(answer),
      }),
    // A shared tablet: nothing cached for a previous user survives into this session.
    onSuccess: () => {
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid && !activate.isPending) activate.mutate();
  }

  return (
    <form onSubmit={submit} noValidate data-qa="activate-form">
      <Stack gap="md">
        <Text c="dimmed" data-qa="activate-intro">
          {t('activate-intro', { email, provider })}
        </Text>
        {activate.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t('account-failed-title')}
            role="alert"
            data-qa="activate-error"
          >
            {accountErrorMessage(activate.error, t)}
          </Alert>
        )}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordFields passwordLabel={t('account-password')} {...newPassword.fields} />
        <TextInput
          label={t('account-question')}
          description={t('account-question-hint')}
          value={question}
          maxLength={SECURITY_QUESTION_MAX}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          required
          size="md"
          styles={{ input: { minHeight: 44 } }}
          data-qa="activate-question"
        />
        <TextInput
          label={t('account-answer')}
          description={t('account-answer-hint')}
          value={answer}
          autoComplete="off"
          onChange={(event) => setAnswer(event.currentTarget.value)}
          required
          size="md"
          styles={{ input: { minHeight: 44 } }}
          data-qa="activate-answer"
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!valid}
          loading={activate.isPending}
          data-qa="activate-submit"
        >
          {t('activate-submit')}
        </Button>
      </Stack>
    </form>
  );
}
