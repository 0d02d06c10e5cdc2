/**
 * The sync screen's listing of the device's waiting operations of the other kinds (issue 28: the staff
 * register's shift changes, the register's bookings, the Spotlight saves), each kind under its heading
 * with one line per operation (queueItems.ts describes it): title, when it was made, its state and
 * error, and the actions that make sense for it: Retry an error that may go again, Delete (asked
 * first), and a conflict's link to the screen that settles it. The one sync loop sends them.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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

const STATE_COLOR: Record<string, string> = {
  pending: 'blue',
  syncing: 'cyan',
  done: 'green',
  error: 'red',
  conflict: 'orange',
};

const GROUP_TITLE: Record<
  QueueGroup,
  'sync-queue-staff-register' | 'sync-queue-register' | 'sync-queue-spotlight'
> = {
  'staff-register': 'sync-queue-staff-register',
  register: 'sync-queue-register',
  spotlight: 'sync-queue-spotlight',
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
  const known = item.status in STATE_COLOR;
  const color = STATE_COLOR[item.status] ?? 'red';
  const failed = item.status === 'error' || !known;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderLeft: `6px solid var(--mantine-color-${color}-6)` }}
      bg={failed ? 'red.0' : undefined}
      data-qa="sync-queue-item"
      data-group={item.group}
      data-status={item.status}
      data-uuid={item.uuid}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-qa="sync-queue-item-title">
              {item.title}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('sync-queue-made', { time: formatClockTime(new Date(item.at)) })}
            </Text>
          </Stack>
          <Badge
            color={color}
            variant="light"
            size="lg"
            style={{ flexShrink: 0 }}
            data-qa="sync-queue-item-state"
          >
            {t(known ? (`sync-state-${item.status}` as 'sync-state-pending') : 'sync-state-error')}
          </Badge>
        </Group>
        {item.error && failed && (
          <Alert
            color="red"
            variant="light"
            title={translateKey('sync-error')}
            data-qa="sync-queue-item-error"
          >
            <Text fz="sm">{item.error.message}</Text>
          </Alert>
        )}
        {item.status !== 'syncing' && (
          <Group justify="space-between" gap="md" wrap="wrap">
            <Group gap="xs">
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
            </Group>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={onDelete}
              disabled={busy}
              data-qa="sync-queue-item-delete"
            >
              {t('sync-queue-delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
