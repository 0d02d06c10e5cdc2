// The saves of other kinds that wait in the device's one queue (the staff register's shift changes, the
// Spotlight saves), counted from the queue's table: they count in the Sync badge, so the sync screen
// says where they are. Each kind is sent when the network is back and looked after on its own screen.
import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { touchTargetClass } from '../../components/TouchList';
import { QUEUE_KINDS } from '../../lib/offline/operations';
import { useUnsyncedByKind } from '../../lib/offline/queue';
import { useSession } from '../auth';

/** The kinds shown here, each with its name on the page (kept from the shell's queue names) and screen. */
const QUEUES: Record<
  string,
  { source: string; label: 'sync-elsewhere-staff-register' | 'sync-elsewhere-spotlight'; to: string }
> = {
  [QUEUE_KINDS.staffShift]: {
    source: 'staff-register',
    label: 'sync-elsewhere-staff-register',
    to: '/staff-register',
  },
  [QUEUE_KINDS.spotlightSave]: {
    source: 'spotlight',
    label: 'sync-elsewhere-spotlight',
    to: '/spotlight/add',
  },
};

export function OtherQueues() {
  const { t } = useTranslation();
  const { me } = useSession();
  const counts = useUnsyncedByKind(me.userID);
  const waiting = Object.entries(counts).filter(([source, n]) => n > 0 && QUEUES[source] !== undefined);
  if (waiting.length === 0) return null;
  return (
    <Alert color="blue" variant="light" title={t('sync-elsewhere-title')} data-qa="sync-elsewhere">
      <List spacing={4}>
        {waiting.map(([kind, count]) => {
          const queue = QUEUES[kind]!;
          return (
            <List.Item key={kind} data-qa={`sync-elsewhere-${queue.source}`}>
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
