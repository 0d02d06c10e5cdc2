// The parts every section of the requests widget shares: the section with its loading (and 'taking
// long') / error with retry / empty states, the approve button that shows why it is disabled, and the
// message of a failed decision.
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { RequestPermittedActions } from '@nursery/domain/home';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../../components/icons';
import { Notice } from '../../../../components/Notice';
import { QueryState, type QueryView } from '../../../../components/QueryState';
import { isApiError } from '../../../../lib/api';

/** Spec 002 §9: the request query's 'taking long' message shows after 500 ms. */
export const REQUEST_SLOW_MS = 500;

/** True once `pending` has lasted `ms` (reset when it ends). */
export function useSlow(pending: boolean, ms = REQUEST_SLOW_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!pending) return;
    const timer = window.setTimeout(() => setSlow(true), ms);
    return () => window.clearTimeout(timer);
  }, [pending, ms]);
  return pending && slow;
}

export function RequestSection<T>({
  title,
  qa,
  query,
  emptyText,
  isEmpty,
  children,
}: {
  title: string;
  qa: string;
  query: QueryView<T>;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const slow = useSlow(query.isPending);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-qa={qa}>
      <Title order={3} fz="md" id={headingId}>
        {title}
      </Title>
      <QueryState
        query={query}
        qa={qa}
        loading={slow ? t('widget-requests-slow') : t('widget-requests-loading')}
        error={() => t('widget-requests-load-failed')}
        empty={{
          when: isEmpty,
          show: (
            <Text size="sm" c="dimmed" data-qa={`${qa}-empty`}>
              {emptyText}
            </Text>
          ),
        }}
      >
        {children}
      </QueryState>
    </Stack>
  );
}

/** One request of a list. */
export function RequestCard({ qa, id, children }: { qa: string; id: number; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-qa={qa} data-request-id={id}>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

/** The list of a section's requests (a list for assistive technology). */
export function RequestList({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** Why approving (or deciding at all) is refused, from the answer's permittedActions. */
export function RefusalReason({ actions, id }: { actions: RequestPermittedActions; id: string }) {
  const { t } = useTranslation();
  if (!actions.reason) return null;
  return (
    <Text size="sm" c="dimmed" id={id} data-qa="request-refusal">
      {t(actions.reason)}
    </Text>
  );
}

/** Approve and decline buttons as permittedActions allow, the reason under them. */
export function DecisionButtons({
  actions,
  onApprove,
  onDecline,
  busy,
  qa,
}: {
  actions: RequestPermittedActions;
  onApprove: () => void;
  onDecline: () => void;
  busy?: boolean;
  qa: string;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const describedBy = actions.reason ? reasonId : undefined;
  return (
    <Stack gap={4}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button
          onClick={onApprove}
          disabled={!actions.approve || busy}
          aria-describedby={describedBy}
          data-qa={`${qa}-approve`}
        >
          {t('widget-requests-approve')}
        </Button>
        <Button
          variant="default"
          onClick={onDecline}
          disabled={!actions.decline || busy}
          aria-describedby={describedBy}
          data-qa={`${qa}-decline`}
        >
          {t('widget-requests-decline')}
        </Button>
      </div>
      <RefusalReason actions={actions} id={reasonId} />
    </Stack>
  );
}

/** The message of a failed decision: the server's refusal when the widget knows it. */
export function DecisionError({ error }: { error: Error | null }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  let message: string = t('widget-requests-decision-failed');
  if (isApiError(error, 404)) message = t('request-not-found');
  else if (isApiError(error) && i18n.exists(error.code)) message = t(error.code as 'request-not-found');
  return (
    <Notice color="red" icon={<AlertIcon />} role="alert" qa="request-decision-error">
      {message}
    </Notice>
  );
}
