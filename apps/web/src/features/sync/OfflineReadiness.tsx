import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsOffline } from '../../lib/connectivity';
import { preparationPercent, requestPreparation, usePreparationState } from '../../lib/offline/preparation';
import { timeAgo } from '../../lib/offline/timeAgo';
import { useSession } from '../auth';
import { offlineReadyKey, type OfflineReadiness as Readiness } from './preparePlan';

/**
 * Whether this device is ready to work offline for the current site (issue 13): the preparation's
 * progress while it runs (after login and site change), else when it last completed and what it holds
 * (from the device's read cache, so a tab opened offline shows it too), with "Prepare again" online.
 * Shown on the device page and, compactly, on the sync screen.
 */
export function OfflineReadiness({ withAction = false }: { withAction?: boolean }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const progress = usePreparationState();
  const record = queryClient.getQueryData<Readiness>(offlineReadyKey(site.id));
  const running = progress.status === 'running' && progress.siteID === site.id;

  let text: string;
  if (running) {
    text = t('offline-prepare-running', { done: String(progress.done), total: String(progress.total) });
  } else if (record) {
    const time = timeAgo(record.at, Date.now());
    text =
      record.failed > 0
        ? t('offline-prepare-partial', { time, count: record.failed })
        : t('offline-prepare-ready', { time });
  } else {
    text = t('offline-prepare-none');
  }
  const state = running ? 'running' : record ? (record.failed > 0 ? 'partial' : 'ready') : 'none';

  return (
    <Stack gap={6} data-qa="offline-readiness" data-state={state}>
      <Text size="sm" fw={600} data-qa="offline-readiness-text">
        {text}
      </Text>
      {running && (
        <Progress
          value={preparationPercent(progress)}
          size="sm"
          animated
          aria-label={t('offline-prepare')}
          data-qa="offline-readiness-progress"
        />
      )}
      {!running && record && record.failed > 0 && record.completeAt !== undefined && (
        <Text size="sm" data-qa="offline-readiness-last-complete">
          {t('offline-prepare-last-complete', { time: timeAgo(record.completeAt, Date.now()) })}
        </Text>
      )}
      {!running && record && (
        <Text size="sm" c="dimmed" data-qa="offline-readiness-contents">
          {t('offline-prepare-contents', {
            children: String(record.children),
            photos: String(record.photos),
            events: String(record.events),
          })}
        </Text>
      )}
      {withAction && (
        <Group gap="sm">
          <Button
            variant="default"
            size="md"
            disabled={offline || running}
            onClick={() => requestPreparation()}
            data-qa="offline-prepare-again"
          >
            {t('offline-prepare-again')}
          </Button>
          {offline && (
            <Text size="sm" c="dimmed">
              {t('offline-prepare-again-offline')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
