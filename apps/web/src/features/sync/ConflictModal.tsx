/** "View conflicts" of a sync item: both sides of an offline edit that met a newer server row. */
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { statusById } from '@nursery/domain/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { formatClockTime, formatLongDate } from '../../lib/format';
import type { OutboxEvent } from '../../lib/offline/db';
import { discardMine, keepMine, useConflict } from '../../lib/offline/outbox';
import { syncNow } from '../../lib/offline/sync';
import { useSession } from '../auth';
import { useSiteChildren } from '../events';
import { type ConflictSide, conflictSide } from './conflictView';
import { runItemAction } from './itemAction';

export function ConflictModal({ item, onClose }: { item: OutboxEvent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const conflict = useConflict(item?.uuid ?? null);
  const children = useSiteChildren(site.id);
  const [working, setWorking] = useState(false);
  if (!item) return null;
  const server = conflictSide(conflict?.server);
  const mine = conflictSide(conflict?.local ?? item.payload);
  const name = (id: number) => {
    const c = children.data?.find((x) => x.id === id);
    return c ? `${c.forename} ${c.surname}` : `#${id}`;
  };
  const rows: { key: string; label: string; show: (s: ConflictSide) => string }[] = [
    { key: 'notes', label: t('sync-conflict-notes'), show: (s) => s.notes || t('sync-conflict-none') },
    {
      key: 'date',
      label: t('sync-conflict-date'),
      show: (s) =>
        s.raised
          ? `${formatLongDate(new Date(s.raised), site.timeZone)} ${formatClockTime(new Date(s.raised), site.timeZone)}`
          : t('sync-conflict-none'),
    },
    {
      key: 'children',
      label: t('sync-conflict-children'),
      show: (s) => (s.childIDs.length > 0 ? s.childIDs.map(name).join(', ') : t('sync-conflict-none')),
    },
    {
      key: 'status',
      label: t('sync-conflict-status'),
      show: (s) =>
        s.statusID !== null ? (statusById(s.statusID)?.value ?? String(s.statusID)) : t('sync-conflict-none'),
    },
  ];
  const act = async (action: () => Promise<void>) => {
    setWorking(true);
    try {
      // Closed either way: an item gone meanwhile has nothing left to decide.
      await runItemAction(action);
      onClose();
    } finally {
      setWorking(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('sync-conflict-title')} size="xl" data-qa="sync-conflict-modal">
      <Stack gap="sm">
        <Text>{t('sync-conflict-intro')}</Text>
        <Table withTableBorder withColumnBorders verticalSpacing="xs" data-qa="sync-conflict-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="18%" />
              <Table.Th scope="col">{t('sync-conflict-server')}</Table.Th>
              <Table.Th scope="col">{t('sync-conflict-mine')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const theirs = row.show(server);
              const ours = row.show(mine);
              return (
                <Table.Tr
                  key={row.key}
                  data-qa={`sync-conflict-${row.key}`}
                  data-differs={theirs !== ours || undefined}
                >
                  <Table.Th scope="row">
                    {row.label}
                    {theirs !== ours && (
                      <Badge ml={6} size="xs" color="orange" variant="light">
                        {t('sync-conflict-differs')}
                      </Badge>
                    )}
                  </Table.Th>
                  <Table.Td data-qa="sync-conflict-server-value" style={{ whiteSpace: 'pre-wrap' }}>
                    {theirs}
                  </Table.Td>
                  <Table.Td data-qa="sync-conflict-mine-value" style={{ whiteSpace: 'pre-wrap' }}>
                    {ours}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            disabled={working}
            onClick={() =>
              openConfirmDialog({
                title: t('sync-discard-title'),
                body: t('sync-discard-confirm'),
                confirmLabel: t('sync-discard-mine'),
                cancelLabel: t('cancel'),
                confirmQa: 'sync-discard-confirm',
                onConfirm: () => void act(() => discardMine(item.uuid)),
              })
            }
            data-qa="sync-discard-mine"
          >
            {t('sync-discard-mine')}
          </Button>
          <Button
            loading={working}
            onClick={() =>
              void act(async () => {
                await keepMine(item.uuid);
                void syncNow({ reset: true });
              })
            }
            data-qa="sync-keep-mine"
          >
            {t('sync-keep-mine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
