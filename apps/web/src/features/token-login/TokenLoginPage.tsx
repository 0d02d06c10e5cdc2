// #/token-login/{key} (spec 002 §2 "Other screens", §7, issue 30): signs in with a one-time link as
// soon as it opens (a hash route: the key never reaches a server log or a link preview). Success does
// what the log-in does (useAfterLogin) and replaces the route with `/`; failure shows the error with a
// link to the log-in page.
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine } from '../../components/QueryState';
import { TouchLink } from '../../components/TouchLink';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useAfterLogin } from '../auth';
import { loadHomePage } from '../home';
import { tokenLoginApi } from './api';
import { tokenLoginErrorMessage } from './messages';
import { tokenLoginStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', tokenLoginStrings);

export function Component() {
  const { t } = useTranslation();
  const key = useParams().key ?? '';
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  useDocumentTitle(`${t('token-login-title')} – ${t('app-name')}`);
  const login = useMutation({
    mutationFn: () => tokenLoginApi.logIn(key),
    onSuccess: () => {
      afterLogin();
      void navigate('/', { replace: true });
    },
  });
  // The key is spent by its first use: sent once per page, never again on a re-render.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // Home's code while the server checks the key: it is the next screen.
    void loadHomePage();
    login.mutate();
  }, [login]);

  return (
    <CenteredPage qa="token-login-page">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {login.isError ? t('token-login-failed-title') : t('token-login-title')}
        </Title>
        {!login.isError && <LoadingLine text={t('token-login-loading')} qa="token-login-loading" />}
        {login.isError && (
          <>
            <Notice color="red" icon={<AlertIcon />} role="alert" qa="token-login-error">
              {tokenLoginErrorMessage(login.error, t)}
            </Notice>
            <TouchLink to="/login" qa="token-login-go-to-login">
              {t('token-login-go-to-login')}
            </TouchLink>
          </>
        )}
      </Stack>
    </CenteredPage>
  );
}
