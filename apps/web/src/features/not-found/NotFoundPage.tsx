import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any route that does not exist (yet), inside the shell so navigation stays available. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('page-not-found-title')} – ${t('app-name')}`);
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} data-qa="not-found-page">
      <Stack gap="md" align="flex-start">
        <Title order={1} fz={28}>
          {t('page-not-found-title')}
        </Title>
        <Text>{t('page-not-found')}</Text>
        <Button component={Link} to="/" data-qa="not-found-home">
          {t('go-home')}
        </Button>
      </Stack>
    </Paper>
  );
}
