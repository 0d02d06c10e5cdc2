// #/reset-password (spec 002 §5 "Password reset", issue 30). Step 1: the e-mail address
// (GET api/v1/resetPassword; 'err-no-security-question' marks the e-mail field). Step 2: the question,
// the secret answer, a new password and its confirmation (POST api/v2/resetPassword;
// 'err-secret-answer-wrong' marks the answer field, other errors in the general box). Success returns
// to the log-in page (the home route of a signed-out device) with a notice. Either step offers a reset
// link by e-mail instead (accounts without a question, a forgotten answer).
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { sha512Hex } from '@nursery/domain/common';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon, InfoIcon } from '../../components/icons';
import { TouchLink } from '../../components/TouchLink';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { anonymousAccountApi } from './api';
import { accountErrorMessage, errorCode, hashedAnswer } from './forms';
import { PasswordFields, useNewPassword } from './PasswordFields';
import { anonymousAccountStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', anonymousAccountStrings);

const FIELD = { size: 'md', styles: { input: { minHeight: 44 } } } as const;

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('reset-title')} – ${t('app-name')}`);
  const [email, setEmail] = useState('');
  const [question, setQuestion] = useState<string | null>(null);

  const lookUp = useMutation({
    mutationFn: () => anonymousAccountApi.question(email.trim()),
    onSuccess: (answer) => setQuestion(answer.question),
  });
  const link = useMutation({ mutationFn: () => anonymousAccountApi.requestLink(email.trim()) });

  function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() !== '' && !lookUp.isPending) lookUp.mutate();
  }

  const emailError =
    lookUp.isError && errorCode(lookUp.error) === 'err-no-security-question'
      ? t('err-no-security-question')
      : undefined;
  const generalError = lookUp.isError && !emailError ? accountErrorMessage(lookUp.error, t) : null;

  return (
    <CenteredPage qa="reset-page">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('reset-title')}
        </Title>
        {question === null ? (
          <form onSubmit={submitEmail} noValidate data-qa="reset-email-form">
            <Stack gap="md">
              <Text c="dimmed">{t('reset-intro-email')}</Text>
              {generalError && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="reset-error">
                  {generalError}
                </Alert>
              )}
              <TextInput
                {...FIELD}
                label={t('reset-email')}
                type="email"
                inputMode="email"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  lookUp.reset();
                  link.reset();
                }}
                error={emailError}
                required
                data-qa="reset-email"
              />
              <Button
                type="submit"
                size="lg"
                fullWidth
                disabled={email.trim() === ''}
                loading={lookUp.isPending}
                data-qa="reset-continue"
              >
                {t('reset-continue')}
              </Button>
            </Stack>
          </form>
        ) : (
          <QuestionStep email={email.trim()} question={question} />
        )}
        <ResetLinkOffer email={email} link={link} />
        <TouchLink to="/login" qa="reset-back">
          {t('reset-back')}
        </TouchLink>
      </Stack>
    </CenteredPage>
  );
}

function ResetLinkOffer({
  email,
  link,
}: {
  email: string;
  link: { mutate: () => void; isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  if (link.isSuccess)
    return (
      <Alert color="blue" variant="light" icon={<InfoIcon />} role="status" data-qa="reset-link-sent">
        {t('reset-link-sent')}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">{t('reset-link-hint')}</Text>
      <Group>
        <Button
          variant="default"
          mih={44}
          disabled={email.trim() === ''}
          loading={link.isPending}
          onClick={() => link.mutate()}
          data-qa="reset-send-link"
        >
          {t('reset-use-link')}
        </Button>
      </Group>
      {link.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="reset-link-error">
          {accountErrorMessage(link.error, t)}
        </Alert>
      )}
    </Stack>
  );
}

function QuestionStep({ email, question }: { email: string; question: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState('');
  const newPassword = useNewPassword([email], 'new-password-does-not-match-confirmation');
  const valid = newPassword.valid && answer.trim() !== '';

  const reset = useMutation({
    mutationFn: async () =>
      anonymousAccountApi.reset({
        email,
        question,
        answer: await hashedAnswer(answer),
        password: await sha512Hex(newPassword.password),
        confirmPassword: await sha512Hex(newPassword.confirmation),
      }),
    onSuccess: () => void navigate('/login?reason=password-reset', { replace: true }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (valid && !reset.isPending) reset.mutate();
  }

  const answerError =
    reset.isError && errorCode(reset.error) === 'err-secret-answer-wrong'
      ? t('err-secret-answer-wrong')
      : undefined;

  return (
    <form onSubmit={submit} noValidate data-qa="reset-question-form">
      <Stack gap="md">
        <Text c="dimmed">{t('reset-intro-question')}</Text>
        {reset.isError && !answerError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="reset-error">
            {accountErrorMessage(reset.error, t)}
          </Alert>
        )}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <TextInput
          {...FIELD}
          label={t('reset-question')}
          value={question}
          readOnly
          data-qa="reset-question"
        />
        <TextInput
          {...FIELD}
          label={t('account-answer')}
          description={t('account-answer-hint')}
          autoComplete="off"
          value={answer}
          onChange={(event) => {
            setAnswer(event.currentTarget.value);
            if (answerError) reset.reset();
          }}
          error={answerError}
          required
          data-qa="reset-answer"
        />
        <PasswordFields passwordLabel={t('account-new-password')} {...newPassword.fields} />
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={!valid}
          loading={reset.isPending}
          data-qa="reset-submit"
        >
          {t('reset-submit')}
        </Button>
      </Stack>
    </form>
  );
}
