/**
 * The sync screen's listing of the device's waiting operations of the other kinds (issue 28: the staff
 * register's shift changes, the register's bookings, the Spotlight saves), each kind under its heading
 * with one line per operation (queueItems.ts describes it): title, when it was made, its state and
 * error, and the actions that make sense for it: Retry an error that may go again, Delete (asked
 * first), and a conflict's link to the screen that settles it. The one sync loop sends them.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import type { StaffRegisterAnswer } from '@nursery/domain/registers';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClockTime } from '../../lib/format';
import { translateKey } from '../../lib/i18n';
import type { OperationRow } from '../../lib/offline/operations';
import { staffRegisterKeys } from '../staff-register';
import { describeOperation, QUEUE_GROUPS, type QueueGroup, type QueueItemView } from './queueItems';
import { isKnownSyncState, SyncItemCard } from './SyncItemCard';

const GROUP_TITLE: Record<
  QueueGroup,
  'sync-queue-staff-register' | 'sync-queue-register' | 'sync-queue-spotlight' | 'sync-queue-medication'
> = {
  'staff-register': 'sync-queue-staff-register',
  register: 'sync-queue-register',
  spotlight: 'sync-queue-spotlight',
  medication: 'sync-queue-medication',
};

export function QueueItems({
  operations,
  busy,
  onRetry,
  onDelete,
}: {
  operations: readonly OperationRow[];
  busy: boolean;
  onRetry: (item: QueueItemView) => void;
  onDelete: (item: QueueItemView) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const groups = useMemo(() => {
    const staffName = (siteID: number, date: string, shiftID: number) => {
      const day = queryClient.getQueryData<StaffRegisterAnswer>(staffRegisterKeys.day(siteID, date));
      return day?.staff.find((m) => m.shifts.some((s) => s.id === shiftID))?.display ?? null;
    };
    const context = {
      t: (key: string, params?: Record<string, string>) => translateKey(key, params),
      staffName,
    };
    const views = operations.flatMap((op) => describeOperation(op, context) ?? []);
    return QUEUE_GROUPS.map((group) => [group, views.filter((v) => v.group === group)] as const).filter(
      ([, list]) => list.length > 0,
    );
  }, [operations, queryClient]);

  return groups.map(([group, list]) => (
    <Stack key={group} gap="xs" component="section" aria-label={t(GROUP_TITLE[group])} data-qa="sync-queue">
      <Title order={2} fz="lg">
        {t(GROUP_TITLE[group])}
      </Title>
      {list.map((item) => (
        <QueueItem
          key={item.uuid}
          item={item}
          busy={busy}
          onRetry={() => onRetry(item)}
          onDelete={() => onDelete(item)}
        />
      ))}
    </Stack>
  ));
}

function QueueItem({
  item,
  busy,
  onRetry,
  onDelete,
}: {
  item: QueueItemView;
  busy: boolean;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const known = isKnownSyncState(item.status);
  const failed = item.status === 'error' || !known;
  return (
    <SyncItemCard
      qa="sync-queue-item"
      status={item.status}
      uuid={item.uuid}
      group={item.group}
      background={failed ? 'red.0' : undefined}
      title={item.title}
      subtitle={t('sync-queue-made', { time: formatClockTime(new Date(item.at)) })}
      stateLabel={t(known ? (`sync-state-${item.status}` as 'sync-state-pending') : 'sync-state-error')}
      actions={
        item.status !== 'syncing'
          ? {
              busy,
              onDelete,
              deleteLabel: t('sync-queue-delete'),
              buttons: (
                <>
                  {item.status === 'error' && item.retryable && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={onRetry}
                      disabled={busy}
                      data-qa="sync-queue-item-retry"
                    >
                      {t('sync-queue-retry')}
                    </Button>
                  )}
                  {item.status === 'conflict' && (
                    <Button
                      size="xs"
                      color="orange"
                      component={Link}
                      to={item.resolveAt}
                      data-qa="sync-queue-item-resolve"
                    >
                      {t('sync-queue-resolve')}
                    </Button>
                  )}
                  {item.status === 'error' && !item.retryable && (
                    // A refusal that sending again cannot cure is put right on the screen it was made on.
                    <Button
                      size="xs"
                      variant="light"
                      component={Link}
                      to={item.resolveAt}
                      data-qa="sync-queue-item-open"
                    >
                      {t('sync-queue-open')}
                    </Button>
                  )}
                </>
              ),
            }
          : null
      }
    >
      {item.error && failed && (
        <Alert color="red" variant="light" title={translateKey('sync-error')} data-qa="sync-queue-item-error">
          <Text fz="sm">{item.error.message}</Text>
        </Alert>
      )}
    </SyncItemCard>
  );
}
