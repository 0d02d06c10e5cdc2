import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon, InfoIcon } from '../../components/icons';
import { TouchLink } from '../../components/TouchLink';
import { loadHomePage } from '../home';
import { loginErrorMessage } from './loginErrors';
import { safeNextPath } from './session';
import { useLogin } from './useLogin';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useDocumentTitle(`${t('login-title')} – ${t('app-name')}`);

  const reason = searchParams.get('reason');
  const notice =
    reason === 'expired'
      ? t('err-session-expired')
      : reason === 'logged-out'
        ? t('login-logged-out')
        : reason === 'password-reset'
          ? t('login-password-reset')
          : reason === 'pin-attempts'
            ? t('err-pin-attempts-exceeded')
            : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: FieldErrors = {
      email: email.trim() ? undefined : t('login-email-required'),
      password: password ? undefined : t('login-password-required'),
    };
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    // Fetch the Home screen's code while the server checks the password: it is needed next.
    void loadHomePage();
    login.mutate(
      { email, password },
      {
        onSuccess: () => void navigate(safeNextPath(searchParams.get('next')), { replace: true }),
        onError: () => {
          // Leave the e-mail for a retry; a wrong password is best retyped from scratch.
          setPassword('');
          passwordRef.current?.focus();
        },
      },
    );
  }

  return (
    <CenteredPage qa="login-page">
      <form onSubmit={handleSubmit} noValidate data-qa="login-form" aria-describedby="login-intro">
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {t('login-title')}
            </Title>
            <Text id="login-intro" c="dimmed" mt={4}>
              {t('login-intro')}
            </Text>
          </div>

          {notice && !login.isError && (
            <Alert color="blue" variant="light" icon={<InfoIcon />} data-qa="login-notice" role="status">
              {notice}
            </Alert>
          )}
          {login.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<AlertIcon />}
              title={t('login-failed-title')}
              data-qa="login-error"
              role="alert"
            >
              {loginErrorMessage(login.error, t)}
            </Alert>
          )}

          <TextInput
            ref={emailRef}
            label={t('login-email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldErrors.email}
            required
            data-qa="login-email"
          />
          <PasswordInput
            ref={passwordRef}
            label={t('login-password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('toggle-password-visibility') }}
            // Every control at least 44 × 44 px: the field (Mantine's inner input is 2 px short of its
            // wrapper) and the eye (28 × 28 by default at size md).
            rightSectionWidth={48}
            styles={{
              input: { minHeight: 46 },
              innerInput: { minHeight: 44 },
              visibilityToggle: { width: 44, height: 44, minWidth: 44, minHeight: 44 },
            }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
            required
            data-qa="login-password"
          />
          <Button type="submit" fullWidth size="lg" loading={login.isPending} data-qa="login-submit" mt="xs">
            {t('login-submit')}
          </Button>
          <TouchLink to="/reset-password" qa="login-forgot-password" style={{ alignSelf: 'center' }}>
            {t('login-forgot-password')}
          </TouchLink>
        </Stack>
      </form>
    </CenteredPage>
  );
}
