import { Anchor, Badge, Button, Collapse, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { EventStatusConfig } from '@nursery/domain/account';
import { formatDate } from '@nursery/domain/common';
import { SPOTLIGHT_TEXT_FIELDS, type SpotlightTag } from '@nursery/domain/events';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/Notice';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { SectionPanel } from '../../../components/SectionPanel';
import { isApiError } from '../../../lib/api';
import { useIsOffline } from '../../../lib/connectivity';
import { spotlightApi, spotlightEventQuery, spotlightKeys } from '../api';
import { gradingSummary } from './previousSummary';

type PanelTab = 'considerations' | SpotlightTag;

interface PanelProps {
  childIDs: readonly number[];
  /** The type ids of the account's Spotlight types. */
  typeIDs: Partial<Record<SpotlightTag, number>>;
  /** The editor's type: the panel's tab follows it (spec 001 §4). */
  tag: SpotlightTag;
  statuses: readonly EventStatusConfig[];
  timeZone: string;
  /** The edited event (not listed as a previous one). */
  currentEventID: number | null;
}

/**
 * Previous spotlights of the selected child (spec 001 §9): tabs for considerations, snapshots and
 * learning stories, only for exactly one child, each list a page at a time with its total, and every
 * message of the panel. The type tab follows the editor's type when that changes.
 */
export function PreviousSpotlightsPanel(props: PanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>(props.tag);
  const [followed, setFollowed] = useState(props.tag);
  if (followed !== props.tag) {
    setFollowed(props.tag);
    setTab(props.tag);
  }
  const n = props.childIDs.length;
  return (
    <SectionPanel title={t('spotlight-previous')} qa="spotlight-previous">
      {n !== 1 ? (
        <Text size="sm" c="dimmed" data-qa="spotlight-previous-message">
          {n === 0 ? t('previous-spotlights-select-child') : t('previous-spotlights-many-children')}
        </Text>
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v as PanelTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="considerations" mih={44} data-qa="spotlight-previous-tab-considerations">
              {t('spotlight-previous-considerations')}
            </Tabs.Tab>
            {props.typeIDs.snapshot !== undefined && (
              <Tabs.Tab value="snapshot" mih={44} data-qa="spotlight-previous-tab-snapshot">
                {t('spotlight-previous-snapshots')}
              </Tabs.Tab>
            )}
            {props.typeIDs.learningStory !== undefined && (
              <Tabs.Tab value="learningStory" mih={44} data-qa="spotlight-previous-tab-learningStory">
                {t('spotlight-previous-learning-stories')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="considerations" pt="sm">
            <Considerations childID={props.childIDs[0]!} {...props} />
          </Tabs.Panel>
          {(['snapshot', 'learningStory'] as const).map((tag) => {
            const typeID = props.typeIDs[tag];
            return typeID === undefined ? null : (
              <Tabs.Panel key={tag} value={tag} pt="sm">
                <Events childID={props.childIDs[0]!} typeID={typeID} {...props} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </SectionPanel>
  );
}

function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <Notice color="orange" data-qa="spotlight-previous-offline">
      {t('spotlight-previous-offline')}
    </Notice>
  );
}

/** A list not here yet: loading, offline (no copy on the device), or failed with Retry. */
function ListWaiting({
  query,
  offline,
  failed,
}: {
  query: { isError: boolean; error: Error | null; isFetching: boolean; refetch: () => unknown };
  offline: boolean;
  failed: string;
}) {
  const { t } = useTranslation();
  if (!query.isError)
    return <LoadingLine text={t('spotlight-previous-loading')} qa="spotlight-previous-loading" />;
  if (offline && !isApiError(query.error)) return <OfflineNotice />;
  return (
    <RetryAlert
      message={failed}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      qa="spotlight-previous-error"
    />
  );
}

function Considerations({ childID, statuses, timeZone }: PanelProps & { childID: number }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useInfiniteQuery({
    queryKey: spotlightKeys.considerations(childID),
    queryFn: ({ pageParam }) => spotlightApi.considerations(childID, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  if (query.isPending || query.isError)
    return <ListWaiting query={query} offline={offline} failed={t('failed-considerations-for-child')} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-qa="spotlight-previous-empty">
        {t('no-considerations-for-child')}
      </Text>
    );
  }
  const statusName = (id: number) => statuses.find((s) => s.id === id)?.value ?? '';
  return (
    <Stack gap="xs" data-qa="spotlight-previous-considerations">
      {items.map((c) => (
        <Paper key={c.id} withBorder p="xs" radius="sm" data-qa="spotlight-previous-consideration">
          <Group justify="space-between" gap="xs">
            <Badge variant="light" tt="none">
              {c.status === 'StaffSupport' ? 'Staff Support' : c.status}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('spotlight-previous-status', {
                status: statusName(c.eventStatusID),
                date: formatDate(c.created, timeZone),
              })}
            </Text>
          </Group>
          {c.notes && (
            <Text size="sm" mt={4} lineClamp={4}>
              {c.notes}
            </Text>
          )}
        </Paper>
      ))}
      <More query={query} total={query.data.pages[0]?.total ?? items.length} shown={items.length} />
    </Stack>
  );
}

function More({
  query,
  total,
  shown,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  total: number;
  shown: number;
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="subtle"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
      data-qa="spotlight-previous-more"
    >
      {t('spotlight-previous-more')} ({shown}/{total})
    </Button>
  );
}

function Events({
  childID,
  typeID,
  statuses,
  timeZone,
  currentEventID,
}: PanelProps & { childID: number; typeID: number }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useInfiniteQuery({
    queryKey: spotlightKeys.events(childID, typeID),
    queryFn: ({ pageParam }) => spotlightApi.events(childID, typeID, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const counts = useQuery({
    queryKey: spotlightKeys.gradingCounts(childID, [typeID]),
    queryFn: () => spotlightApi.gradingCounts(childID, [typeID]),
  });
  if (query.isPending || query.isError)
    return <ListWaiting query={query} offline={offline} failed={t('failed-events-for-child')} />;
  const items = query.data.pages.flatMap((p) => p.items).filter((e) => e.id !== currentEventID);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-qa="spotlight-previous-empty">
        {t('no-events-found')}
      </Text>
    );
  }
  const summary = counts.data ? gradingSummary(counts.data) : null;
  const statusName = (id: number) => statuses.find((s) => s.id === id)?.value ?? '';
  return (
    <Stack gap="xs" data-qa="spotlight-previous-events">
      {summary && (
        <Text size="sm" c="dimmed" data-qa="spotlight-previous-summary">
          {t('spotlight-previous-summary', {
            items: String(summary.items),
            achieved: String(summary.achieved),
            workingTowards: String(summary.workingTowards),
            bestFit: String(summary.bestFit),
          })}
        </Text>
      )}
      {items.map((e) => (
        <EventRow
          key={e.id}
          id={e.id}
          date={formatDate(e.raised, timeZone)}
          status={statusName(e.statusID)}
          notes={e.notes}
          gradings={e.gradingCount}
          author={`${e.author.forename} ${e.author.surname}`}
        />
      ))}
      <More query={query} total={query.data.pages[0]?.total ?? items.length} shown={items.length} />
    </Stack>
  );
}

/** One previous event; opening it reads the event for its whole text. */
function EventRow(p: {
  id: number;
  date: string;
  status: string;
  notes: string | null;
  gradings: number;
  author: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...spotlightEventQuery(p.id), enabled: open });
  return (
    <Paper withBorder p="xs" radius="sm" data-qa="spotlight-previous-event" data-event-id={p.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {t('spotlight-previous-status', { status: p.status, date: p.date })}
          </Text>
          <Text size="xs" c="dimmed">
            {p.author} · {t('spotlight-previous-gradings', { count: p.gradings })}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          size="sm"
          style={{ flexShrink: 0 }}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          data-qa="spotlight-previous-open"
        >
          {t('spotlight-previous-open')}
        </Button>
      </Group>
      {!open && p.notes && (
        <Text size="sm" lineClamp={2} mt={4}>
          {p.notes}
        </Text>
      )}
      <Collapse expanded={open}>
        {detail.isPending && open && <LoadingLine text={t('spotlight-previous-loading')} />}
        {detail.isError && (
          <RetryAlert
            message={
              isApiError(detail.error, 404)
                ? t('failed-event-for-child')
                : t('failed-to-fetch-event', { message: detail.error.message })
            }
            onRetry={() => void detail.refetch()}
            qa="spotlight-previous-event-error"
          />
        )}
        {detail.data && (
          <Stack gap={4} mt={4}>
            {SPOTLIGHT_TEXT_FIELDS.map((field) => detail.data[field])
              .filter((x): x is string => Boolean(x))
              .map((text) => (
                <Text key={text} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {text}
                </Text>
              ))}
            <Anchor component={Link} to={`/spotlight/${p.id}`} size="sm">
              {t('spotlight-previous-edit')}
            </Anchor>
          </Stack>
        )}
      </Collapse>
    </Paper>
  );
}
