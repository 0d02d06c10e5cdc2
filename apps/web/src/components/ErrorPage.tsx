import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from './CenteredPage';
import { AlertIcon } from './icons';

/**
 * A whole page that could not be shown (outside the app shell): "Something went wrong", what failed, and
 * the one thing to do about it (retry, reload).
 */
export function ErrorPage({
  qa,
  message,
  action,
}: {
  qa: string;
  message: string;
  action: { label: string; onClick: () => void; qa: string };
}) {
  const { t } = useTranslation();
  return (
    <CenteredPage qa={qa}>
      <Stack gap="md">
        <Title order={1} fz={26}>
          {t('error-title')}
        </Title>
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {message}
        </Alert>
        <Button onClick={action.onClick} data-qa={action.qa}>
          {action.label}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
