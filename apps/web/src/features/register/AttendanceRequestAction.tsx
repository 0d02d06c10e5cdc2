// A parent's drop-off/pick-up request on the register (spec 002 §2 'Confirm drop off/pick up at {time}'):
// confirming checks the child in or out at the request's time (the server does it with the register's
// arithmetic); declining asks first. The day's requests are one query shared by the rows and the panel.
import { Button, Group, Text } from '@mantine/core';
import type { AttendanceRequest } from '@nursery/domain/events';
import type { RegisterAnswer } from '@nursery/domain/registers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { useIsOffline } from '../../lib/connectivity';
import { showRegisterToast } from './registerToast';
import { withSessions } from './registerView';
import { signatureApi, signatureKeys } from './signatureApi';

/** The site day's attendance requests (refreshed with the register's 30 s rhythm, not offline). */
export function useAttendanceRequests(siteID: number, date: string | undefined) {
  const offline = useIsOffline();
  return useQuery({
    queryKey: signatureKeys.requests(siteID, date ?? ''),
    queryFn: ({ signal }) => signatureApi.requests(siteID, date!, signal),
    enabled: date !== undefined && !offline,
    refetchInterval: 30_000,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

/** The row style of a child's request: pending, success-request (approved), failed-request (declined). */
export function requestStyle(
  request: AttendanceRequest | undefined,
): 'pending' | 'success' | 'failed' | undefined {
  if (!request) return undefined;
  return request.approved === null ? 'pending' : request.approved ? 'success' : 'failed';
}

/** The newest request of each child (pending ones first). */
export function requestsByChild(requests: readonly AttendanceRequest[] | undefined) {
  const map = new Map<number, AttendanceRequest>();
  for (const r of requests ?? []) {
    const had = map.get(r.childID);
    if (!had || (had.approved !== null && r.approved === null)) map.set(r.childID, r);
  }
  return map;
}

export function AttendanceRequestActions({
  siteID,
  date,
  childID,
  canDecide,
  onSessions,
}: {
  siteID: number;
  date: string;
  childID: number;
  /** The user may check in or out. */
  canDecide: boolean;
  onSessions: (update: (answer: RegisterAnswer) => RegisterAnswer) => void;
}) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const requests = useAttendanceRequests(siteID, date);
  const [busy, setBusy] = useState(false);
  const pending = (requests.data?.requests ?? []).filter((r) => r.childID === childID && r.approved === null);
  if (pending.length === 0) return null;

  const decide = async (request: AttendanceRequest, approved: boolean) => {
    setBusy(true);
    try {
      const answer = await signatureApi.decide(request.id, { approved, time: request.time });
      onSessions((current) => withSessions(current, answer.sessions, childID));
      void queryClient.invalidateQueries({ queryKey: signatureKeys.requests(siteID, date) });
      const message = approved
        ? t(request.type === 'drop-off' ? 'checked-in' : 'checked-out')
        : t('register-request-declined');
      showRegisterToast(message, message, { color: approved ? 'green' : 'blue' });
    } catch {
      showRegisterToast('request-failed', t('register-request-failed'), { color: 'red', autoClose: 6000 });
      void queryClient.invalidateQueries({ queryKey: signatureKeys.requests(siteID, date) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {pending.map((request) => (
        <div key={request.id} data-qa="register-request" data-request-id={request.id}>
          <Text size="sm">
            {t(request.type === 'drop-off' ? 'register-request-drop-off' : 'register-request-pick-up', {
              name: `${request.contact.forename} ${request.contact.surname}`,
              time: request.time,
            })}
            {request.notes ? ` – ${request.notes}` : ''}
          </Text>
          <Group gap="xs" mt={4}>
            <Button
              mih={44}
              disabled={!canDecide || offline}
              loading={busy}
              onClick={() => void decide(request, true)}
              data-qa="register-request-confirm"
            >
              {t(request.type === 'drop-off' ? 'register-confirm-drop-off' : 'register-confirm-pick-up', {
                time: request.time,
              })}
            </Button>
            <Button
              mih={44}
              variant="default"
              disabled={!canDecide || offline || busy}
              onClick={() =>
                openConfirmDialog({
                  title: t('register-request-decline-title'),
                  body: t('register-request-decline-body'),
                  confirmLabel: t('register-request-decline'),
                  cancelLabel: t('register-cancel'),
                  confirmQa: 'register-request-decline-confirm',
                  cancelQa: 'register-request-decline-cancel',
                  onConfirm: () => void decide(request, false),
                })
              }
              data-qa="register-request-decline"
            >
              {t('register-request-decline')}
            </Button>
          </Group>
        </div>
      ))}
    </>
  );
}
