import { Alert, Button, Group, Text } from '@mantine/core';
import { APP_VERSION, MIN_APP_VERSION } from '@nursery/domain/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { AlertIcon, InfoIcon } from '../../components/icons';
import { isBusy } from '../../lib/offline/busy';
import { applyUpdate, checkForServiceWorkerUpdate, useServiceWorker } from '../../lib/offline/serviceWorker';
import { serverIsNewer, versionNoticeDecision } from '../../lib/offline/versionNotice';
import { useSession } from '../auth';
import { useHealth } from './useHealth';

/**
 * Spec 002 §2/§8: the one newer-version notice. It shows when the server reports a newer version
 * (/api/health) or a new build is installed on the device and waiting (service worker); danger when
 * the running version is below the minimum and is not the latest. Reload activates the new build
 * first (or the cached old one would come back), and asks first while a form or a sync is busy.
 */
export function VersionNotice() {
  const { t } = useTranslation();
  const { config } = useSession();
  const health = useHealth();
  const worker = useServiceWorker();
  const [reloading, setReloading] = useState(false);
  const latest = health.data?.version ?? null;
  const decision = versionNoticeDecision({
    running: APP_VERSION,
    minVersion: config.minVersion || MIN_APP_VERSION,
    latest,
    updateWaiting: worker.updateWaiting,
  });

  // The server runs a newer build: let the device download it in the background now.
  const newer = serverIsNewer(APP_VERSION, latest);
  useEffect(() => {
    if (newer) void checkForServiceWorkerUpdate();
  }, [newer]);

  if (!decision) return null;

  const reload = () => {
    setReloading(true);
    void applyUpdate();
  };
  const onReload = () => {
    if (!isBusy()) return reload();
    openConfirmDialog({
      title: t('version-reload-busy-title'),
      body: t('version-reload-busy'),
      confirmLabel: t('version-reload-busy-confirm'),
      cancelLabel: t('version-reload-busy-cancel'),
      confirmQa: 'version-reload-confirm',
      onConfirm: reload,
    });
  };

  const danger = decision.level === 'danger';
  return (
    <Alert
      color={danger ? 'red' : 'blue'}
      variant="light"
      icon={danger ? <AlertIcon /> : <InfoIcon />}
      role={danger ? 'alert' : 'status'}
      data-qa="version-notice"
      data-level={decision.level}
    >
      <Group justify="space-between" gap="sm">
        <Text inherit>
          {decision.message === 'version-outdated'
            ? t('version-outdated', { running: APP_VERSION, latest: decision.latest })
            : decision.message === 'version-newer-available'
              ? t('version-newer-available', { latest: decision.latest })
              : t('version-update-ready')}
        </Text>
        <Button
          size="sm"
          color={danger ? 'red' : undefined}
          onClick={onReload}
          loading={reloading}
          data-qa="version-reload"
        >
          {t('version-reload')}
        </Button>
      </Group>
    </Alert>
  );
}
