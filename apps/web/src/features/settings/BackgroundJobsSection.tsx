// #/settings/device's "Background jobs" (issue 32): the provider's failed background jobs (kind, when,
// attempts, last error), each with Retry and a confirmed Delete, for managers (mayManageBackgroundJobs).
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { DeadLetter } from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { QueryState } from '../../components/QueryState';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { backgroundJobsApi, deadLettersQuery } from './backgroundJobsApi';
import { backgroundJobsStrings } from './backgroundJobsStrings';

i18n.addResources(LANGUAGE, 'translation', backgroundJobsStrings);

export function BackgroundJobsSection() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useQuery({ ...deadLettersQuery(), retry: 1, enabled: !offline });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="jobs-title" data-qa="jobs">
      <Title order={2} fz="h4" mb="xs" id="jobs-title">
        {t('jobs-title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('jobs-intro')}
      </Text>
      {offline && !query.data ? (
        <Text data-qa="jobs-offline">{t('jobs-offline')}</Text>
      ) : (
        <QueryState
          query={query}
          qa="jobs"
          loading={t('jobs-loading')}
          error={() => t('jobs-load-failed')}
          empty={{
            when: (data) => data.deadLetters.length === 0,
            show: <Text data-qa="jobs-empty">{t('jobs-empty')}</Text>,
          }}
        >
          {(data) => (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" fz="sm" aria-labelledby="jobs-title" data-qa="jobs-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('jobs-job')}</Table.Th>
                    <Table.Th scope="col">{t('jobs-failed-at')}</Table.Th>
                    <Table.Th scope="col">{t('jobs-attempts')}</Table.Th>
                    <Table.Th scope="col">{t('jobs-error')}</Table.Th>
                    <Table.Th scope="col">{t('jobs-actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.deadLetters.map((letter) => (
                    <DeadLetterRow key={letter.id} letter={letter} actions={data.permittedActions} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      )}
    </Paper>
  );
}

function DeadLetterRow({
  letter,
  actions,
}: {
  letter: DeadLetter;
  actions: { retry: boolean; delete: boolean };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const done = (message: string) => () => {
    notifications.show({ color: 'green', message, autoClose: 4000 });
    void queryClient.invalidateQueries({ queryKey: deadLettersQuery().queryKey });
  };
  const failed = () => {
    notifications.show({ color: 'red', message: t('jobs-action-failed'), autoClose: 8000 });
    void queryClient.invalidateQueries({ queryKey: deadLettersQuery().queryKey });
  };
  const retry = useMutation({
    mutationFn: () => backgroundJobsApi.retry(letter.id),
    onSuccess: done(t('jobs-retried')),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => backgroundJobsApi.remove(letter.id),
    onSuccess: done(t('jobs-deleted')),
    onError: failed,
  });
  const askDelete = () =>
    openConfirmDialog({
      title: t('jobs-delete-title'),
      body: t('jobs-delete-body'),
      confirmLabel: t('jobs-delete-confirm'),
      cancelLabel: t('jobs-delete-cancel'),
      confirmQa: 'jobs-delete-confirm',
      onConfirm: () => remove.mutate(),
    });
  const busy = retry.isPending || remove.isPending;
  return (
    <Table.Tr data-qa="jobs-letter" data-job={letter.job}>
      <Table.Td>{t(`jobs-name-${letter.job}`)}</Table.Td>
      <Table.Td>
        {formatDate(letter.failedAt)} {formatTime(letter.failedAt)}
      </Table.Td>
      <Table.Td>{letter.attempts}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {letter.error}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {actions.retry && (
            <Button
              mih={44}
              variant="default"
              onClick={() => retry.mutate()}
              loading={retry.isPending}
              disabled={busy}
              data-qa="jobs-letter-retry"
            >
              {t('jobs-retry')}
            </Button>
          )}
          {actions.delete && (
            <Button
              mih={44}
              color="red"
              variant="outline"
              onClick={askDelete}
              loading={remove.isPending}
              disabled={busy}
              data-qa="jobs-letter-delete"
            >
              {t('jobs-delete')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
