// #/crm/{token} (spec 002 §2 "CRM integration page with a token parameter", §6, §8, issue 30): the
// HubSpot confirmation page. "Integrate HubSpot" sends the token through our server to the
// integrations service; the answer is shown in the spec's words (each §8 message, or the success).
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { TouchLink } from '../../components/TouchLink';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { tokenLoginApi } from './api';
import { crmErrorMessage } from './messages';
import { tokenLoginStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', tokenLoginStrings);

export function Component() {
  const token = useParams().token ?? '';
  // Another token (a second link opened in the same tab) is a new confirmation, not the last answer.
  return <CrmIntegration key={token} token={token} />;
}

function CrmIntegration({ token }: { token: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('crm-title')} – ${t('app-name')}`);
  const integrate = useMutation({ mutationFn: () => tokenLoginApi.integrateHubSpot(token) });

  return (
    <Stack gap="md" maw={640} data-qa="crm-page">
      <Title order={1} fz="h2">
        {t('crm-title')}
      </Title>
      <Text>{t('crm-intro')}</Text>
      {integrate.isSuccess && (
        <Notice color="green" icon={<CheckIcon />} role="status" qa="crm-success">
          {t('crm-integration-success')}
        </Notice>
      )}
      {integrate.isError && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="crm-error">
          {crmErrorMessage(integrate.error, t)}
        </Notice>
      )}
      {integrate.isSuccess ? (
        <TouchLink to="/" qa="crm-back-home">
          {t('crm-back-home')}
        </TouchLink>
      ) : (
        <Button
          mih={44}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => integrate.mutate()}
          loading={integrate.isPending}
          data-qa="crm-submit"
        >
          {t('crm-submit')}
        </Button>
      )}
    </Stack>
  );
}
