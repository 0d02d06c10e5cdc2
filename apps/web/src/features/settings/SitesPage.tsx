// #/settings/sites (issue 29): the user's sites by name, searched, archived ones on request, paged by
// cursor; add a site by its name (the rest is set on its page, where it opens). settingsSites; online
// only: offline it says so and keeps what was typed.
import { Anchor, Badge, Button, Checkbox, Paper, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type OpeningWeekday,
  SITE_NAME_MAX,
  type SiteInput,
  type SiteSummary,
} from '@nursery/domain/settings';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GatedPage } from '../../components/GatedPage';
import listPage from '../../components/ListPage.module.css';
import { Notice } from '../../components/Notice';
import { PagedTable, pagedRows } from '../../components/PagedTable';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { CONFIG_QUERY_KEY, useSession } from '../auth';
import classes from './SitesPage.module.css';
import { nameProblem, refusal } from './siteForms';
import { sitesApi, sitesQuery } from './sitesApi';
import { sitesStrings } from './sitesStrings';

i18n.addResources(LANGUAGE, 'translation', sitesStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="sites"
      title={t('sites-title')}
      intro={t('sites-intro')}
      maw={1100}
      allowed={can('settingsSites')}
      noAccess={t('sites-no-access')}
    >
      <Sites />
    </GatedPage>
  );
}

/** A new site's details until its page is saved: the weekdays, 08:00 to 18:00, both registers. */
export const NEW_SITE: Omit<SiteInput, 'name'> = {
  addressLines: [],
  postcode: '',
  phone: '',
  openingDays: [1, 2, 3, 4, 5],
  opensAt: '08:00',
  closesAt: '18:00',
  registersEnabled: true,
  staffRegistersEnabled: true,
};

function Sites() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const [q, setQ] = useState('');
  const [archived, setArchived] = useState(false);
  const [search] = useDebouncedValue(q, 300);
  const query = useInfiniteQuery({ ...sitesQuery({ q: search, archived }), retry: 1, enabled: !offline });
  const { pages, rows: sites, table } = pagedRows(query, offline, (p) => p.sites);
  return (
    <>
      {offline && pages !== undefined && (
        <Notice color="yellow" qa="sites-offline-notice">
          {t('sites-offline')}
        </Notice>
      )}
      <div className={listPage.controls}>
        <TextInput
          label={t('sites-search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maxLength={SITE_NAME_MAX}
          data-qa="sites-search"
          classNames={{ input: listPage.touch }}
        />
        <Checkbox
          label={t('sites-show-archived')}
          checked={archived}
          onChange={(e) => setArchived(e.currentTarget.checked)}
          className={classes.check}
          data-qa="sites-show-archived"
        />
      </div>
      <PagedTable
        query={query}
        qa="sites"
        {...table}
        offline={t('sites-offline')}
        loading={t('sites-loading')}
        loadFailed={t('sites-load-failed')}
        empty={t('sites-empty')}
        shown={t('sites-shown', { count: sites.length })}
        label={t('sites-title')}
        scrollClassName={classes.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('sites-col-name')}</Table.Th>
            <Table.Th scope="col">{t('sites-col-address')}</Table.Th>
            <Table.Th scope="col">{t('sites-col-opening')}</Table.Th>
            <Table.Th scope="col">{t('sites-col-rooms')}</Table.Th>
          </Table.Tr>
        }
        rows={sites.map((site) => <SiteRow key={site.id} site={site} />)}
      />
      {pages?.[0]?.permittedActions.add && <AddSite offline={offline} />}
    </>
  );
}

/** 'Mon–Fri 08:00–18:00' style: the days by their short names. */
function openingText(site: SiteSummary): string {
  const days = site.openingDays.map((d) => i18n.t(`weekday-${d as OpeningWeekday}`)).join(', ');
  return `${days} ${site.opensAt}–${site.closesAt}`;
}

function SiteRow({ site }: { site: SiteSummary }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-qa="sites-row" data-site={site.name}>
      <Table.Td>
        <Anchor href={`#/settings/sites/${site.id}`} className={classes.link} data-qa="sites-open">
          {site.name}
        </Anchor>{' '}
        {site.archived && (
          <Badge color="gray" variant="light" data-qa="sites-archived-badge">
            {t('sites-archived')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{[...site.addressLines, site.postcode].filter(Boolean).join(', ')}</Table.Td>
      <Table.Td>{openingText(site)}</Table.Td>
      <Table.Td>{site.roomCount}</Table.Td>
    </Table.Tr>
  );
}

function AddSite({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name, SITE_NAME_MAX);
  const add = useMutation({
    mutationFn: () => sitesApi.create({ ...NEW_SITE, name }),
    onSuccess: async (site) => {
      notifications.show({ color: 'green', message: t('sites-added', { site: site.name }) });
      await queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
      // The site switcher (config) now holds the new site too.
      await queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
      void navigate(`/settings/sites/${site.id}`);
    },
  });
  const refused = refusal(add.error, ['name']);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sites-add-title">
      <Title order={2} fz="h4" id="sites-add-title" mb="sm">
        {t('sites-add-title')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (problem === null && !offline) add.mutate();
        }}
        className={listPage.controls}
      >
        <TextInput
          label={t('sites-name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={(touched ? problem : null) ?? refused.field('name')}
          data-qa="sites-new-name"
          className={classes.name}
        />
        <Button
          type="submit"
          disabled={offline}
          loading={add.isPending}
          className={listPage.touch}
          data-qa="sites-add"
        >
          {t('sites-add')}
        </Button>
      </form>
      {refused.general && (
        <Notice color="red" role="alert" qa="sites-add-problem" mt="sm">
          {refused.general}
        </Notice>
      )}
    </Paper>
  );
}
