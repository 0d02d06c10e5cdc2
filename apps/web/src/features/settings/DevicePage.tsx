import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { APP_VERSION } from '@nursery/domain/common';
import { mayManageBackgroundJobs } from '@nursery/domain/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { AlertIcon } from '../../components/icons';
import { type CacheInfo, cacheInfo, clearDeviceCache } from '../../lib/offline/persist';
import { type ServiceWorkerState, useServiceWorker } from '../../lib/offline/serviceWorker';
import { type StorageFacts, storageFacts, toMegabytes } from '../../lib/offline/storage';
import type { offlineStrings } from '../../lib/offline/strings';
import { timeAgo } from '../../lib/offline/timeAgo';
import { useSession } from '../auth';
import { OfflineReadiness } from '../sync';
import { BackgroundJobsSection } from './BackgroundJobsSection';
import { OutboxSection } from './OutboxSection';

/** The labels' own keys only: i18next's full `t` type grows too deep for the compiler with every key. */
type Translate = (key: keyof typeof offlineStrings) => string;

function workerLabel(t: Translate, worker: ServiceWorkerState): string {
  if (worker.status === 'unsupported') return t('device-sw-unsupported');
  if (worker.status === 'error') return t('device-sw-error');
  if (worker.updateWaiting) return t('device-sw-waiting');
  if (worker.status === 'active') return t('device-sw-active');
  if (worker.status === 'installing') return t('device-sw-installing');
  return t('device-sw-none');
}

function persistenceLabel(t: Translate, persistent: boolean | null): string {
  if (persistent === null) return t('device-storage-unknown');
  return persistent ? t('device-storage-persistent') : t('device-storage-best-effort');
}

/**
 * #/settings/device (issue 6): what this tablet keeps for offline use: the app version, the offline
 * app (service worker) state, whether the browser keeps our storage, usage and quota, the cached data
 * and a confirmed "clear" that empties the read cache only (unsynced work is never touched).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('device-title')} – ${t('app-name')}`);
  const queryClient = useQueryClient();
  const { can } = useSession();
  const worker = useServiceWorker();
  const [facts, setFacts] = useState<StorageFacts | null>(null);
  const [cache, setCache] = useState<CacheInfo | null>(null);
  const [clearing, setClearing] = useState(false);

  const refresh = useCallback(async () => {
    const [nextFacts, nextCache] = await Promise.all([
      storageFacts(),
      cacheInfo().catch(() => ({ updatedAt: null, size: 0 })),
    ]);
    setFacts(nextFacts);
    setCache(nextCache);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const clear = async () => {
    setClearing(true);
    try {
      await clearDeviceCache(queryClient);
      notifications.show({ color: 'green', message: t('device-cache-cleared'), autoClose: 4000 });
    } catch {
      notifications.show({ color: 'red', message: t('device-cache-clear-failed'), autoClose: 8000 });
    } finally {
      setClearing(false);
      void refresh();
    }
  };

  const askClear = () =>
    openConfirmDialog({
      title: t('device-cache-clear-title'),
      body: t('device-cache-clear-body'),
      confirmLabel: t('device-cache-clear-confirm'),
      cancelLabel: t('device-cache-clear-cancel'),
      confirmQa: 'device-cache-clear-confirm',
      onConfirm: () => void clear(),
    });

  const mb = (bytes: number | null) => {
    const value = toMegabytes(bytes);
    return value === null ? t('device-storage-unknown') : t('device-storage-mb', { value });
  };

  const rows: Array<{ label: string; value: string; qa: string }> = [
    { label: t('device-app-version'), value: APP_VERSION, qa: 'device-version' },
    { label: t('device-sw'), value: workerLabel((key) => t(key), worker), qa: 'device-sw' },
    {
      label: t('device-storage'),
      value: facts ? persistenceLabel((key) => t(key), facts.persistent) : t('loading'),
      qa: 'device-persistent',
    },
    {
      label: t('device-storage-used'),
      value: facts ? mb(facts.usageBytes) : t('loading'),
      qa: 'device-usage',
    },
    {
      label: t('device-storage-quota'),
      value: facts ? mb(facts.quotaBytes) : t('loading'),
      qa: 'device-quota',
    },
    {
      label: t('device-cache'),
      value: !cache
        ? t('loading')
        : cache.updatedAt === null
          ? t('device-cache-none')
          : t('device-cache-saved', { time: timeAgo(cache.updatedAt, Date.now()) }),
      qa: 'device-cache',
    },
  ];

  return (
    <Stack gap="lg" maw={720} data-qa="device-page">
      <div>
        <Title order={1} fz={28}>
          {t('device-title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('device-intro')}
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md">
        <Table verticalSpacing="sm" fz="md">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.qa}>
                <Table.Th scope="row" w="40%">
                  {row.label}
                </Table.Th>
                <Table.Td data-qa={row.qa}>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t('offline-prepare')}>
        <Title order={2} fz="h4" mb="xs">
          {t('offline-prepare')}
        </Title>
        <OfflineReadiness withAction />
      </Paper>
      {worker.status === 'error' && (
        <Alert color="orange" variant="light" icon={<AlertIcon />} role="status">
          {t('device-sw-error')}
        </Alert>
      )}
      <Group>
        <Button
          color="red"
          variant="outline"
          onClick={askClear}
          loading={clearing}
          data-qa="device-cache-clear"
        >
          {t('device-cache-clear')}
        </Button>
      </Group>
      {(can('addStaff') || can('settingsProvider')) && <OutboxSection />}
      {mayManageBackgroundJobs({ addStaff: can('addStaff'), settingsProvider: can('settingsProvider') }) && (
        <BackgroundJobsSection />
      )}
    </Stack>
  );
}
