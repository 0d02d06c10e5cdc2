// Booking (mark-off) requests (spec 002 §4 Requests, §5): approving needs a mark-off category;
// declining takes an optional message (at most 500 characters) sent to the requester.
import { Button, Checkbox, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import { formatDate, formatTime, todayInZone } from '@nursery/domain/common';
import {
  type BookingRequestItem,
  REQUEST_RESPONSE_LIMIT,
  responseCharactersLeft,
} from '@nursery/domain/home';
import type { MarkOffCategory } from '@nursery/domain/registers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import { now } from '../../../../lib/clock';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { requestKeys, requestsApi } from './api';
import { DecisionButtons, DecisionError, RequestCard, RequestList, RequestSection } from './RequestParts';

export function BookingRequests() {
  const { t } = useTranslation();
  const { site } = useSession();
  const query = useQuery({
    queryKey: requestKeys.bookings(site.id),
    queryFn: ({ signal }) => requestsApi.bookings(site.id, signal),
    retry: false,
  });
  return (
    <RequestSection
      title={t('widget-requests-bookings')}
      qa="requests-bookings"
      query={query}
      emptyText={t('no-booking-requests')}
      isEmpty={(data) => data.requests.length === 0}
    >
      {(data) => (
        <RequestList>
          {data.requests.map((request) => (
            <BookingRequestCard key={request.id} request={request} categories={data.markOffCategories} />
          ))}
        </RequestList>
      )}
    </RequestSection>
  );
}

type Step = 'idle' | 'approve' | 'decline';

function BookingRequestCard({
  request,
  categories,
}: {
  request: BookingRequestItem;
  categories: MarkOffCategory[];
}) {
  const { t } = useTranslation();
  const { site } = useSession();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const [category, setCategory] = useState<string | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [notify, setNotify] = useState(true);
  const decide = useMutation({
    mutationFn: (approved: boolean) =>
      requestsApi.decideBooking(request.id, {
        approved,
        ocID: approved ? Number(category) : null,
        responseNotes: message.trim() === '' ? null : message,
        notify,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.bookings(site.id) }),
  });
  const { child, person } = request;
  const today = todayInZone(now(), site.timeZone);
  const meta = [ageLabel(child.dob, today), child.roomName].filter(Boolean).join(' · ');
  const left = responseCharactersLeft(message);
  const tooLong = left < 0;

  const approve = () => {
    if (!category) {
      setCategoryError(t('widget-requests-must-select-off-category'));
      return;
    }
    decide.mutate(true);
  };

  return (
    <RequestCard qa="booking-request" id={request.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ChildAvatar child={child} photoUrl={childPhotoUrl} />
        <Stack gap={2}>
          <Text fw={700} data-qa="booking-request-child">
            {child.forename} {child.surname}
          </Text>
          <Text size="sm" c="dimmed">
            {meta}
          </Text>
          <Text size="sm" fw={600} data-qa="booking-request-session">
            {t('widget-requests-session', { date: formatDate(request.date), session: request.comboName })}
          </Text>
          <Text size="sm">
            {t('widget-requests-requested-by', {
              name: `${person.forename} ${person.surname}`,
              date: `${formatDate(request.created, site.timeZone)} ${formatTime(request.created, site.timeZone)}`,
            })}
          </Text>
          {request.requestNotes && (
            <Text size="sm" fs="italic" data-qa="booking-request-notes">
              {request.requestNotes}
            </Text>
          )}
        </Stack>
      </Group>
      {step === 'idle' && (
        <DecisionButtons
          actions={request.permittedActions}
          onApprove={() => setStep('approve')}
          onDecline={() => setStep('decline')}
          qa="booking-request"
        />
      )}
      {step === 'approve' && (
        <Stack gap="xs">
          <Select
            label={t('widget-requests-category')}
            data={categories.map((c) => ({ value: String(c.id), label: c.value }))}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setCategoryError(null);
            }}
            required
            error={categoryError}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-qa="booking-request-category"
          />
          <Group gap="xs">
            <Button onClick={approve} loading={decide.isPending} data-qa="booking-request-confirm-approve">
              {t('widget-requests-confirm-approve')}
            </Button>
            <Button variant="default" onClick={() => setStep('idle')} disabled={decide.isPending}>
              {t('widget-requests-cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'decline' && (
        <Stack gap="xs">
          <div>
            <Textarea
              label={t('widget-requests-message')}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              error={
                tooLong
                  ? t('widget-requests-message-too-long', { limit: String(REQUEST_RESPONSE_LIMIT) })
                  : null
              }
              autosize
              minRows={2}
              data-qa="booking-request-message"
            />
            <Text
              size="xs"
              ta="right"
              c={tooLong ? 'red.8' : 'dimmed'}
              aria-live="polite"
              data-qa="booking-request-count"
            >
              {t('widget-requests-message-count', {
                length: String(message.length),
                limit: String(REQUEST_RESPONSE_LIMIT),
              })}
            </Text>
          </div>
          <Checkbox
            label={t('widget-requests-notify')}
            checked={notify}
            onChange={(e) => setNotify(e.currentTarget.checked)}
            data-qa="booking-request-notify"
          />
          <Group gap="xs">
            <Button
              color="red"
              onClick={() => decide.mutate(false)}
              disabled={tooLong}
              loading={decide.isPending}
              data-qa="booking-request-confirm-decline"
            >
              {t('widget-requests-confirm-decline')}
            </Button>
            <Button variant="default" onClick={() => setStep('idle')} disabled={decide.isPending}>
              {t('widget-requests-cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      <DecisionError error={decide.error} />
    </RequestCard>
  );
}
