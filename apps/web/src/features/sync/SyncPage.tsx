/**
 * #/sync (spec 000 §2 "Sync screen", §4 sync item states, spec 002 §8 sync errors): this user's items
 * saved on this device, grouped, with three counters, one Sync button and the per-item actions.
 */
import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../components/confirmDialog';
import { touchTargetClass } from '../../components/TouchList';
import { useIsOffline } from '../../lib/connectivity';
import { formatClockTime } from '../../lib/format';
import { translateKey } from '../../lib/i18n';
import { isOutboxStatus, type OutboxEvent } from '../../lib/offline/db';
import { QUEUE_KINDS, countsOf as queueCountsOf } from '../../lib/offline/operations';
import {
  countsOf,
  deleteOutboxItem,
  retryOutbox,
  uploadWithoutMedia,
  useOutboxItems,
  useOutboxMedia,
} from '../../lib/offline/outbox';
import { usePendingSources } from '../../lib/offline/pendingCount';
import { deleteOperation, retryOperation, useOtherOperations } from '../../lib/offline/queue';
import { syncNow, useSyncState } from '../../lib/offline/sync';
import { useSession } from '../auth';
import { ConflictModal } from './ConflictModal';
import { runItemAction } from './itemAction';
import { OfflineReadiness } from './OfflineReadiness';
import { OtherDevices } from './OtherDevices';
import { QueueItems } from './QueueItems';
import { SyncItemCard, syncStateColor } from './SyncItemCard';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('sync-title')} – ${t('app-name')}`);
  const { me } = useSession();
  const items = useOutboxItems(me.userID);
  // The other kinds' operations (staff register, register, Spotlight): listed below the events.
  const others = useOtherOperations(me.userID, QUEUE_KINDS.event);
  const othersWaiting = Object.values(usePendingSources()).some((n) => n > 0) || (others ?? []).length > 0;
  const media = useOutboxMedia(me.userID);
  const sync = useSyncState();
  const offline = useIsOffline();
  const [conflictOf, setConflictOf] = useState<OutboxEvent | null>(null);
  const eventCounts = countsOf(items ?? []);
  // The counters and the Sync button count every kind's items the screen lists.
  const otherCounts = queueCountsOf(others ?? []);
  const counts = {
    toUpload: eventCounts.toUpload + otherCounts.toUpload,
    error: eventCounts.error + otherCounts.error,
    conflict: eventCounts.conflict + otherCounts.conflict,
    finished: eventCounts.finished,
    unsynced: eventCounts.unsynced + otherCounts.unsynced,
  };
  const errors = counts.error + counts.conflict;
  const waitingMedia = useMemo(() => {
    const n: Record<string, number> = {};
    for (const m of media) if (!m.uploaded) n[m.eventUuid] = (n[m.eventUuid] ?? 0) + 1;
    return n;
  }, [media]);
  const groups = useMemo(() => {
    const map = new Map<string, OutboxEvent[]>();
    for (const item of items ?? []) map.set(item.group, [...(map.get(item.group) ?? []), item]);
    return [...map.entries()];
  }, [items]);

  const nothingToDo = counts.toUpload + counts.error === 0;
  const syncAll = async () => {
    await retryOutbox(me.userID);
    await syncNow({ reset: true });
  };
  const syncOne = (item: OutboxEvent) =>
    runItemAction(async () => {
      await retryOutbox(me.userID, item.uuid);
      await syncNow({ reset: true });
    });
  const confirm = (title: string, body: string, label: string, action: () => Promise<void>, qa: string) =>
    openConfirmDialog({
      title,
      body,
      confirmLabel: label,
      cancelLabel: t('cancel'),
      confirmQa: qa,
      onConfirm: () => void runItemAction(action),
    });

  const lastFailed = sync.last?.kind === 'finished' && sync.last.failed > 0;

  return (
    <Stack gap="md" data-qa="sync-page">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('sync-title')}
      </Title>
      <Text c="dimmed">{t('sync-intro')}</Text>
      <OfflineReadiness />

      {offline && (
        <Alert color="blue" variant="light" data-qa="sync-offline" role="status">
          {t('sync-offline')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 3 }} spacing="sm" data-qa="sync-counters">
        <Counter label={t('sync-counter-to-upload')} value={counts.toUpload} color="blue" qa="to-upload" />
        <Counter label={t('sync-counter-error')} value={errors} color="red" qa="error" />
        <Counter label={t('sync-counter-finished')} value={counts.finished} color="green" qa="finished" />
      </SimpleGrid>

      <Group gap="sm">
        <Button
          size="md"
          onClick={() => void syncAll()}
          disabled={nothingToDo || sync.running || items === undefined}
          loading={sync.running}
          color={errors > 0 ? 'red' : undefined}
          data-qa="sync-button"
        >
          {errors > 0 ? t('sync-button-retry') : t('sync-button')}
        </Button>
        {sync.running && (
          <Text c="dimmed" fz="sm" data-qa="sync-running">
            {t('sync-running')}
          </Text>
        )}
        {!sync.running && sync.retryAt !== null && counts.toUpload > 0 && (
          <Text c="dimmed" fz="sm" data-qa="sync-next-try">
            {t('sync-next-try', { time: formatClockTime(new Date(sync.retryAt)) })}
          </Text>
        )}
      </Group>

      {lastFailed && errors > 0 && (
        <Alert color="yellow" variant="light" data-qa="sync-finished-some">
          {t('sync-finished-some')}
        </Alert>
      )}

      {items === undefined ? (
        <Text c="dimmed">{t('sync-loading')}</Text>
      ) : items.length === 0 ? (
        // With saves waiting in other queues (listed above), 'nothing is waiting' would mislead.
        !othersWaiting && (
          <Text c="dimmed" data-qa="sync-empty">
            {t('sync-empty')}
          </Text>
        )
      ) : (
        counts.unsynced === 0 && (
          <Alert color="green" variant="light" data-qa="sync-all-done">
            {t('sync-all-done')}
          </Alert>
        )
      )}

      {groups.map(([group, list]) => (
        <Stack key={group} gap="xs" component="section" aria-label={group} data-qa="sync-group">
          <Title order={2} fz="lg">
            {group}
          </Title>
          {list.map((item) => (
            <SyncItem
              key={item.uuid}
              item={item}
              waiting={waitingMedia[item.uuid] ?? 0}
              progress={sync.progress[item.uuid]}
              busy={sync.running}
              onSync={() => void syncOne(item)}
              onDelete={() =>
                confirm(
                  t('sync-delete-title'),
                  t('sync-delete-confirm'),
                  t('sync-delete'),
                  () => deleteOutboxItem(item.uuid),
                  'sync-delete-confirm',
                )
              }
              onWithoutMedia={() =>
                confirm(
                  t('sync-without-media-title'),
                  t('sync-without-media-confirm'),
                  t('sync-without-media'),
                  async () => {
                    await uploadWithoutMedia(item.uuid);
                    await syncNow({ reset: true });
                  },
                  'sync-without-media-confirm',
                )
              }
              onConflicts={() => setConflictOf(item)}
            />
          ))}
        </Stack>
      ))}

      {others && (
        <QueueItems
          operations={others}
          busy={sync.running}
          onRetry={(item) =>
            void runItemAction(async () => {
              await retryOperation(me.userID, item.uuid);
              await syncNow({ reset: true });
            })
          }
          onDelete={(item) =>
            confirm(
              t('sync-delete-title'),
              t('sync-delete-confirm'),
              t('sync-delete'),
              () => deleteOperation(me.userID, item.uuid),
              'sync-delete-confirm',
            )
          }
        />
      )}

      <OtherDevices />

      <ConflictModal item={conflictOf} onClose={() => setConflictOf(null)} />
    </Stack>
  );
}

function Counter({ label, value, color, qa }: { label: string; value: number; color: string; qa: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-qa={`sync-count-${qa}`}>
      <Text fz="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={value > 0 ? `${color}.8` : undefined} data-qa="sync-count-value">
        {value}
      </Text>
    </Paper>
  );
}

interface SyncItemProps {
  item: OutboxEvent;
  waiting: number;
  progress: number | undefined;
  busy: boolean;
  onSync: () => void;
  onDelete: () => void;
  onWithoutMedia: () => void;
  onConflicts: () => void;
}

function SyncItem({
  item,
  waiting,
  progress,
  busy,
  onSync,
  onDelete,
  onWithoutMedia,
  onConflicts,
}: SyncItemProps) {
  const { t } = useTranslation();
  // Spec 000 §8: an item this build cannot read (unknown status) shows err-unknown and may be deleted.
  const known = isOutboxStatus(item.status);
  const color = syncStateColor(item.status);
  const value = item.status === 'done' ? 100 : Math.round((progress ?? 0) * 100);
  const stateKey = known ? (`sync-state-${item.status}` as const) : 'sync-state-error';
  const open = item.status !== 'done' && item.status !== 'syncing';
  const mediaGone = item.error?.code === 'sync-no-media' || item.error?.code === 'sync-missing-media';
  return (
    <SyncItemCard
      qa="sync-item"
      status={item.status}
      uuid={item.uuid}
      background={
        item.status === 'done' ? 'green.0' : item.status === 'error' || !known ? 'red.0' : undefined
      }
      title={item.title}
      subtitle={
        <>
          {item.kind === 'create'
            ? t('sync-kind-create')
            : t('sync-kind-update', { id: String(item.eventID) })}
          {waiting > 0 && item.status !== 'done' ? ` · ${t('sync-media-waiting', { count: waiting })}` : ''}
        </>
      }
      stateLabel={t(stateKey)}
      actions={
        open
          ? {
              qa: 'sync-item-actions',
              busy,
              onDelete,
              deleteLabel: t('sync-item-delete'),
              buttons: (
                <>
                  {known && item.status !== 'conflict' && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={onSync}
                      disabled={busy}
                      data-qa="sync-item-sync"
                    >
                      {t('sync-item-sync')}
                    </Button>
                  )}
                  {item.status === 'conflict' && (
                    <Button size="xs" color="orange" onClick={onConflicts} data-qa="sync-item-conflicts">
                      {t('sync-item-conflicts')}
                    </Button>
                  )}
                  {known && (waiting > 0 || mediaGone) && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={onWithoutMedia}
                      disabled={busy}
                      data-qa="sync-item-without-media"
                    >
                      {t('sync-item-without-media')}
                    </Button>
                  )}
                </>
              ),
            }
          : null
      }
    >
      {(item.status === 'syncing' || item.status === 'done' || (progress ?? 0) > 0) && (
        <Progress
          value={value}
          color={color}
          animated={item.status === 'syncing'}
          aria-label={t('sync-progress', { title: item.title })}
          data-qa="sync-item-progress"
        />
      )}
      {item.status === 'done' && item.savedIDs.length > 0 && (
        <Group gap="xs">
          <Text fz="sm" data-qa="sync-item-saved">
            {t('sync-saved-as', { ids: item.savedIDs.join(', ') })}
          </Text>
          <Anchor
            component={Link}
            to={`/edit/${item.savedIDs.join(',')}`}
            fz="sm"
            className={touchTargetClass}
            data-qa="sync-item-open"
          >
            {t('sync-open-event')}
          </Anchor>
        </Group>
      )}
      {!known && (
        <Alert
          color="red"
          variant="light"
          title={t('err-unknown')}
          data-qa="sync-item-error"
          data-code="err-unknown"
        >
          <Text fz="sm">{t('sync-unknown-item')}</Text>
        </Alert>
      )}
      {item.error && (item.status === 'error' || item.status === 'conflict') && (
        <Alert
          color={item.status === 'conflict' ? 'orange' : 'red'}
          variant="light"
          title={errorName(item.error.code)}
          data-qa="sync-item-error"
          data-code={item.error.code}
        >
          {item.error.message && (
            <Text fz="sm" data-qa="sync-item-error-message">
              {item.error.message}
            </Text>
          )}
          {errorName(item.error.code) !== item.error.code && (
            <Text fz="xs" c="dimmed">
              {item.error.code}
            </Text>
          )}
        </Alert>
      )}
    </SyncItemCard>
  );
}

/** The error's name: its domain message when the code is known, else the generic sync error. */
function errorName(code: string): string {
  const text = translateKey(code);
  return text === code ? translateKey('sync-error') : text;
}
