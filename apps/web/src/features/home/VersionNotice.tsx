import { Alert, Button, Group, Text } from '@mantine/core';
import { APP_VERSION, MIN_APP_VERSION, versionAlert } from '@nursery/domain';
import { useTranslation } from 'react-i18next';
import { AlertIcon, InfoIcon } from '../../components/icons';
import { useSession } from '../auth/SessionContext';
import { useHealth } from './useHealth';

/**
 * Spec 002 §2/§8: a newer-version notice; danger when the running version is below the minimum and is
 * not the latest. Reloading fetches the new build (the server serves the current files).
 */
export function VersionNotice() {
  const { t } = useTranslation();
  const { config } = useSession();
  const health = useHealth();
  const latest = health.data?.version ?? null;
  const level = versionAlert(APP_VERSION, config.minVersion || MIN_APP_VERSION, latest);
  if (!level || !latest) return null;

  const danger = level === 'danger';
  return (
    <Alert
      color={danger ? 'red' : 'blue'}
      variant="light"
      icon={danger ? <AlertIcon /> : <InfoIcon />}
      role={danger ? 'alert' : 'status'}
      data-qa="version-notice"
      data-level={level}
    >
      <Group justify="space-between" gap="sm">
        <Text inherit>
          {danger
            ? t('version-outdated', { running: APP_VERSION, latest })
            : t('version-newer-available', { latest })}
        </Text>
        <Button
          size="sm"
          color={danger ? 'red' : undefined}
          onClick={() => window.location.reload()}
          data-qa="version-reload"
        >
          {t('version-reload')}
        </Button>
      </Group>
    </Alert>
  );
}
