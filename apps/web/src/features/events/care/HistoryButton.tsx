import { Button, Modal, Table, Text } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryIcon } from '../../../components/icons';
import { QueryState } from '../../../components/QueryState';
import { useSession } from '../../auth';
import { eventsApi } from '../api';

export const historyKey = (eventID: number) => ['event-history', eventID] as const;

const ACTION_KEYS = {
  create: 'history-action-create',
  update: 'history-action-update',
  transition: 'history-action-transition',
} as const;

/**
 * "History" (spec 000 §2 history view, §6 viewEventHistory): a button opening a dialog with the
 * event's creation, edits and status changes, newest first. The lead shows it only with the
 * permission; the server refuses without it anyway. Fetched when the dialog opens, never cached.
 */
export function HistoryButton(props: { eventID: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<HistoryIcon size={18} />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        data-qa="event-history-button"
      >
        {t('history-button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('history-title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('view-close') }}
        data-qa="event-history-dialog"
      >
        {opened && <HistoryList eventID={props.eventID} />}
      </Modal>
    </>
  );
}

function HistoryList({ eventID }: { eventID: number }) {
  const { t } = useTranslation();
  const { site, config } = useSession();
  const history = useQuery({
    queryKey: historyKey(eventID),
    queryFn: ({ signal }) => eventsApi.history(eventID, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const statusName = (id: number | null) =>
    id === null ? '' : (config.eventStatuses.find((s) => s.id === id)?.value ?? `#${id}`);

  return (
    <QueryState
      query={history}
      qa="event-history"
      loading={t('history-loading')}
      error={(error) => t('history-failed', { message: error.message })}
      empty={{
        when: (entries) => entries.length === 0,
        show: (
          <Text size="sm" c="dimmed" data-qa="event-history-empty">
            {t('history-empty')}
          </Text>
        ),
      }}
    >
      {(entries) => (
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs" data-qa="event-history-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('history-when')}</Table.Th>
                <Table.Th scope="col">{t('history-what')}</Table.Th>
                <Table.Th scope="col">{t('history-status')}</Table.Th>
                <Table.Th scope="col">{t('history-who')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((h) => (
                <Table.Tr key={h.id} data-qa="event-history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-qa="event-history-at">
                    {formatDate(h.at, site.timeZone)} {formatTime(h.at, site.timeZone)}
                  </Table.Td>
                  <Table.Td>
                    {t(ACTION_KEYS[h.action] ?? 'history-action-update')}
                    {h.fields && h.fields.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('history-fields', { fields: h.fields.join(', ') })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-qa="event-history-status">
                    {h.action === 'transition' && h.fromStatusID !== null
                      ? t('history-from-to', { from: statusName(h.fromStatusID), to: statusName(h.statusID) })
                      : statusName(h.statusID)}
                  </Table.Td>
                  <Table.Td data-qa="event-history-who">
                    {h.author
                      ? `${h.author.forename} ${h.author.surname}`.trim()
                      : t('history-unknown-person')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
