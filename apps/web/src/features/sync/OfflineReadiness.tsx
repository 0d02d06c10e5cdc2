import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { todayInZone } from '@nursery/domain/common';
import { type QueryClient, type QueryKey, useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import { codeComplete, codeParts, getCodeReadiness, useCodeReadiness } from '../../lib/offline/codeReadiness';
import { preparationPercent, requestPreparation, usePreparationState } from '../../lib/offline/preparation';
import { useServiceWorker } from '../../lib/offline/serviceWorker';
import { timeAgo } from '../../lib/offline/timeAgo';
import { CONFIG_QUERY_KEY, getSessionState, type Session, useSession } from '../auth';
import { frameworksQuery, siteChildrenQuery } from '../events';
import { registerDayQuery } from '../register';
import { staffRegisterDayQuery } from '../staff-register';
import classes from './OfflineReadiness.module.css';
import {
  offlineReadyKey,
  type OfflineReadiness as Readiness,
  registerPrepared,
  staffRegisterPrepared,
} from './preparePlan';

/**
 * Whether this device is ready to work offline for the current site (issue 13): the preparation's
 * progress while it runs (after login and site change), else when it last completed and what it holds
 * (from the device's read cache, so a tab opened offline shows it too), with "Prepare again" online.
 * Shown on the device page and, compactly, on the sync screen.
 */
export function OfflineReadiness({ withAction = false }: { withAction?: boolean }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const progress = usePreparationState();
  const record = queryClient.getQueryData<Readiness>(offlineReadyKey(site.id));
  const running = progress.status === 'running' && progress.siteID === site.id;

  let text: string;
  if (running) {
    text = t('offline-prepare-running', { done: String(progress.done), total: String(progress.total) });
  } else if (record) {
    const time = timeAgo(record.at, Date.now());
    text =
      record.failed > 0
        ? t('offline-prepare-partial', { time, count: record.failed })
        : t('offline-prepare-ready', { time });
  } else {
    text = t('offline-prepare-none');
  }
  const state = running ? 'running' : record ? (record.failed > 0 ? 'partial' : 'ready') : 'none';

  return (
    <Stack gap={6} data-qa="offline-readiness" data-state={state}>
      <Text size="sm" fw={600} data-qa="offline-readiness-text">
        {text}
      </Text>
      {running && (
        <Progress
          value={preparationPercent(progress)}
          size="sm"
          animated
          aria-label={t('offline-prepare')}
          data-qa="offline-readiness-progress"
        />
      )}
      {!running && record && record.failed > 0 && record.completeAt !== undefined && (
        <Text size="sm" data-qa="offline-readiness-last-complete">
          {t('offline-prepare-last-complete', { time: timeAgo(record.completeAt, Date.now()) })}
        </Text>
      )}
      {!running && record && (
        <Text size="sm" c="dimmed" data-qa="offline-readiness-contents">
          {t('offline-prepare-contents', {
            children: String(record.children),
            photos: String(record.photos),
            events: String(record.events),
          })}
        </Text>
      )}
      {withAction && (
        <Group gap="sm">
          <Button
            variant="default"
            size="md"
            disabled={offline || running}
            onClick={() => requestPreparation()}
            data-qa="offline-prepare-again"
          >
            {t('offline-prepare-again')}
          </Button>
          {offline && (
            <Text size="sm" c="dimmed">
              {t('offline-prepare-again-offline')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** How long "Ready to work offline" stays up once the device got there. */
const READY_SHOWN_MS = 8_000;

/**
 * The shell's "Getting this device ready to work offline… n %" (issue 27, "Offline from the first
 * second"), shown from the first signed-in screen of a device that is not ready yet, until the code
 * (every precache entry, then the service worker controlling the page) and the floor data (the
 * configuration, the site's children, today's registers where the user opens them) are on the device,
 * then "Ready to work offline" for a few seconds. Real progress: parts done / parts total. A device that
 * was ready when the page started shows nothing. Per site (a site change needs its own floor data).
 */
export function OfflineFirstSecond() {
  const { site } = useSession();
  const sw = useServiceWorker();
  if (sw.status === 'unsupported') return null;
  return <FirstSecondBanner key={site.id} />;
}

function FirstSecondBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const code = useCodeReadiness();
  const floor = useFloorData(queryClient, session);
  const codeDone = codeParts(code);
  const floorReady = floor.done === floor.total;
  const ready = codeComplete(code) && floorReady;
  // A page a worker already controlled when it started has the floor's code (the worker takes control
  // only once those files are stored), so with the floor data it says nothing.
  const [controlledAtStart] = useState(() => getCodeReadiness().controlled);
  // Decided once the device's copy is restored: a device ready at the start says nothing.
  const [needed, setNeeded] = useState<boolean | null>(null);
  useEffect(() => {
    if (needed === null && !restoring) setNeeded(!((controlledAtStart || codeComplete(code)) && floorReady));
  }, [needed, restoring, controlledAtStart, code, floorReady]);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!needed || !ready) return undefined;
    const timer = setTimeout(() => setExpired(true), READY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [needed, ready]);
  if (!needed || expired) return null;

  // The code's total is known once the worker's manifest is read: until then nothing counts as done.
  const percent =
    code.total > 0 ? Math.floor((100 * (codeDone.done + floor.done)) / (codeDone.total + floor.total)) : 0;
  return (
    <div className={classes.banner} data-state={ready ? 'ready' : 'preparing'}>
      <Paper shadow="sm" radius="xl" px="md" py={6} withBorder className={classes.pill}>
        <Text size="sm" fw={600} data-qa="offline-first-second" role={ready ? 'status' : undefined}>
          {ready
            ? t('offline-first-second-ready')
            : t('offline-first-second-preparing', { percent: String(percent) })}
        </Text>
      </Paper>
    </div>
  );
}

/**
 * The floor data (issue 27): the site's children and frameworks (Add opens with them), today's child
 * register and staff register where the user opens them; the configuration is the session's own. The
 * same queries (keys and fetches) as the screens and the offline preparation (prepareDevice.ts).
 */
function floorQueries(session: Session) {
  const { site } = session;
  const today = todayInZone(now(), site.timeZone);
  return [
    siteChildrenQuery(site.id),
    frameworksQuery(site.id),
    ...(registerPrepared(session) ? [registerDayQuery(site.id, today, true)] : []),
    ...(staffRegisterPrepared(session) ? [staffRegisterDayQuery(site.id, today)] : []),
  ];
}

/**
 * Floor data parts on the device. A device without them fetches them at once, alongside the first
 * screen, rather than a moment after it like the rest of the preparation (useAppSync.ts): the network
 * may go a second after Home appears.
 */
function useFloorData(queryClient: QueryClient, session: Session): { done: number; total: number } {
  const restoring = useIsRestoring();
  const queries = floorQueries(session);
  const keys: QueryKey[] = [CONFIG_QUERY_KEY, ...queries.map((q) => q.queryKey)];
  const { me, site } = session;
  const latestSession = useRef(session);
  latestSession.current = session;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user and site, after the restore
  useEffect(() => {
    if (restoring || getSessionState() !== 'active') return;
    for (const query of floorQueries(latestSession.current)) {
      if (queryClient.getQueryData(query.queryKey) === undefined)
        void queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
    }
  }, [restoring, me.userID, site.id, queryClient]);
  const done = useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => keys.filter((key) => queryClient.getQueryData(key) !== undefined).length,
  );
  return { done, total: keys.length };
}
