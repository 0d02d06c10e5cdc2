// #/events: the timeline; the drawer (#/events/{ids}, #/events/new/{kind}) renders in its Outlet.
import { Box, Button, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { DataFetchedNotice } from '../../components/DataFetchedNotice';
import { AlertIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { DraftsFilters, useInfiniteScroll } from '../drafts';
import { timelineStrings } from './strings';
import { TimelineCard } from './TimelineCard';
import { groupByDay } from './timeline';
import {
  defaultTimelineFilter,
  parseTimelineFilter,
  type TimelineFilter,
  timelineSearchParams,
  toTimelineQuery,
  withFilterChange,
} from './timelineFilter';
import { useTimeline } from './useTimeline';

i18n.addResources(LANGUAGE, 'translation', timelineStrings);

/**
 * The events timeline (issue 31): the site's events the user may view, newest first, grouped by day,
 * paged by cursor (the next page loads as the list nears its end; "Load more" for keyboards), with the
 * drafts list's filters plus a room, kept in the URL's query.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const { config, sites, site } = session;
  const offline = useIsOffline();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(`${t('timeline-title')} – ${t('app-name')}`);

  const defaults = useMemo(() => defaultTimelineFilter(session), [session]);
  const filter = useMemo(() => parseTimelineFilter(params, session), [params, session]);
  const setFilter = useCallback(
    (next: TimelineFilter) => setParams(timelineSearchParams(withFilterChange(filter, next), defaults)),
    [filter, defaults, setParams],
  );
  const searchQuery = useMemo(() => toTimelineQuery(filter), [filter]);
  const { query, events, status } = useTimeline(searchQuery);

  const rooms = sites.find((s) => s.id === filter.siteID)?.rooms ?? [];
  const tz = config.sitesByID[String(filter.siteID)]?.timeZone ?? site.timeZone;
  const days = useMemo(() => groupByDay(events, tz), [events, tz]);
  const search = params.toString();
  const openTo = (id: number) => `/events/${id}${search ? `?${search}` : ''}`;

  const noCopyOffline =
    query.data === undefined && (query.fetchStatus === 'paused' || (offline && query.fetchStatus === 'idle'));
  const firstLoadError = query.isError && query.data === undefined && !noCopyOffline ? query.error : null;

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useInfiniteScroll(
    sentinel,
    loadMore,
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !query.isPending && !offline,
    query.data?.pages.length ?? 0,
  );

  return (
    <Stack gap="md" maw={1400} data-qa="timeline-page" data-list-status={noCopyOffline ? 'offline' : status}>
      <Title order={1} fz="h2" data-qa="timeline-title">
        {t('timeline-title')}
      </Title>

      <DraftsFilters
        value={filter}
        onChange={setFilter}
        defaults={defaults}
        anyStatus
        withSort={false}
        extra={
          rooms.length > 0 && (
            <Select
              label={t('timeline-room')}
              placeholder={t('timeline-room-all')}
              data={rooms.map((r) => ({ value: String(r.id), label: r.name }))}
              value={filter.roomID === null ? null : String(filter.roomID)}
              onChange={(v) => setFilter({ ...filter, roomID: v ? Number(v) : null })}
              clearable
              clearSectionMode="clear"
              clearButtonProps={{ 'aria-label': `${t('timeline-room')}: ${t('timeline-room-all')}` }}
              size="md"
              w={185}
              comboboxProps={{ withinPortal: true }}
              data-qa="timeline-filter-room"
            />
          )
        }
      />

      {offline && !noCopyOffline && (
        <Stack gap="xs" data-qa="timeline-offline">
          <Notice color="orange" icon={<OfflineIcon />}>
            {t('timeline-offline')}
          </Notice>
          <DataFetchedNotice updatedAt={query.data ? query.dataUpdatedAt : null} />
        </Stack>
      )}
      {noCopyOffline && (
        <Notice color="orange" icon={<OfflineIcon />} qa="timeline-offline-no-copy">
          {t('timeline-offline-no-copy')}
        </Notice>
      )}
      {firstLoadError && (
        <RetryAlert
          message={t('timeline-load-failed', { message: firstLoadError.message })}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          qa="timeline-load-error"
          retryQa="timeline-retry"
        />
      )}

      <Box
        component="section"
        aria-label={t('timeline-list')}
        aria-busy={status === 'loading'}
        data-qa="timeline-list"
      >
        {query.isPending && !noCopyOffline && !firstLoadError && (
          <LoadingLine text={t('timeline-loading')} qa="timeline-loading" />
        )}
        {status === 'empty' && !firstLoadError && (
          <Paper withBorder radius="md" p="xl" data-qa="timeline-empty">
            <Stack align="center" gap="md">
              <Text fw={600}>{t('timeline-empty')}</Text>
              {search !== '' && (
                <Button variant="default" onClick={() => setParams({})} data-qa="timeline-empty-clear">
                  {t('timeline-empty-clear')}
                </Button>
              )}
            </Stack>
          </Paper>
        )}
        <Stack gap="lg">
          {days.map((d) => (
            <Box component="section" key={`${d.day}-${d.events[0]?.id}`} aria-labelledby={`day-${d.day}`}>
              <Title order={2} fz="h4" mb="xs" id={`day-${d.day}`} data-qa="timeline-day">
                {d.heading}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" verticalSpacing="md">
                {d.events.map((e) => (
                  <TimelineCard key={e.id} event={e} openTo={openTo(e.id)} />
                ))}
              </SimpleGrid>
            </Box>
          ))}
        </Stack>
        <div ref={sentinel} aria-hidden="true" data-qa="timeline-sentinel" style={{ height: 1 }} />
        {events.length > 0 && hasNextPage && (
          <Stack align="center" gap="sm" mt="md">
            {isFetchNextPageError && (
              <Notice color="red" icon={<AlertIcon />} role="alert" w="100%" qa="timeline-more-error">
                {t('timeline-more-failed', { message: query.error?.message ?? '' })}
              </Notice>
            )}
            <Button
              variant="default"
              size="md"
              onClick={loadMore}
              loading={isFetchingNextPage}
              disabled={offline}
              loaderProps={{ 'aria-label': t('timeline-loading-more') }}
              data-qa="timeline-load-more"
            >
              {isFetchNextPageError ? t('timeline-retry') : t('timeline-load-more')}
            </Button>
          </Stack>
        )}
        {status === 'completed' && events.length > 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="md" data-qa="timeline-all-loaded">
            {t('timeline-all-loaded', { count: events.length })}
          </Text>
        )}
      </Box>
      <Outlet />
    </Stack>
  );
}
