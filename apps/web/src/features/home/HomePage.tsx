import { Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataFetchedNotice } from '../../components/DataFetchedNotice';
import { PlusIcon, ReportIcon } from '../../components/icons';
import { useIsOffline } from '../../lib/connectivity';
import { CONFIG_QUERY_KEY, useSession } from '../auth';
import { addableTypes } from '../events';
import { LAST_PUBLISHED_OBSERVATION_PATH } from '../reports';
import { ConnectivityNotice } from './ConnectivityNotice';
import { DateTimeHeading } from './DateTimeHeading';
import { DueInLink } from './DueInLink';
import classes from './HomePage.module.css';
import { PinPrompt } from './PinPrompt';
import { useHomeOverview } from './useHomeOverview';
import { VersionNotice } from './VersionNotice';
import { HomeWidgets } from './widgets/HomeWidgets';

/**
 * Home (#/, spec 002 §2): the date and time heading, the alerts, the 'due in' link and the widgets
 * (agenda, requests, today's bookings, key children, pending considerations).
 */
export function Component() {
  const { t } = useTranslation();
  const { site, me } = useSession();
  useDocumentTitle(`${t('home-title')} – ${t('app-name')}`);
  const askForPin = me.staffID !== null && !me.hasPin && !me.pinDeclined;
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  // Offline, Home shows what the device cached: say how old the oldest part of it is.
  const overview = useHomeOverview(site.id);
  const fetchedAt = [queryClient.getQueryState(CONFIG_QUERY_KEY)?.dataUpdatedAt, overview.dataUpdatedAt]
    .filter((at): at is number => !!at)
    .reduce<number | null>((oldest, at) => (oldest === null ? at : Math.min(oldest, at)), null);

  return (
    <Stack gap="lg" maw={1100} data-qa="home-page">
      <div>
        <DateTimeHeading timeZone={site.timeZone} />
        <Text c="dimmed" fw={600} mt={4} data-qa="home-site-name">
          {site.name}
        </Text>
      </div>
      <Stack
        gap="sm"
        component="section"
        aria-label={t('home-alerts')}
        className={classes.alerts}
        data-qa="home-alerts"
      >
        <ConnectivityNotice />
        {offline && <DataFetchedNotice updatedAt={fetchedAt} />}
        <VersionNotice />
        {askForPin && me.staffID !== null && <PinPrompt staffID={me.staffID} />}
      </Stack>
      <Group gap="sm">
        <AddObservation />
        <LastPublishedReportButton />
      </Group>
      <DueInLink />
      <HomeWidgets />
    </Stack>
  );
}

/**
 * The floor's most frequent task one tap from Home (issue 13 "fewer taps"): the add screen on the
 * observation tab, when the user may add observations.
 */
function AddObservation() {
  const { t } = useTranslation();
  const session = useSession();
  const observation = useMemo(
    () => addableTypes(session).find((type) => type.tag === 'observation') ?? null,
    [session],
  );
  if (!observation) return null;
  return (
    <Button
      component={Link}
      to={`/add?typeID=${observation.id}`}
      size="lg"
      leftSection={<PlusIcon size={22} />}
      data-qa="home-add-observation"
    >
      {t('home-add-observation')}
    </Button>
  );
}

/** The last-observation report button (spec 002 §6 lastPublishedObservation): opens the report. */
function LastPublishedReportButton() {
  const { t } = useTranslation();
  const { can } = useSession();
  if (!can('lastPublishedObservation')) return null;
  return (
    <Button
      component={Link}
      to={LAST_PUBLISHED_OBSERVATION_PATH}
      size="lg"
      variant="default"
      leftSection={<ReportIcon size={22} />}
      data-qa="home-last-published-report"
    >
      {t('last-published-title')}
    </Button>
  );
}
