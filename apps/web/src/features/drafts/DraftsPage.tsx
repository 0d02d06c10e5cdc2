import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { EventDetail } from '@nursery/domain/events';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DataFetchedNotice } from '../../components/DataFetchedNotice';
import { AlertIcon, InfoIcon, OfflineIcon, PlusIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { RetryAlert } from '../../components/QueryState';
import { useIsOffline } from '../../lib/connectivity';
import { useSession } from '../auth';
import { EventViewDialog } from '../events';
import { DeviceDraftCard } from './DeviceDraftCard';
import { editRoute, headingKind, isAllStatuses } from './drafts';
import { EventCard } from './EventCard';
import { DraftsFilters } from './filters/DraftsFilters';
import { toSearchQuery, useDraftsFilter } from './filters/draftsFilter';
import { SelectionBar } from './filters/SelectionBar';
import { useUnsyncedCounts } from './unsynced';
import { useDeviceDrafts } from './useDeviceDrafts';
import { useDraftEvents, useInfiniteScroll } from './useDraftEvents';

const SKELETON_CARDS = 4;

function parseID(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

/** Location state of a Preview opened from the list: closing goes back instead of adding an entry. */
interface PreviewState {
  fromList?: boolean;
}

/**
 * The drafts list (spec 000 §2 "Drafts list"): #/draft, and #/draft/{eventID} with the event's preview
 * in a dialog over the list (the list stays mounted, so closing keeps its pages and scroll). Header
 * with the filter's status name and the add links, the filters, the alerts, the cards with selection,
 * infinite scroll plus Show More / Retry, and the selection bar.
 */
export function Component() {
  const { t } = useTranslation();
  const { config } = useSession();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const offline = useIsOffline();
  const unsynced = useUnsyncedCounts();

  const [filter, setFilter] = useDraftsFilter();
  const searchQuery = useMemo(() => toSearchQuery(filter), [filter]);
  const { query, events: serverEvents, status: fetchStatus } = useDraftEvents(searchQuery);
  // Issue 13: saves waiting on this device that belong on this list, above the server's cards (a
  // server card whose edit waits on this device gives way to the device's card).
  const { waiting: deviceDrafts, events } = useDeviceDrafts(filter, serverEvents);
  // No copy of this list on the device and no network: say so, instead of placeholders that would wait
  // for a connection (a paused query) for ever.
  const noCopyOffline =
    query.data === undefined && (query.fetchStatus === 'paused' || (offline && query.fetchStatus === 'idle'));
  const status = noCopyOffline ? 'offline' : fetchStatus;

  const heading = headingKind(filter.statusID, config.eventStatuses);
  const title =
    heading.kind === 'drafts'
      ? t('drafts-title')
      : heading.kind === 'status'
        ? heading.name
        : t('drafts-title-all');
  useDocumentTitle(`${title} – ${t('app-name')}`);
  const showStatus = isAllStatuses(
    filter.statusID,
    config.eventStatuses.map((s) => s.id),
  );

  // Selection: ids; the bar gets the loaded events they stand for (a refresh may drop some).
  const [selectedIDs, setSelectedIDs] = useState<ReadonlySet<number>>(() => new Set());
  const selected = useMemo(() => events.filter((e) => selectedIDs.has(e.id)), [events, selectedIDs]);
  const toggle = useCallback((id: number) => {
    setSelectedIDs((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const clearSelection = useCallback(() => setSelectedIDs(new Set()), []);
  // A new filter is a new list: nothing of the old one stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchQuery is the trigger
  useEffect(() => clearSelection(), [searchQuery, clearSelection]);

  const onBulkDone = useCallback(() => {
    clearSelection();
    // Silent: a failed refetch keeps the list as it is.
    void query.refetch();
  }, [clearSelection, query.refetch]);

  // Infinite scroll and Show More / Retry.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);
  useInfiniteScroll(
    sentinel,
    loadMore,
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !query.isPending,
    query.data?.pages.length ?? 0,
  );

  // The first page failed (a failed refresh of a shown list stays silent).
  const firstLoadError = query.isError && query.data === undefined && !noCopyOffline ? query.error : null;
  const [dismissedAt, setDismissedAt] = useState(0);
  const showFirstLoadError = firstLoadError !== null && dismissedAt !== query.errorUpdatedAt;

  // Preview.
  const previewRaw = params.eventID;
  const previewID = parseID(previewRaw);
  const closePreview = () => {
    if ((location.state as PreviewState | null)?.fromList) navigate(-1);
    else navigate('/draft', { replace: true });
  };
  const previewLink = (e: EventDetail) => {
    const tag = config.eventTypes.find((x) => x.id === e.typeID)?.tag;
    return {
      to: editRoute(tag, [e.id]),
      label: e.editable ? t('drafts-card-edit') : t('drafts-preview-view'),
    };
  };

  return (
    <Stack gap="md" maw={1400} data-qa="drafts-page" data-list-status={status}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz="h2" data-qa="drafts-title">
          {title}
        </Title>
        <Group gap="sm">
          <Button component={Link} to="/add" leftSection={<PlusIcon size={18} />} data-qa="drafts-add-event">
            {t('add-an-event')}
          </Button>
          <Button
            component={Link}
            to="/spotlight/add"
            variant="light"
            leftSection={<PlusIcon size={18} />}
            data-qa="drafts-add-spotlight"
          >
            {t('drafts-add-spotlight')}
          </Button>
        </Group>
      </Group>

      <DraftsFilters value={filter} onChange={setFilter} />

      {(offline || unsynced.mine > 0 || unsynced.others > 0) && (
        <Stack gap="sm" component="section" aria-label={t('drafts-alerts')} data-qa="drafts-alerts">
          {offline && (
            <Notice color="orange" icon={<OfflineIcon />} qa="drafts-offline">
              {t('drafts-offline')}
            </Notice>
          )}
          {/* The cards shown offline are the device's copy of this filter's last answer. */}
          {offline && <DataFetchedNotice updatedAt={query.data ? query.dataUpdatedAt : null} />}
          {unsynced.mine > 0 && (
            <Notice color="yellow" icon={<AlertIcon />} qa="drafts-unsynced">
              <Group gap="sm" justify="space-between">
                <Text size="sm">{t('drafts-unsynced')}</Text>
                <Anchor component={Link} to="/sync" size="sm" fw={600} data-qa="drafts-unsynced-sync">
                  {t('drafts-go-to-sync')}
                </Anchor>
              </Group>
            </Notice>
          )}
          {unsynced.others > 0 && (
            <Notice color="blue" icon={<InfoIcon />} qa="drafts-others-unsynced">
              {t('drafts-others-unsynced')}
            </Notice>
          )}
        </Stack>
      )}

      {selected.length > 0 && (
        <SelectionBar
          selected={selected}
          loaded={events}
          onSelectAll={() => setSelectedIDs(new Set(events.map((e) => e.id)))}
          onClear={clearSelection}
          onDone={onBulkDone}
        />
      )}

      {showFirstLoadError && firstLoadError && (
        <RetryAlert
          message={t('drafts-load-failed', { message: firstLoadError.message })}
          onRetry={() => void query.refetch()}
          withCloseButton
          closeButtonLabel={t('drafts-dismiss')}
          onClose={() => setDismissedAt(query.errorUpdatedAt)}
          qa="drafts-load-error"
          retryQa="drafts-retry"
        />
      )}

      <Box
        component="section"
        aria-label={t('drafts-list')}
        aria-busy={status === 'loading'}
        data-qa="drafts-list"
      >
        {deviceDrafts && deviceDrafts.length > 0 && (
          <Stack gap="sm" mb="md" data-qa="drafts-device">
            <Title order={2} fz="h4">
              {t('drafts-device-title')}
            </Title>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
              {deviceDrafts.map((item) => (
                <DeviceDraftCard key={item.uuid} item={item} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {noCopyOffline ? (
          <Notice color="orange" icon={<OfflineIcon />} qa="drafts-offline-no-copy">
            {deviceDrafts && deviceDrafts.length > 0
              ? t('drafts-offline-no-copy')
              : t('drafts-offline-no-copy-empty')}
          </Notice>
        ) : (
          query.isPending && <CardSkeletons />
        )}
        {status === 'empty' && !firstLoadError && <EmptyState />}
        {events.length > 0 && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
            {events.map((e) => (
              <EventCard
                key={e.id}
                event={e}
                selected={selectedIDs.has(e.id)}
                onToggle={toggle}
                showStatus={showStatus}
              />
            ))}
          </SimpleGrid>
        )}
        <div ref={sentinel} aria-hidden="true" data-qa="drafts-sentinel" style={{ height: 1 }} />
        {events.length > 0 && hasNextPage && (
          <Stack align="center" gap="sm" mt="md">
            {isFetchNextPageError && (
              <Notice color="red" icon={<AlertIcon />} role="alert" w="100%" qa="drafts-more-error">
                {t('unable-to-load-more-events', { message: query.error?.message ?? '' })}
              </Notice>
            )}
            <Button
              variant="default"
              size="md"
              onClick={loadMore}
              loading={isFetchingNextPage}
              loaderProps={{ 'aria-label': t('drafts-loading-more') }}
              data-qa={isFetchNextPageError ? 'drafts-retry-more' : 'drafts-show-more'}
            >
              {isFetchNextPageError ? t('retry') : t('show-more')}
            </Button>
          </Stack>
        )}
        {status === 'completed' && (
          <Text size="sm" c="dimmed" ta="center" mt="md" data-qa="drafts-all-loaded">
            {t('drafts-all-loaded', { count: events.length })}
          </Text>
        )}
      </Box>

      {previewRaw !== undefined && (
        <Suspense fallback={null}>
          <EventViewDialog eventID={previewID} onClose={closePreview} actionLink={previewLink} />
        </Suspense>
      )}
    </Stack>
  );
}

function CardSkeletons() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-qa="drafts-loading">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={i} withBorder radius="md" p="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton height={22} width={22} radius="sm" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={18} width="45%" />
              <Skeleton height={20} width={120} radius="xl" />
              <Skeleton height={12} mt={6} />
              <Skeleton height={12} width="85%" />
              <Skeleton height={12} width="60%" />
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" data-qa="drafts-empty">
      <Stack align="center" gap="md">
        <Text fw={600} data-qa="drafts-empty-text">
          {t('no-events-to-display')}
        </Text>
        <Button component={Link} to="/add" leftSection={<PlusIcon size={18} />} data-qa="drafts-empty-add">
          {t('add-an-event')}
        </Button>
      </Stack>
    </Paper>
  );
}
