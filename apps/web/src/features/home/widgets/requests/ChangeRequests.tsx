// Change requests (spec 002 §3, §6): a contact's or staff member's new details, old and new values;
// approving applies the requested values, declining (DELETE) leaves the details as they are.
import { Stack, Text } from '@mantine/core';
import { type ChangeRequestItem, formatDate } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const done = () => queryClient.invalidateQueries({ queryKey: requestKeys.changes });
  const approve = useMutation({
    mutationFn: () =>
      requestsApi.approveChange(
        request.id,
        Object.fromEntries(request.fields.map((f) => [f.name, f.newValue])),
      ),
    onSuccess: done,
  });
  const decline = useMutation({ mutationFn: () => requestsApi.declineChange(request.id), onSuccess: done });
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
        onApprove={() => approve.mutate()}
        onDecline={() => decline.mutate()}
        busy={approve.isPending || decline.isPending}
        qa="change-request"
      />
      <DecisionError error={approve.error ?? decline.error} />
    </RequestCard>
  );
}
