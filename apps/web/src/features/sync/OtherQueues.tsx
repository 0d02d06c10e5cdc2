// The saves that wait on this device in queues of their own (the staff register's shift changes, the
// Spotlight saves): they count in the Sync badge, so the sync screen says where they are. Each queue
// sends itself when the network is back and is looked after on its own screen.
import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { touchTargetClass } from '../../components/TouchList';
import { usePendingSources } from '../../lib/offline/pendingCount';

/** The queues the shell counts (setPendingSourceCount's names), each with the screen that shows it. */
const QUEUES: Record<
  string,
  { label: 'sync-elsewhere-staff-register' | 'sync-elsewhere-spotlight'; to: string }
> = {
  'staff-register': { label: 'sync-elsewhere-staff-register', to: '/staff-register' },
  spotlight: { label: 'sync-elsewhere-spotlight', to: '/spotlight/add' },
};

export function OtherQueues() {
  const { t } = useTranslation();
  const counts = usePendingSources();
  const waiting = Object.entries(counts).filter(([source, n]) => n > 0 && QUEUES[source] !== undefined);
  if (waiting.length === 0) return null;
  return (
    <Alert color="blue" variant="light" title={t('sync-elsewhere-title')} data-qa="sync-elsewhere">
      <List spacing={4}>
        {waiting.map(([source, count]) => {
          const queue = QUEUES[source]!;
          return (
            <List.Item key={source} data-qa={`sync-elsewhere-${source}`}>
              <Anchor component={Link} to={queue.to} fw={600} c="blue.9" className={touchTargetClass}>
                {t(queue.label, { count })}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
