import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SiteConfig } from '@nursery/domain/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredPage } from '../../components/CenteredPage';
import { AlertIcon, BuildingIcon, ChevronRightIcon } from '../../components/icons';
import { TouchList, TouchRow } from '../../components/TouchList';
import { LogoutButton } from './LogoutButton';
import { useSwitchSite } from './useSwitchSite';

/** Shown after login when the user works at several sites and the session has no site yet. */
export function SitePicker({ sites }: { sites: SiteConfig[] }) {
  const { t } = useTranslation();
  const switchSite = useSwitchSite();
  const [chosenID, setChosenID] = useState<number | null>(null);
  useDocumentTitle(`${t('site-picker-title')} – ${t('app-name')}`);

  return (
    <CenteredPage qa="site-picker" headerEnd={<LogoutButton />}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('site-picker-title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('site-picker-intro')}
          </Text>
        </div>
        {switchSite.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="site-picker-error">
            {t('site-switch-failed')}
          </Alert>
        )}
        <TouchList gap="sm" aria-label={t('site-picker-sites')}>
          {sites.map((site) => (
            <TouchRow key={site.id}>
              <Button
                variant="default"
                size="lg"
                fullWidth
                justify="space-between"
                styles={{ label: { flex: 1 } }}
                leftSection={<BuildingIcon />}
                rightSection={<ChevronRightIcon />}
                loading={switchSite.isPending && chosenID === site.id}
                disabled={switchSite.isPending && chosenID !== site.id}
                onClick={() => {
                  setChosenID(site.id);
                  switchSite.mutate(site.id);
                }}
                data-qa={`site-option-${site.id}`}
                data-site-name={site.name}
              >
                {site.name}
              </Button>
            </TouchRow>
          ))}
        </TouchList>
      </Stack>
    </CenteredPage>
  );
}
