// The account logout buttons (spec 002 §2 "Profile accordion"; issue 30): "Log out" (this device, as the
// user menu's, asking first when work waits to be uploaded) and "Log out of all devices" (every session
// of the user ends, this one too; it always asks first). Side by side from 768 px, stacked below.
import { Button, Flex, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { LogoutIcon } from '../../../components/icons';
import { pendingCount } from '../../../lib/offline/pendingCount';
import { logOutConfirmingWaitingWork, useLogout } from '../../auth';

export function AccountSection() {
  const { t } = useTranslation();
  const logout = useLogout();
  const logoutEverywhere = useLogout({ everywhere: true });
  const busy = logout.isPending || logoutEverywhere.isPending;

  function confirmEverywhere() {
    const waiting = pendingCount();
    openConfirmDialog({
      title: t('profile-logout-everywhere-title'),
      body: (
        <>
          <Text>{t('profile-logout-everywhere-body')}</Text>
          {waiting > 0 && <Text mt="sm">{t('logout-unsynced-body', { count: waiting })}</Text>}
        </>
      ),
      confirmLabel: t('profile-logout-everywhere'),
      cancelLabel: t('cancel'),
      confirmQa: 'profile-logout-everywhere-confirm',
      cancelQa: 'profile-logout-everywhere-cancel',
      danger: false,
      onConfirm: () => logoutEverywhere.mutate(),
    });
  }

  return (
    <Stack gap="md">
      <Text>{t('profile-account-intro')}</Text>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" data-qa="profile-logout-buttons">
        <Button
          variant="default"
          mih={44}
          leftSection={<LogoutIcon size={18} />}
          disabled={busy}
          onClick={() => logOutConfirmingWaitingWork(() => logout.mutate(), t)}
          data-qa="profile-logout"
        >
          {t('log-out')}
        </Button>
        <Button
          variant="light"
          color="red"
          mih={44}
          leftSection={<LogoutIcon size={18} />}
          disabled={busy}
          onClick={confirmEverywhere}
          data-qa="profile-logout-everywhere"
        >
          {t('profile-logout-everywhere')}
        </Button>
      </Flex>
    </Stack>
  );
}
