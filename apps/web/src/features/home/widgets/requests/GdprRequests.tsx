// GDPR erasure requests (spec 002 §3, §6 approveGDPR): approving erases the child's or person's data,
// so it asks first (destructive); declining leaves everything as it is.
import { Group, Stack, Text } from '@mantine/core';
import { ageLabel, formatDate, type GdprErasureRequestItem, todayInZone } from '@nursery/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import { openConfirmDialog } from '../../../../components/confirmDialog';
import { now } from '../../../../lib/clock';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { requestKeys, requestsApi } from './api';
import { DecisionButtons, DecisionError, RequestCard, RequestList, RequestSection } from './RequestParts';

export function GdprRequests() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: requestKeys.gdpr,
    queryFn: ({ signal }) => requestsApi.gdpr(signal),
    retry: false,
  });
  return (
    <RequestSection
      title={t('widget-requests-gdpr')}
      qa="requests-gdpr"
      query={query}
      emptyText={t('widget-requests-no-gdpr')}
      isEmpty={(data) => data.requests.length === 0}
    >
      {(data) => (
        <RequestList>
          {data.requests.map((request) => (
            <GdprRequestCard key={request.id} request={request} />
          ))}
        </RequestList>
      )}
    </RequestSection>
  );
}

function GdprRequestCard({ request }: { request: GdprErasureRequestItem }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (approved: boolean) => requestsApi.decideGdpr(request.id, approved),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.gdpr }),
  });
  const subject = request.child ?? request.person;
  const name = subject ? `${subject.forename} ${subject.surname}` : '';
  const today = todayInZone(now(), site.timeZone);
  const confirmErase = () =>
    openConfirmDialog({
      title: t('widget-requests-gdpr-confirm-title', { name }),
      body: t('widget-requests-gdpr-confirm-body'),
      confirmLabel: t('widget-requests-gdpr-confirm'),
      cancelLabel: t('widget-requests-cancel'),
      confirmQa: 'gdpr-request-confirm',
      cancelQa: 'gdpr-request-cancel',
      danger: true,
      onConfirm: () => decide.mutate(true),
    });
  return (
    <RequestCard qa="gdpr-request" id={request.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {request.child && <ChildAvatar child={request.child} photoUrl={childPhotoUrl} />}
        <Stack gap={2}>
          <Text fw={700} data-qa="gdpr-request-subject">
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {request.child
              ? [t('widget-requests-gdpr-child'), ageLabel(request.child.dob, today), request.child.roomName]
                  .filter(Boolean)
                  .join(' · ')
              : t('widget-requests-gdpr-person')}
          </Text>
          <Text size="sm">
            {t('widget-requests-raised-by', {
              name: `${request.creator.forename} ${request.creator.surname}`,
              date: formatDate(request.created, site.timeZone),
            })}
          </Text>
          {request.reason && (
            <Text size="sm" fs="italic">
              {request.reason}
            </Text>
          )}
        </Stack>
      </Group>
      <DecisionButtons
        actions={request.permittedActions}
        onApprove={confirmErase}
        onDecline={() => decide.mutate(false)}
        busy={decide.isPending}
        qa="gdpr-request"
      />
      <DecisionError error={decide.error} />
    </RequestCard>
  );
}
