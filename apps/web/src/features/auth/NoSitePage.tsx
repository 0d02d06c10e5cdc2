import { Alert, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon } from '../../components/icons';
import { LogoutButton } from './LogoutButton';

/** Spec 000 §6: "The user must have at least one site". Nothing else can work without one. */
export function NoSitePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('no-site-title')} – ${t('app-name')}`);
  return (
    <CenteredPage qa="no-site-page" headerEnd={<LogoutButton />}>
      <Title order={1} fz={{ base: 26, sm: 30 }} mb="md">
        {t('no-site-title')}
      </Title>
      <Alert color="orange" variant="light" icon={<AlertIcon />} data-qa="no-site-message">
        {t('err-no-site')}
      </Alert>
    </CenteredPage>
  );
}
