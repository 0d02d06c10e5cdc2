// #/settings/frameworks (issue 29): the provider's frameworks at one of the user's sites. A switch takes a
// framework out of (or back into) that site's pickers at once; gradings already made keep showing. The
// star is the user's own favourite (the same list Spotlight's gradings picker reads). A handful of
// frameworks per provider: one list, filtered by the search as it is typed. Online only: offline the
// page says so and the switches wait.
import { Badge, Checkbox, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SiteFramework } from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatedPage } from '../../components/GatedPage';
import { Notice } from '../../components/Notice';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { favouriteFrameworksQuery } from '../spotlight';
import { catalogueApi, siteFrameworksQuery } from './catalogueApi';
import { catalogueStrings } from './catalogueStrings';
import { SettingsListStates } from './SettingsListStates';

i18n.addResources(LANGUAGE, 'translation', catalogueStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="frameworks"
      title={t('frameworks-title')}
      intro={t('frameworks-intro')}
      maw={900}
      allowed={can('settingsFrameworks')}
      noAccess={t('catalogue-no-access')}
    >
      <Frameworks />
    </GatedPage>
  );
}

function Frameworks() {
  const { t } = useTranslation();
  const { site, sites } = useSession();
  const [siteID, setSiteID] = useState(site.id);
  const [search, setSearch] = useState('');
  const offline = useIsOffline();
  const query = useQuery({ ...siteFrameworksQuery(siteID), retry: 1, enabled: !offline });
  const siteName = sites.find((s) => s.id === siteID)?.name ?? site.name;
  const needle = search.trim().toLocaleLowerCase('en-GB');
  const shown = (query.data?.frameworks ?? []).filter(
    (f) => needle === '' || `${f.name} ${f.shortName ?? ''}`.toLocaleLowerCase('en-GB').includes(needle),
  );
  return (
    <SettingsListStates
      qa="frameworks"
      query={query}
      offline={offline}
      texts={{
        offline: t('catalogue-offline'),
        loading: t('catalogue-loading'),
        loadFailed: t('catalogue-load-failed'),
        retry: t('catalogue-retry'),
      }}
      controls={
        <Group align="flex-end">
          {sites.length > 1 && (
            <NativeSelect
              label={t('frameworks-site')}
              value={String(siteID)}
              onChange={(e) => setSiteID(Number(e.currentTarget.value))}
              data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
              data-qa="frameworks-site"
            />
          )}
          <TextInput
            label={t('frameworks-search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-qa="frameworks-search"
            style={{ flex: 1, minWidth: 200 }}
          />
        </Group>
      }
    >
      {query.data && query.data.frameworks.length === 0 && (
        <Text c="dimmed" data-qa="frameworks-empty">
          {t('frameworks-empty')}
        </Text>
      )}
      {query.data && query.data.frameworks.length > 0 && shown.length === 0 && (
        <Text c="dimmed" data-qa="frameworks-no-match">
          {t('frameworks-no-match', { search: search.trim() })}
        </Text>
      )}
      {query.data && (
        <Stack gap="sm" data-qa="frameworks-list">
          {shown.map((framework) => (
            <FrameworkRow
              key={framework.id}
              framework={framework}
              siteID={siteID}
              siteName={siteName}
              mayswitch={query.data.permittedActions.switch && !offline}
              offline={offline}
            />
          ))}
        </Stack>
      )}
    </SettingsListStates>
  );
}

function FrameworkRow(props: {
  framework: SiteFramework;
  siteID: number;
  siteName: string;
  mayswitch: boolean;
  offline: boolean;
}) {
  const { framework, siteID, siteName } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const favourites = useQuery(favouriteFrameworksQuery()).data?.frameworkIDs ?? [];
  const favourite = favourites.includes(framework.id);
  const star = useMutation({
    mutationFn: (frameworkIDs: string[]) => catalogueApi.putFavourites({ frameworkIDs }),
    onSuccess: (saved) => queryClient.setQueryData(favouriteFrameworksQuery().queryKey, saved),
  });
  const change = useMutation({
    mutationFn: (enabled: boolean) => catalogueApi.switchFramework(framework.id, siteID, enabled),
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: t(saved.enabledAtSite ? 'frameworks-switched-on' : 'frameworks-switched-off', {
          framework: saved.name,
          site: siteName,
        }),
      });
      // The site's reference data (the floor's pickers, events/queries.ts key) reads the switch anew.
      void queryClient.invalidateQueries({ queryKey: ['frameworks', siteID] });
      return queryClient.invalidateQueries({ queryKey: siteFrameworksQuery(siteID).queryKey });
    },
  });
  return (
    <Paper withBorder p="md" data-qa="frameworks-row" data-framework={framework.id}>
      <Stack gap="xs">
        <Group gap="sm">
          <Text fw={600}>{framework.name}</Text>
          {framework.shortName && framework.shortName !== framework.name && (
            <Text c="dimmed" size="sm">
              {framework.shortName}
            </Text>
          )}
          {!framework.enabledForProvider && (
            <Badge color="gray" variant="light">
              {t('frameworks-off-for-provider')}
            </Badge>
          )}
        </Group>
        <Group gap="xl" style={{ rowGap: 0 }}>
          <Switch
            label={t('frameworks-at-site', { site: siteName })}
            checked={change.isPending ? change.variables : framework.enabledAtSite}
            disabled={!props.mayswitch || change.isPending}
            onChange={(e) => change.mutate(e.currentTarget.checked)}
            data-qa="frameworks-at-site"
          />
          <Checkbox
            label={t('frameworks-favourite')}
            checked={star.isPending ? star.variables.includes(framework.id) : favourite}
            disabled={props.offline || star.isPending}
            onChange={(e) =>
              star.mutate(
                e.currentTarget.checked
                  ? [...favourites, framework.id]
                  : favourites.filter((id) => id !== framework.id),
              )
            }
            data-qa="frameworks-favourite"
          />
        </Group>
        {(change.isError || star.isError) && (
          <Notice color="red" role="alert" qa="frameworks-problem">
            {t('frameworks-error', { message: String((change.error ?? star.error)?.message) })}
          </Notice>
        )}
      </Stack>
    </Paper>
  );
}
