// #/events/{ids} and #/events/new/{kind}: the events drawer over the timeline (issue 31). One or
// several events (prev/next with "2 of 5"), each from events v3 with its media, signatures and
// comments; #/events/new/medication records a medication. Closing returns to /events with the filters.
import { ActionIcon, Drawer, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EventV3Comment } from '@nursery/domain/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { isApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import { MedicationRecord } from '../medication';
import { drawerEventsQuery } from './api';
import { parseEventIDs } from './drawer';
import { EventPanel } from './drawer/EventPanel';
import classes from './print.module.css';
import { timelineKeys } from './useTimeline';

export function Component() {
  const { t } = useTranslation();
  const { ids: rawIDs, kind } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Under 768 px the drawer takes the whole width.
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const close = () => navigate({ pathname: '/events', search: location.search });

  const ids = kind === undefined ? parseEventIDs(rawIDs) : null;
  const [at, setAt] = useState({ rawIDs, index: 0 });
  const index = at.rawIDs === rawIDs ? at.index : 0;
  const total = ids?.length ?? 0;
  const go = (n: number) => setAt({ rawIDs, index: Math.max(0, Math.min(total - 1, n)) });

  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={
        <Group gap="sm" wrap="nowrap">
          <Title order={2} fz="h3">
            {t('drawer-title')}
          </Title>
          {total > 1 && (
            <Group gap={4} wrap="nowrap" data-print="hide">
              <ActionIcon
                variant="default"
                size={44}
                onClick={() => go(index - 1)}
                disabled={index === 0}
                aria-label={t('drawer-previous')}
                data-qa="drawer-previous"
              >
                <ChevronLeftIcon />
              </ActionIcon>
              <Text size="sm" fw={600} aria-live="polite" data-qa="drawer-position">
                {t('drawer-position', { n: String(index + 1), total: String(total) })}
              </Text>
              <ActionIcon
                variant="default"
                size={44}
                onClick={() => go(index + 1)}
                disabled={index === total - 1}
                aria-label={t('drawer-next')}
                data-qa="drawer-next"
              >
                <ChevronRightIcon />
              </ActionIcon>
            </Group>
          )}
        </Group>
      }
      closeButtonProps={
        {
          'aria-label': t('drawer-close'),
          size: 44,
          'data-print': 'hide',
          'data-qa': 'drawer-close',
        } as object
      }
      classNames={{ root: classes.printRoot }}
      data-qa="events-drawer"
    >
      {kind === 'medication' ? (
        <MedicationRecord eventID={null} onClose={close} />
      ) : kind !== undefined ? (
        <Notice color="orange" qa="drawer-new-unknown">
          {t('drawer-new-unknown')}
        </Notice>
      ) : ids === null ? (
        <Notice color="orange" qa="drawer-not-found">
          {t('drawer-not-found')}
        </Notice>
      ) : (
        <DrawerEvents ids={ids} index={index} onClose={close} />
      )}
    </Drawer>
  );
}

function DrawerEvents({ ids, index, onClose }: { ids: number[]; index: number; onClose: () => void }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const query = useQuery(drawerEventsQuery(ids));

  const onCommentAdded = (eventID: number, comment: EventV3Comment) => {
    queryClient.setQueryData(drawerEventsQuery(ids).queryKey, (old) =>
      old
        ? {
            events: old.events.map((e) =>
              e.id === eventID ? { ...e, comments: [...(e.comments ?? []), comment] } : e,
            ),
          }
        : old,
    );
    // The timeline's cards count the comments: their next read is fresh.
    void queryClient.invalidateQueries({ queryKey: timelineKeys.all, refetchType: 'none' });
  };

  if (query.data === undefined) {
    if (query.fetchStatus === 'paused' || (offline && !query.isError))
      return (
        <Notice color="orange" icon={<OfflineIcon />} qa="drawer-offline-no-copy">
          {t('drawer-offline-no-copy')}
        </Notice>
      );
    if (query.isError)
      return isApiError(query.error, 404) ? (
        <Notice color="orange" qa="drawer-not-found">
          {t('drawer-not-found')}
        </Notice>
      ) : (
        <RetryAlert
          message={t('drawer-failed', { message: query.error.message })}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          qa="drawer-error"
          retryQa="drawer-retry"
        />
      );
    return <LoadingLine text={t('drawer-loading')} qa="drawer-loading" />;
  }

  const event = query.data.events[index] ?? query.data.events[0];
  if (!event)
    return (
      <Notice color="orange" qa="drawer-not-found">
        {t('drawer-not-found')}
      </Notice>
    );
  return (
    <>
      {offline && (
        <Notice color="orange" icon={<OfflineIcon />} mb="md" qa="drawer-offline-copy" data-print="hide">
          {t('drawer-offline-copy')}
        </Notice>
      )}
      <EventPanel key={event.id} event={event} onClose={onClose} onCommentAdded={onCommentAdded} />
    </>
  );
}
