import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CenteredPage } from '../components/CenteredPage';
import { AlertIcon } from '../components/icons';

/**
 * Last resort for a render error or a lazy chunk that failed to load (often a new deployment replaced
 * the chunk files): offer a full reload rather than a blank screen.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <CenteredPage qa="route-error">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {t('error-title')}
        </Title>
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {t('err-unknown')}
        </Alert>
        <Button onClick={() => window.location.reload()} data-qa="route-error-reload">
          {t('error-reload')}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
