import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OutboxEvent } from '../../lib/offline/db';
import { useSession } from '../auth';

/**
 * A save waiting on this device, on the drafts list (issue 13): what it is (its sync title, type, date
 * and time, notes), that it is on this device only, and its upload state, with a way to the sync
 * screen. No selection and no Edit: it is not on the server yet, so bulk actions cannot reach it.
 */
export function DeviceDraftCard({ item }: { item: OutboxEvent }) {
  const { t } = useTranslation();
  const { config, site } = useSession();
  const type = config.eventTypes.find((x) => x.id === item.payload.typeID);
  const tz = config.sitesByID[String(item.siteID)]?.timeZone ?? site.timeZone;
  const raised = item.payload.raised;
  const state =
    item.status === 'error'
      ? t('drafts-device-error')
      : item.status === 'conflict'
        ? t('drafts-device-conflict')
        : t('drafts-device-waiting');
  const photos = item.payload.mediaIDs?.length ?? 0;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-label={`${item.title} – ${t('drafts-device-badge')}`}
      data-qa="drafts-device-card"
      data-uuid={item.uuid}
      data-status={item.status}
      style={{ borderStyle: 'dashed', borderColor: 'var(--mantine-color-orange-7)' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text component="h3" fw={700} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          <Badge
            color="yellow.4"
            c="dark.9"
            variant="filled"
            size="lg"
            style={{ flexShrink: 0 }}
            data-qa="drafts-device-badge"
          >
            {t('drafts-device-badge')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            type?.value,
            item.kind === 'update' && item.eventID !== null
              ? t('drafts-device-edit-of', { id: String(item.eventID) })
              : null,
            raised ? `${formatDate(raised, tz)} ${formatTime(raised, tz)}` : null,
            photos > 0 ? t('drafts-device-photos', { count: photos }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {/* The sync title already starts with the notes' first words: the rest only when it does not. */}
        {item.payload.notes && !item.title.includes(item.payload.notes.slice(0, 24)) && (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {item.payload.notes}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Text
            size="sm"
            fw={600}
            c={item.status === 'pending' || item.status === 'syncing' ? 'dark' : 'red.8'}
          >
            {state}
          </Text>
          <Anchor
            component={Link}
            to="/sync"
            fw={600}
            mih={44}
            miw={44}
            style={{ display: 'inline-flex', alignItems: 'center' }}
            data-qa="drafts-device-sync"
          >
            {t('drafts-go-to-sync')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
