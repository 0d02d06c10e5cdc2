/**
 * The sync screen's view of the other tablets at the site (issue 6 "access by the sync service's access
 * check"): devices report their unsynced counts after each sync, and a user with viewDeviceSync (a
 * manager) sees which still hold work that has not reached the server, and whose.
 */
import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceID } from '../../lib/offline/sync';
import { timeAgo } from '../../lib/offline/timeAgo';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { syncApi } from './api';

export function OtherDevices() {
  const { t } = useTranslation();
  const { site, can } = useSession();
  const allowed = can('viewDeviceSync');
  const now = useNow(60_000);
  const devices = useQuery({
    queryKey: ['sync', 'devices', site.id],
    queryFn: () => syncApi.devices({ siteID: site.id, deviceID: deviceID() }),
    enabled: allowed,
    refetchInterval: 60_000,
    retry: false,
  });
  // Offline or refused: the reports are the server's, there is nothing current to show.
  const list = devices.data?.devices ?? [];
  if (!allowed || list.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      // Mantine's yellow title on the light yellow background fails AA contrast.
      title={
        <Text span fw={700} c="dark.7">
          {t('sync-others-title')}
        </Text>
      }
      data-qa="sync-other-devices"
    >
      <Text fz="sm" mb={6}>
        {t('sync-others-intro', { count: list.length })}
      </Text>
      <List spacing={4} fz="sm">
        {list.map((d) => (
          <List.Item key={d.deviceID} data-qa="sync-other-device">
            {t('sync-others-device', {
              name: d.staffName || t('sync-others-unknown-user'),
              events: t('sync-others-events', { count: d.unsyncedEvents }),
              media: d.unsyncedMedia > 0 ? `, ${t('sync-others-media', { count: d.unsyncedMedia })}` : '',
              ago: timeAgo(new Date(d.reportedAt), now),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
