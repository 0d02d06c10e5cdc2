// #/about (issue 30, spec 002 Links): the app's version (the domain's APP_VERSION, the one the version
// notice compares), the third-party packages with their licences (made at build time from
// node_modules, apps/web/vite.licences.ts, a lazy chunk of its own: never fetched from the internet),
// and the privacy note the profile's privacy link opens by default (#/about#privacy).
import { Accordion, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { APP_VERSION } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { aboutStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', aboutStrings);

const licencesQuery = {
  queryKey: ['about', 'licences'],
  queryFn: async () => (await import('virtual:nursery-licences')).default,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
} as const;

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('about-title')} – ${t('app-name')}`);
  const licences = useQuery(licencesQuery);
  // The profile's privacy link (no PRIVACY_URL set) opens #/about?section=privacy.
  const [params] = useSearchParams();
  const section = params.get('section');
  useEffect(() => {
    if (section === 'privacy') document.getElementById('privacy')?.scrollIntoView();
  }, [section]);
  return (
    <Stack gap="md" maw={900} data-qa="about-page">
      <div>
        <Title order={1} fz="h2">
          {t('about-title')}
        </Title>
        <Text c="dimmed">{t('about-intro')}</Text>
      </div>
      <Table variant="vertical" withTableBorder maw={420}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={160}>{t('about-version')}</Table.Th>
            <Table.Td data-qa="about-version">{APP_VERSION}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <section id="privacy" aria-labelledby="about-privacy-title" data-qa="about-privacy">
        <Title order={2} fz="h3" id="about-privacy-title">
          {t('about-privacy-title')}
        </Title>
        <Text>{t('about-privacy-body')}</Text>
      </section>
      <section aria-labelledby="about-licences-title">
        <Title order={2} fz="h3" id="about-licences-title">
          {t('about-licences-title')}
        </Title>
        <Text mb="sm">{t('about-licences-intro')}</Text>
        <QueryState
          query={licences}
          qa="about-licences"
          loading={t('about-licences-loading')}
          error={() => t('about-licences-failed')}
        >
          {(list) => (
            <Accordion variant="contained" chevronPosition="right" data-qa="about-licences-list">
              {list.map((p) => (
                <Accordion.Item key={`${p.name}@${p.version}`} value={`${p.name}@${p.version}`}>
                  <Accordion.Control mih={44} data-qa="about-licence" data-name={p.name}>
                    <Text span fw={600}>
                      {p.name}
                    </Text>{' '}
                    <Text span c="dimmed">
                      {p.version} · {p.license}
                    </Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {p.text ? (
                      <Code block style={{ whiteSpace: 'pre-wrap' }}>
                        {p.text}
                      </Code>
                    ) : (
                      <Text>{t('about-licence-no-text', { license: p.license })}</Text>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </QueryState>
      </section>
    </Stack>
  );
}
