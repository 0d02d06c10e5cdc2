import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoutIcon } from '../../components/icons';
import { useLogout } from './useLogout';

/** Log out from the pages outside the shell (site picker, "no site"), where there is no user menu. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Button
      variant="subtle"
      size="sm"
      leftSection={<LogoutIcon size={18} />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
      data-qa="logout-button"
    >
      {t('log-out')}
    </Button>
  );
}
