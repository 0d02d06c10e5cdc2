import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate } from '@nursery/domain/common';
import { removePendingUpdate } from '@nursery/domain/registers';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AlertIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { type RegisterPendingEntry, readPending, readSiteQueue, updatePending } from './pendingStore';
import { registerKeys } from './queries';
import { registerSendReport, sendRegisterChangesNow } from './registerQueueRunner';
import { showRegisterToast } from './registerToast';
import { bookingKey } from './registerView';
import { registerStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', registerStrings);

/**
 * #/conflict (spec 002 §2 "Conflict screen", §4 "Saving and offline"): the register changes the server
 * refused because the session changed meanwhile, one at a time: use my offline change (sent again over
 * the server's newer version) or delete it. It needs a connection (offline it goes to the register);
 * when none remain the kept changes are sent and the user returns to the register.
 */
export function Component() {
  const { t } = useTranslation();
  const { me, site } = useSession();
  const offline = useIsOffline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(`${t('conflict-title')} – ${t('app-name')}`);
  const [entries, setEntries] = useState<RegisterPendingEntry[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void readPending(me.userID, site.id).then((list) => {
      if (live) setEntries(list);
    });
    return () => {
      live = false;
    };
  }, [me.userID, site.id]);

  const conflicts = entries?.filter((e) => e.conflict !== null) ?? [];
  const current = conflicts[0];

  /**
   * With no conflict left: the one loop sends what is kept (a pass now); new conflicts stay here,
   * otherwise back to the register. What is still waiting after the pass (no answer, a refusal) fails.
   */
  const finish = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const before = registerSendReport.get();
      await sendRegisterChangesNow(me.userID, queryClient, { retry: true, siteID: site.id });
      const report = registerSendReport.get();
      const sent = report !== before && report?.siteID === site.id ? report.sent : 0;
      void queryClient.invalidateQueries({ queryKey: registerKeys.all });
      const { entries: left, sendable, failed: refused } = await readSiteQueue(me.userID, site.id);
      setEntries(left);
      if (left.some((e) => e.conflict)) return;
      if (sendable.length > 0 || refused > 0) {
        setFailed(true);
        return;
      }
      if (sent > 0) showRegisterToast('offline-sent', t('register-offline-sent'));
      navigate('/register', { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [me.userID, site.id, navigate, queryClient, t]);

  const resolve = async (entry: RegisterPendingEntry, keep: boolean) => {
    setBusy(true);
    const next = await updatePending(me.userID, site.id, (list) => {
      if (!keep) return removePendingUpdate(list, entry);
      // Sent again against the version the server answered: the user chose their change over it.
      const version = entry.conflict?.theirs?.version ?? entry.version;
      return list.map((e) => (bookingKey(e) === bookingKey(entry) ? { ...e, version, conflict: null } : e));
    });
    setBusy(false);
    if (!next) {
      setFailed(true);
      return;
    }
    // With no conflict left, the effect below sends what is kept (once) and returns to the register.
    setEntries(next);
  };

  // Nothing (left) to resolve: the last one resolved here, or opened directly, or resolved in another
  // tab. Send what is kept, then leave.
  const nothingLeft = entries !== undefined && conflicts.length === 0;
  useEffect(() => {
    if (nothingLeft && !offline && !busy && !failed) void finish();
  }, [nothingLeft, offline, busy, failed, finish]);

  if (offline) return <Navigate to="/register" replace />;

  const times = (start: string | null, end: string | null) =>
    [
      start ? t('register-actual-in', { time: start }) : t('conflict-none'),
      end ? t('register-actual-out', { time: end }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Stack gap="md" maw={900} data-qa="conflict-page">
      <Title order={1} fz="h2">
        {t('conflict-title')}
      </Title>
      {failed && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="conflict-failed">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('error-submitting-register-changes')}</Text>
            <Button size="sm" variant="white" onClick={() => void finish()} data-qa="conflict-retry">
              {t('register-retry')}
            </Button>
          </Group>
        </Notice>
      )}
      {!current ? (
        <Skeleton height={180} radius="md" aria-label={t('conflict-loading')} data-qa="conflict-loading" />
      ) : (
        <Paper withBorder radius="md" p="lg" data-qa="conflict-card" data-child-id={current.childID}>
          <Stack gap="md">
            <Text fw={700} data-qa="conflict-remaining" aria-live="polite">
              {conflicts.length > 1
                ? t('conflicts-remain', { count: conflicts.length })
                : t('conflict-final')}
            </Text>
            <div>
              <Text fz="lg" fw={700} data-qa="conflict-child">
                {current.childName}
              </Text>
              <Text c="dimmed">
                {current.comboName} · {formatDate(current.date, site.timeZone)}
              </Text>
            </div>
            <Text>{current.conflict?.theirs ? t('conflict-explain') : t('conflict-deleted')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Paper withBorder radius="md" p="md" data-qa="conflict-mine">
                <Text fw={600}>{t('conflict-mine')}</Text>
                <Text>{times(current.actualStart, current.actualEnd)}</Text>
              </Paper>
              {current.conflict?.theirs && (
                <Paper withBorder radius="md" p="md" data-qa="conflict-theirs">
                  <Text fw={600}>{t('conflict-theirs')}</Text>
                  <Text>{times(current.conflict.theirs.actualStart, current.conflict.theirs.actualEnd)}</Text>
                </Paper>
              )}
            </SimpleGrid>
            <Group gap="sm">
              <Button
                onClick={() => void resolve(current, true)}
                disabled={busy || !current.conflict?.theirs}
                data-qa="conflict-use-mine"
              >
                {t('conflict-use-mine')}
              </Button>
              <Button
                variant="default"
                onClick={() => void resolve(current, false)}
                disabled={busy}
                data-qa="conflict-delete"
              >
                {t('conflict-delete')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
