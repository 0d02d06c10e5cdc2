// GDPR erasure requests (spec 002 §3, §6 approveGDPR): approving erases the child's or person's data,
// so it asks first (destructive); declining leaves everything as it is, and asks first too (issue 27:
// it closes the request for good). Either decision is confirmed by a toast.
import { Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ageLabel } from '@nursery/domain/children';
import { formatDate, todayInZone } from '@nursery/domain/common';
import type { GdprErasureRequestItem } from '@nursery/domain/home';
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
  const subject = request.child ?? request.person;
  const name = subject ? `${subject.forename} ${subject.surname}` : '';
  const decide = useMutation({
    mutationFn: (approved: boolean) => requestsApi.decideGdpr(request.id, approved),
    onSuccess: (_answer, approved) => {
      notifications.show({
        color: 'green',
        message: t(approved ? 'widget-requests-gdpr-erased' : 'widget-requests-gdpr-declined', { name }),
        autoClose: 4000,
      });
      return queryClient.invalidateQueries({ queryKey: requestKeys.gdpr });
    },
  });
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
  const confirmDecline = () =>
    openConfirmDialog({
      title: t('widget-requests-gdpr-decline-title', { name }),
      body: t('widget-requests-gdpr-decline-body', { name }),
      confirmLabel: t('widget-requests-gdpr-decline-confirm'),
      cancelLabel: t('widget-requests-cancel'),
      confirmQa: 'gdpr-request-decline-confirm',
      cancelQa: 'gdpr-request-decline-cancel',
      danger: false,
      onConfirm: () => decide.mutate(false),
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
        onDecline={confirmDecline}
        busy={decide.isPending}
        qa="gdpr-request"
      />
      <DecisionError error={decide.error} />
    </RequestCard>
  );
}
