// Change requests (spec 002 §3, §6): a contact's or staff member's new details, old and new values;
// approving applies the requested values, declining (DELETE) leaves the details as they are. Issue 27:
// approving asks first, showing each field's current and new value, and a toast says it was done.
import { Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@nursery/domain/common';
import type { ChangeRequestItem } from '@nursery/domain/home';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/confirmDialog';
import { useSession } from '../../../auth';
import { requestKeys, requestsApi } from './api';
import { DecisionButtons, DecisionError, RequestCard, RequestList, RequestSection } from './RequestParts';

export function ChangeRequests() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: requestKeys.changes,
    queryFn: ({ signal }) => requestsApi.changes(signal),
    retry: false,
  });
  return (
    <RequestSection
      title={t('widget-requests-changes')}
      qa="requests-changes"
      query={query}
      emptyText={t('widget-requests-no-changes')}
      isEmpty={(data) => data.requests.length === 0}
    >
      {(data) => (
        <RequestList>
          {data.requests.map((request) => (
            <ChangeRequestCard key={request.id} request={request} />
          ))}
        </RequestList>
      )}
    </RequestSection>
  );
}

function ChangeRequestCard({ request }: { request: ChangeRequestItem }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const queryClient = useQueryClient();
  const name = `${request.person.forename} ${request.person.surname}`;
  const done = (message: string) => {
    notifications.show({ color: 'green', message, autoClose: 4000 });
    return queryClient.invalidateQueries({ queryKey: requestKeys.changes });
  };
  const approve = useMutation({
    mutationFn: () =>
      requestsApi.approveChange(
        request.id,
        Object.fromEntries(request.fields.map((f) => [f.name, f.newValue])),
      ),
    onSuccess: () => done(t('widget-requests-change-approved', { name })),
  });
  const decline = useMutation({
    mutationFn: () => requestsApi.declineChange(request.id),
    onSuccess: () => done(t('widget-requests-change-declined', { name })),
  });
  const confirmApprove = () =>
    openConfirmDialog({
      title: t('widget-requests-change-confirm-title', { name }),
      body: <ChangeTable request={request} />,
      confirmLabel: t('widget-requests-change-confirm'),
      cancelLabel: t('widget-requests-cancel'),
      confirmQa: 'change-request-confirm',
      cancelQa: 'change-request-cancel',
      danger: false,
      onConfirm: () => approve.mutate(),
    });
  const none = t('widget-requests-none');
  return (
    <RequestCard qa="change-request" id={request.id}>
      <Stack gap={2}>
        <Text fw={700} data-qa="change-request-person">
          {request.person.forename} {request.person.surname}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`widget-requests-table-${request.tablename}`)}
        </Text>
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {request.fields.map((field) => (
            <Text size="sm" component="li" key={field.name} data-qa="change-request-field">
              {t('widget-requests-change-from-to', {
                field: t(`widget-requests-field-${field.name}`),
                from: field.oldValue ?? none,
                to: field.newValue ?? none,
              })}
            </Text>
          ))}
        </Stack>
        {request.requestedBy && (
          <Text size="sm">
            {t('widget-requests-requested-by', {
              name: `${request.requestedBy.forename} ${request.requestedBy.surname}`,
              date: formatDate(request.created, site.timeZone),
            })}
          </Text>
        )}
      </Stack>
      <DecisionButtons
        actions={request.permittedActions}
        onApprove={confirmApprove}
        onDecline={() => decline.mutate()}
        busy={approve.isPending || decline.isPending}
        qa="change-request"
      />
      <DecisionError error={approve.error ?? decline.error} />
    </RequestCard>
  );
}

/** The confirmation's body: each field, its value now and after approval. */
function ChangeTable({ request }: { request: ChangeRequestItem }) {
  const { t } = useTranslation();
  const none = t('widget-requests-none');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('widget-requests-change-confirm-body')}</Text>
      <Table withTableBorder verticalSpacing="xs" data-qa="change-request-confirm-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('widget-requests-change-confirm-field')}</Table.Th>
            <Table.Th scope="col">{t('widget-requests-change-confirm-old')}</Table.Th>
            <Table.Th scope="col">{t('widget-requests-change-confirm-new')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {request.fields.map((field) => (
            <Table.Tr key={field.name} data-qa="change-request-confirm-field">
              <Table.Th scope="row">{t(`widget-requests-field-${field.name}`)}</Table.Th>
              <Table.Td data-qa="change-request-confirm-old">{field.oldValue ?? none}</Table.Td>
              <Table.Td data-qa="change-request-confirm-new" fw={700}>
                {field.newValue ?? none}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
