// "Change security question" (spec 002 §5 Profile, §7 "POST security question update", issue 30): the
// question (required, at most 50) and the answer (trimmed, lower-cased and hashed before sending;
// 'err-invalid-security-answer' when empty), with the current password (OURS: a tablet left signed in
// must not let someone else set the question and then reset the password). 'security-question-required'
// while the account has none. The button shows a loading text and then restores (§4 Forms).
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type AppConfig, checkSecurityAnswer, checkSecurityQuestion } from '@nursery/domain/account';
import { sha512Hex } from '@nursery/domain/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, InfoIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import {
  accountErrorMessage,
  anonymousAccountStrings,
  errorCode,
  hashedAnswer,
  PASSWORD_INPUT_STYLES,
} from '../../anonymous-account';
import { CONFIG_QUERY_KEY, useSession } from '../../auth';
import { passwordApi } from './passwordApi';

i18n.addResources(LANGUAGE, 'translation', anonymousAccountStrings);

const FIELD = { size: 'md', styles: { input: { minHeight: 44 } } } as const;

export function SecurityQuestionSection() {
  const { t } = useTranslation();
  const { me } = useSession();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [answerTouched, setAnswerTouched] = useState(false);
  const [password, setPassword] = useState('');

  const questionProblem = checkSecurityQuestion(question);
  const answerProblem = checkSecurityAnswer(answer);
  const valid = questionProblem === null && answerProblem === null && password !== '';

  const change = useMutation({
    mutationFn: async () =>
      passwordApi.changeSecurityQuestion({
        question: question.trim(),
        answer: await hashedAnswer(answer),
        password: await sha512Hex(password),
      }),
    onSuccess: () => {
      setQuestion('');
      setAnswer('');
      setAnswerTouched(false);
      setPassword('');
      // The server has it: the 'security-question-required' notice goes at once.
      queryClient.setQueryData<AppConfig>(CONFIG_QUERY_KEY, (config) =>
        config ? { ...config, me: { ...config.me, hasSecurityQuestion: true } } : config,
      );
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAnswerTouched(true);
    if (valid && !change.isPending) change.mutate();
  }
  const edited = (apply: () => void) => {
    apply();
    if (!change.isIdle && !change.isPending) change.reset();
  };

  // Spec §8 "Errors show as danger alerts": the server's answer in the alert; the field it is about
  // is marked too. An empty answer is also caught here before sending ('err-invalid-security-answer').
  const code = change.isError ? errorCode(change.error) : null;
  const generalError = change.isError ? accountErrorMessage(change.error, t) : null;
  const passwordWrong = code === 'err-current-password-incorrect';
  const answerError =
    answerTouched && answerProblem
      ? t('err-invalid-security-answer')
      : code === 'err-invalid-security-answer';
  const questionError =
    questionProblem?.key === 'this-field-has-max-length-of'
      ? t(questionProblem.key, { limit: String(questionProblem.params.limit) })
      : undefined;

  return (
    <form onSubmit={submit} noValidate data-qa="profile-question-form">
      <Stack gap="md" maw={480}>
        <Text>{t('profile-question-intro')}</Text>
        {!me.hasSecurityQuestion && !change.isSuccess && (
          <Notice color="blue" icon={<InfoIcon />} qa="profile-question-required">
            {t('security-question-required')}
          </Notice>
        )}
        {change.isSuccess && (
          <Notice color="green" icon={<CheckIcon />} role="status" qa="profile-question-changed">
            {t('security-question-changed')}
          </Notice>
        )}
        {generalError && (
          <Notice color="red" icon={<AlertIcon />} role="alert" qa="profile-question-error">
            {generalError}
          </Notice>
        )}
        <TextInput
          {...FIELD}
          label={t('account-question')}
          description={t('account-question-hint')}
          autoComplete="off"
          value={question}
          onChange={(event) => {
            const value = event.currentTarget.value;
            edited(() => setQuestion(value));
          }}
          error={questionError}
          required
          data-qa="profile-question"
        />
        <TextInput
          {...FIELD}
          label={t('account-answer')}
          description={t('account-answer-hint')}
          autoComplete="off"
          value={answer}
          onChange={(event) => {
            const value = event.currentTarget.value;
            edited(() => setAnswer(value));
          }}
          onBlur={() => answer !== '' && setAnswerTouched(true)}
          error={answerError}
          required
          data-qa="profile-answer"
        />
        <input type="email" autoComplete="username" value={me.email} readOnly hidden />
        <PasswordInput
          label={t('profile-question-current-password')}
          description={t('profile-question-current-password-hint')}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('toggle-password-visibility') }}
          rightSectionWidth={48}
          styles={PASSWORD_INPUT_STYLES}
          value={password}
          onChange={(event) => {
            const value = event.currentTarget.value;
            edited(() => setPassword(value));
          }}
          error={passwordWrong}
          required
          data-qa="profile-question-password"
        />
        <Button
          type="submit"
          size="md"
          mih={44}
          disabled={!valid || change.isPending}
          data-qa="profile-question-submit"
        >
          {change.isPending ? t('profile-question-saving') : t('profile-question-submit')}
        </Button>
      </Stack>
    </form>
  );
}
