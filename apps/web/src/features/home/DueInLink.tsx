import { Alert, Anchor, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon, ChildrenIcon, InfoIcon } from '../../components/icons';
import { useIsOffline } from '../../lib/connectivity';
import { useSession } from '../auth';
import { useHomeOverview } from './useHomeOverview';

/**
 * Spec 002 §2/§6: the 'due in' link to #/register, with the viewRegister permission and an allowed site
 * (one with registers enabled). Rendered only when the overview call has answered.
 */
export function DueInLink() {
  const { t } = useTranslation();
  const { site, can } = useSession();
  const allowed = can('viewRegister') && site.registersEnabled;
  const overview = useHomeOverview(site.id);
  const offline = useIsOffline();

  if (!allowed || !overview.data || overview.data.dueIn === null) return null;
  const showingCache = offline || overview.isRefetchError;
  return (
    <Paper withBorder radius="lg" p="md" data-qa="home-due-in-card">
      <Anchor component={Link} to="/register" underline="hover" c="inherit" data-qa="home-due-in">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" variant="light">
            <ChildrenIcon size={26} />
          </ThemeIcon>
          <Text fw={700} fz="xl" c="nursery.9" style={{ flex: 1 }}>
            {t('home-due-in', { count: overview.data.dueIn })}
          </Text>
          <ChevronRightIcon />
        </Group>
      </Anchor>
      {showingCache && (
        <Alert mt="sm" color="yellow" variant="light" icon={<InfoIcon />} data-qa="home-offline-cache">
          {t('home-offline-cache-data')}
        </Alert>
      )}
    </Paper>
  );
}
