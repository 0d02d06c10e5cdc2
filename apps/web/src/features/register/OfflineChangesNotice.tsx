import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import type { OfflineRegister } from './useOfflineRegister';

/**
 * How many register changes wait on this device, and what happens to them: sent when back online
 * (now, while online), or the spec's 'Error submitting register changes' with a retry.
 */
export function OfflineChangesNotice({ offline, register }: { offline: boolean; register: OfflineRegister }) {
  const { t } = useTranslation();
  const count = register.pending.length;
  if (count === 0) return null;
  if (!offline && register.sendFailed) {
    return (
      <Notice color="red" icon={<AlertIcon />} role="alert" qa="register-unsent-failed">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {t('error-submitting-register-changes')} {t('register-unsent', { count })}
          </Text>
          <Button
            size="sm"
            variant="white"
            onClick={() => void register.retry()}
            data-qa="register-unsent-retry"
          >
            {t('register-retry')}
          </Button>
        </Group>
      </Notice>
    );
  }
  return (
    <Notice color="orange" icon={<OfflineIcon />} qa="register-unsent" data-count={count}>
      {t('register-unsent', { count })} {offline ? t('register-unsent-later') : t('register-unsent-sending')}
    </Notice>
  );
}
