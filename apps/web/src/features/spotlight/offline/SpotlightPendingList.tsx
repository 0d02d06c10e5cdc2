/**
 * 'Spotlight saves waiting on this device' (issue 16): the user's saves that met no network, each with
 * its title, when it was saved, its status and the server's message, 'Send now' (online) and, for a
 * save the server refused or found in conflict, 'Delete from this device' behind a confirmation.
 * Shows nothing when nothing waits. On an event's page only that event's save is listed.
 */
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsOffline } from '../../../lib/connectivity';
import { useSession } from '../../auth';
import type { SpotlightPendingRow } from './pendingSpotlightStore';
import { useSpotlightPending } from './useSpotlightPending';

// The sync screen's colours (blue waits, red needs the user); light orange text fails contrast.
const STATUS_COLOURS = { pending: 'blue', error: 'red', conflict: 'red' } as const;

export function SpotlightPendingList({ eventID }: { eventID?: number }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const pending = useSpotlightPending();
  const [deleting, setDeleting] = useState<SpotlightPendingRow | null>(null);

  if (pending.failed) {
    return (
      <Alert
        color="red"
        variant="light"
        title={t('spotlight-pending-read-failed')}
        data-qa="spotlight-pending-error"
      >
        <Button size="sm" variant="light" mih={44} onClick={pending.retry} data-qa="spotlight-pending-retry">
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  // The device's rows arrive within a moment: nothing is shown meanwhile, rather than a spinner
  // flashing above the form on every visit (the list is empty almost always).
  if (pending.rows === null) return null;
  const rows = eventID === undefined ? pending.rows : pending.rows.filter((r) => r.eventID === eventID);
  if (rows.length === 0) return null;
  const anyPending = rows.some((r) => r.status === 'pending');

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa="spotlight-pending">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg" id="spotlight-pending-title">
            {t('spotlight-pending-title')}
          </Title>
          {anyPending && (
            <Button
              size="sm"
              mih={44}
              variant="light"
              disabled={offline}
              loading={pending.sending}
              onClick={() => void pending.sendNow()}
              data-qa="spotlight-pending-send"
            >
              {t('spotlight-pending-send-now')}
            </Button>
          )}
        </Group>
        {offline && anyPending && (
          <Text fz="sm" c="dimmed" data-qa="spotlight-pending-offline">
            {t('spotlight-pending-offline')}
          </Text>
        )}
        {eventID !== undefined && rows.some((r) => r.status === 'pending') && (
          <Text fz="sm" data-qa="spotlight-pending-edit-waiting">
            {t('spotlight-pending-edit-waiting')}
          </Text>
        )}
        <Stack
          gap="xs"
          component="ul"
          aria-labelledby="spotlight-pending-title"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {rows.map((row) => (
            <PendingItem key={row.uuid} row={row} onDelete={() => setDeleting(row)} />
          ))}
        </Stack>
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('spotlight-pending-delete-title')}
        centered
        data-qa="spotlight-pending-delete-dialog"
      >
        <Stack gap="md">
          <Text>{t('spotlight-pending-delete-body', { title: deleting?.title ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              mih={44}
              onClick={() => setDeleting(null)}
              data-qa="spotlight-pending-delete-cancel"
            >
              {t('spotlight-pending-delete-cancel')}
            </Button>
            <Button
              color="red"
              mih={44}
              onClick={() => {
                const row = deleting;
                setDeleting(null);
                if (row) void pending.remove(row.uuid);
              }}
              data-qa="spotlight-pending-delete-confirm"
            >
              {t('spotlight-pending-delete-confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function PendingItem({ row, onDelete }: { row: SpotlightPendingRow; onDelete: () => void }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const saved = new Date(row.createdAt);
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="sm"
      data-qa="spotlight-pending-item"
      data-status={row.status}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} data-qa="spotlight-pending-item-title">
            {row.title}
          </Text>
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              {t('spotlight-pending-saved-at', {
                date: formatDate(saved, site.timeZone),
                time: formatTime(saved, site.timeZone),
              })}
            </Text>
            <Badge color={STATUS_COLOURS[row.status]} variant="light" data-qa="spotlight-pending-item-status">
              {t(`spotlight-pending-status-${row.status}`)}
            </Badge>
          </Group>
          {row.error && (
            <Text fz="sm" c="red.8" data-qa="spotlight-pending-item-message">
              {row.error.message}
            </Text>
          )}
          {row.status === 'conflict' && <Text fz="sm">{t('spotlight-pending-conflict-help')}</Text>}
        </Stack>
        <Group gap="xs">
          {row.status === 'conflict' && row.eventID !== null && (
            <Button
              component={Link}
              to={`/spotlight/${row.eventID}`}
              variant="light"
              mih={44}
              data-qa="spotlight-pending-open"
            >
              {t('spotlight-pending-open-event')}
            </Button>
          )}
          {row.status !== 'pending' && (
            <Button
              variant="subtle"
              color="red"
              mih={44}
              onClick={onDelete}
              data-qa="spotlight-pending-delete"
            >
              {t('spotlight-pending-delete')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
