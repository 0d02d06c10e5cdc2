// The profile's "Sign in on another device" (issue 30, token login): a one-time link for the signed-in
// member's own account (POST api/v1/loginTokens), shown with its expiry and a copy button. No QR code:
// no QR library is installed (docs/decisions.md "Issue 30: token login and the CRM page").
import { Alert, Button, CopyButton, Stack, Text, TextInput } from '@mantine/core';
import type { createLoginToken } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { callRoute, NetworkError } from '../../../lib/api';
import { useIsOffline } from '../../../lib/connectivity';
import { formatClockTime } from '../../../lib/format';

/** The link's full address: this app's page with the token login route. */
const linkOf = (path: string) => `${window.location.origin}${window.location.pathname}${path}`;

export function SignInElsewhereSection() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const create = useMutation({
    mutationFn: () => callRoute<typeof createLoginToken>(routes.createLoginToken, {}),
  });
  const link = create.data ? linkOf(create.data.path) : null;

  return (
    <Stack gap="sm" align="stretch" data-qa="sign-in-elsewhere">
      <Text>{t('profile-sign-in-elsewhere-intro')}</Text>
      {offline && !link && (
        <Notice color="yellow" icon={<AlertIcon />} qa="sign-in-elsewhere-offline">
          {t('profile-sign-in-elsewhere-offline')}
        </Notice>
      )}
      {create.isError && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="sign-in-elsewhere-error">
          {create.error instanceof NetworkError
            ? t('profile-sign-in-elsewhere-offline')
            : t('profile-sign-in-elsewhere-failed')}
        </Notice>
      )}
      {link && create.data && (
        <Stack gap="xs">
          <TextInput
            label={t('profile-sign-in-elsewhere-link')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { minHeight: 44 } }}
            data-qa="sign-in-elsewhere-link"
          />
          <Text size="sm" c="dimmed" data-qa="sign-in-elsewhere-expiry">
            {t('profile-sign-in-elsewhere-expiry', {
              time: formatClockTime(new Date(create.data.expiresAt)),
            })}
          </Text>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                mih={44}
                onClick={copy}
                style={{ alignSelf: 'flex-start' }}
                data-qa="sign-in-elsewhere-copy"
              >
                {copied ? t('profile-sign-in-elsewhere-copied') : t('profile-sign-in-elsewhere-copy')}
              </Button>
            )}
          </CopyButton>
        </Stack>
      )}
      <Button
        mih={44}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => create.mutate()}
        loading={create.isPending}
        disabled={offline}
        data-qa="sign-in-elsewhere-create"
      >
        {t('profile-sign-in-elsewhere-create')}
      </Button>
    </Stack>
  );
}
