// The read-only settings cards (issue 29): #/settings/provider, payment, parentzone, document, activities
// and openapi. Each shows today's configuration as the server has it (a card with nothing configured
// says "Not set up") under one line saying what the card is for; nothing here is editable. Without the
// card's permission the page says so (the hub shows no card, and the call would answer 403).
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  OVERVIEW_CARDS,
  type OverviewCard,
  type OverviewFact,
  overviewPermission,
  SETTINGS_CARDS,
} from '@nursery/domain/settings';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LockIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { overviewQuery } from './catalogueApi';
import { catalogueStrings } from './catalogueStrings';
import { settingsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', settingsStrings);
i18n.addResources(LANGUAGE, 'translation', catalogueStrings);

/** The read-only card a page path belongs to (the hub's table says which path each card opens). */
export function overviewCardAt(pathname: string): OverviewCard | null {
  const card = SETTINGS_CARDS.find((c) => c.path === pathname);
  return card && (OVERVIEW_CARDS as readonly string[]).includes(card.id) ? (card.id as OverviewCard) : null;
}

export function Component() {
  const { t } = useTranslation();
  const card = overviewCardAt(useLocation().pathname) ?? 'provider';
  useDocumentTitle(`${t(`settings-card-${card}`)} – ${t('app-name')}`);
  const { can } = useSession();
  return (
    <Stack gap="md" maw={800} data-qa="settings-overview-page" data-card={card}>
      <div>
        <Title order={1} fz="h2">
          {t(`settings-card-${card}`)}
        </Title>
        <Text c="dimmed" data-qa="settings-overview-about">
          {t(`settings-card-${card}-about`)}
        </Text>
      </div>
      {can(overviewPermission(card)) ? (
        <Overview card={card} />
      ) : (
        <Notice color="gray" icon={<LockIcon />} qa="settings-overview-no-access">
          {t('catalogue-no-access')}
        </Notice>
      )}
    </Stack>
  );
}

function Overview({ card }: { card: OverviewCard }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useQuery({ ...overviewQuery(card), retry: 1, enabled: !offline });
  if (offline && !query.data)
    return (
      <Notice color="yellow" qa="settings-overview-offline">
        {t('catalogue-offline')}
      </Notice>
    );
  if (query.isError)
    return (
      <Notice color="red" role="alert" qa="settings-overview-load-failed">
        <Group justify="space-between">
          <span>{t('catalogue-load-failed')}</span>
          <Button variant="light" onClick={() => void query.refetch()} data-qa="settings-overview-retry">
            {t('catalogue-retry')}
          </Button>
        </Group>
      </Notice>
    );
  if (!query.data)
    return (
      <Text c="dimmed" data-qa="settings-overview-loading">
        {t('catalogue-loading')}
      </Text>
    );
  const { configured, facts } = query.data;
  return (
    <Paper withBorder p="md">
      {configured ? (
        <Table data-qa="settings-overview-facts" verticalSpacing="sm">
          <Table.Tbody>
            {facts.map((fact) => (
              <Table.Tr key={fact.key} data-qa="settings-overview-fact" data-key={fact.key}>
                <Table.Th scope="row" w="60%">
                  {t(`catalogue-fact-${fact.key}`)}
                </Table.Th>
                <Table.Td>{factValue(fact, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Stack gap={4} data-qa="settings-overview-not-set-up">
          <Text fw={600}>{t('catalogue-not-set-up')}</Text>
          <Text c="dimmed">{t('catalogue-not-set-up-detail')}</Text>
        </Stack>
      )}
      <Text size="sm" c="dimmed" mt="md">
        {t('catalogue-read-only')}
      </Text>
    </Paper>
  );
}

function factValue(fact: OverviewFact, t: TFunction): string {
  if (typeof fact.value === 'boolean') return fact.value ? t('catalogue-on') : t('catalogue-off');
  return String(fact.value);
}
