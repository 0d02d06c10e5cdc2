// #/settings/device's outbox (issue 29): the provider's recent e-mails (recipient, subject, queued /
// sent / failed, time; never the text, which may hold an activation code), a page at a time, for
// managers (addStaff or settingsProvider). Without SMTP_URL it says the messages are kept, not sent.
import { Paper, Table, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { OutboxMessage } from '@nursery/domain/settings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedTable, pagedRows } from '../../components/PagedTable';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import listClasses from './SettingsList.module.css';
import classes from './StaffAdmin.module.css';
import { outboxQuery } from './staffAdminApi';
import { staffAdminStrings } from './staffAdminStrings';

i18n.addResources(LANGUAGE, 'translation', staffAdminStrings);

// Colours with 4.5:1 contrast on the table's stripes (green and orange do not reach it).
const STATUS_COLOUR = { queued: 'blue.9', sent: 'inherit', failed: 'red.9' } as const;

export function OutboxSection() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useInfiniteQuery({ ...outboxQuery(), retry: 1, enabled: !offline });
  const { pages, rows: messages, table } = pagedRows(query, offline, (p) => p.messages);
  const delivery = pages?.[0]?.delivery;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="outbox-title" data-qa="outbox">
      <Title order={2} fz="h4" mb="xs" id="outbox-title">
        {t('outbox-title')}
      </Title>
      {delivery && (
        <Text c="dimmed" mb="sm" data-qa="outbox-delivery" data-delivery={delivery}>
          {t(delivery === 'kept' ? 'outbox-kept' : 'outbox-smtp')}
        </Text>
      )}
      <PagedTable
        query={query}
        qa="outbox"
        {...table}
        offline={t('outbox-offline')}
        loading={t('outbox-loading')}
        loadFailed={t('outbox-load-failed')}
        empty={t('outbox-empty')}
        shown={t('outbox-shown', { count: messages.length })}
        label={t('outbox-title')}
        scrollClassName={listClasses.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('outbox-time')}</Table.Th>
            <Table.Th scope="col">{t('outbox-to')}</Table.Th>
            <Table.Th scope="col">{t('outbox-subject')}</Table.Th>
            <Table.Th scope="col">{t('outbox-status')}</Table.Th>
          </Table.Tr>
        }
        rows={messages.map((m) => <OutboxRow key={m.id} message={m} kept={delivery === 'kept'} />)}
      />
    </Paper>
  );
}

/** Without SMTP_URL the sender hands a message to the log and marks it done: it was kept, not sent. */
function OutboxRow({ message, kept }: { message: OutboxMessage; kept: boolean }) {
  const { t } = useTranslation();
  const at = message.sentAt ?? message.queuedAt;
  return (
    <Table.Tr data-qa="outbox-message" data-status={message.status}>
      <Table.Td className={classes.nowrap}>
        {formatDate(at)} {formatTime(at)}
      </Table.Td>
      <Table.Td>{message.to}</Table.Td>
      <Table.Td>{message.subject}</Table.Td>
      <Table.Td>
        <Text span size="sm" fw={600} c={STATUS_COLOUR[message.status]}>
          {kept && message.status === 'sent' ? t('outbox-status-kept') : t(`outbox-status-${message.status}`)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
