/**
 * "Prepare this device for offline use" (issue 13): after login and on every site change, fetch into
 * the persisted read cache everything capture needs, with the very query keys and fetches the screens
 * use (their `queryOptions`), and cache the children's photos. Loaded lazily by useAppSync.
 */

import { todayInZone } from '@nursery/domain/common';
import { MEDICATION_CHILD_SETUPS_MAX } from '@nursery/domain/events';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { BUSY_RETRIES, busyDelayMs, isBusyStatus, pause } from '../../lib/offline/busyAnswer';
import { warmPhotoCache } from '../../lib/offline/photoCache';
import { setPreparationState } from '../../lib/offline/preparation';
import type { Session } from '../auth';
import { draftsListQuery, storedDraftsSearchQuery } from '../drafts';
import { emergencyListQuery } from '../emergency';
import { eventDetailQuery, frameworksQuery, mealsQuery, siteChildrenQuery } from '../events';
import { homeOverviewQuery } from '../home';
import { medicationSetupQuery, prepareMedicationChildren } from '../medication';
import { registerDayQuery } from '../register';
import {
  checkpointsQuery,
  favouriteFrameworksQuery,
  maySeeSpotlight,
  spotlightSetupQuery,
} from '../spotlight';
import { siteStaffQuery } from '../staff';
import { staffRegisterDayQuery } from '../staff-register';
import {
  childPhotoPath,
  eventsToPrepare,
  isSkippedStatus,
  medicationChildrenToPrepare,
  medicationPrepared,
  nextReadiness,
  type OfflineReadiness,
  offlineReadyKey,
  photosToPrepare,
  REFERENCE_STEPS,
  registerPrepared,
  staffRegisterPrepared,
} from './preparePlan';

/** Event details fetched at once while preparing (in the background: slots stay for the screen). */
const DETAIL_CONCURRENCY = 2;
/** A detail fetched this recently (e.g. by a screen just opened) is not fetched again. */
const DETAIL_FRESH_MS = 60_000;

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Runs one preparation of the session's site. Progress goes to lib/offline/preparation.ts; the result
 * is recorded under `['offline-ready', siteID]` (persisted) when done. `signal` stops it between steps
 * (a site change or logout starts or ends another).
 */
export async function prepareDevice(
  queryClient: QueryClient,
  session: Session,
  signal: AbortSignal,
): Promise<OfflineReadiness | null> {
  const siteID = session.site.id;
  let total: number = REFERENCE_STEPS.length;
  let done = 0;
  let failed = 0;
  const report = () => {
    if (signal.aborted) return;
    setPreparationState({ status: 'running', siteID, done, total, failed, finishedAt: null });
  };
  const step = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          // A busy server is asked again shortly: a preparation is not "partly ready" for that.
          if (!isApiError(error) || !isBusyStatus(error.status) || attempt >= BUSY_RETRIES || signal.aborted)
            throw error;
          await pause(busyDelayMs(null, attempt), signal);
        }
      }
    } catch (error) {
      if (!isApiError(error) || !isSkippedStatus(error.status)) failed += 1;
      return null;
    } finally {
      done += 1;
      report();
    }
  };
  report();

  const tagOfType = (typeID: number) => session.config.eventTypes.find((t) => t.id === typeID)?.tag;
  let photos = 0;
  let events = 0;

  const childrenAndPhotos = step(() => queryClient.fetchQuery(siteChildrenQuery(siteID))).then(
    async (children) => {
      if (!children || signal.aborted) return children;
      const ids = photosToPrepare(children, session.config.keyChildren);
      total += ids.length;
      report();
      const warmed = await warmPhotoCache(ids.map(childPhotoPath), {
        signal,
        onEach: () => {
          done += 1;
          report();
        },
      });
      photos = warmed.stored;
      failed += warmed.failed;
      return children;
    },
  );

  const draftsAndDetails = step(() =>
    queryClient.fetchInfiniteQuery(draftsListQuery(storedDraftsSearchQuery(session))),
  ).then(async (list) => {
    if (!list || signal.aborted) return;
    const ids = eventsToPrepare(list.pages[0]?.events ?? [], tagOfType);
    total += ids.length;
    report();
    await eachLimited(ids, DETAIL_CONCURRENCY, async (id) => {
      if (signal.aborted) return;
      const ok = await step(() =>
        queryClient.fetchQuery({ ...eventDetailQuery(id), staleTime: DETAIL_FRESH_MS }),
      );
      if (ok) events += 1;
    });
  });

  // Today's register (issue 14), when this user may open it at this site: the screen reads it offline.
  const register = registerPrepared(session)
    ? step(() => queryClient.fetchQuery(registerDayQuery(siteID, todayInZone(now(), session.site.timeZone))))
    : null;
  if (register) {
    total += 1;
    report();
  }
  // Today's staff register (issue 18), for whoever may open it at this site: it opens offline, and
  // check-ins made there wait on the device.
  const staffRegister = staffRegisterPrepared(session)
    ? step(() =>
        queryClient.fetchQuery(staffRegisterDayQuery(siteID, todayInZone(now(), session.site.timeZone))),
      )
    : null;
  if (staffRegister) {
    total += 1;
    report();
  }
  // The emergency contacts list, for whoever may open it (spec 002 §8: it works offline).
  const emergency = session.can('viewChildContacts')
    ? step(() => queryClient.fetchQuery(emergencyListQuery(siteID)))
    : null;
  if (emergency) {
    total += 1;
    report();
  }
  // The Spotlight editor's setup, the development checkpoints and the user's favourite frameworks, for
  // whoever sees Spotlight: a
  // snapshot or learning story can be written offline (kept on the device, saved when back online).
  const spotlight = maySeeSpotlight(session.config)
    ? Promise.all([
        step(() => queryClient.fetchQuery(spotlightSetupQuery(siteID))),
        step(() => queryClient.fetchQuery(checkpointsQuery())),
        step(() => queryClient.fetchQuery(favouriteFrameworksQuery())),
      ])
    : null;
  if (spotlight) {
    total += 3;
    report();
  }

  // The medication form's setup (issue 31): the site's, and every child's (contacts, allergies and
  // medical notes, recent doses), key children first, up to MEDICATION_CHILD_SETUPS_MAX children a call.
  const medication = medicationPrepared(session)
    ? step(() => queryClient.fetchQuery(medicationSetupQuery(siteID, null))).then(async (setup) => {
        const children = await childrenAndPhotos;
        if (!setup || !children || signal.aborted) return;
        const calls = medicationChildrenToPrepare(
          children,
          session.config.keyChildren,
          MEDICATION_CHILD_SETUPS_MAX,
        );
        total += calls.length;
        report();
        for (const ids of calls) {
          if (signal.aborted) return;
          await step(() => prepareMedicationChildren(queryClient, siteID, ids));
        }
      })
    : null;
  if (medication) {
    total += 1;
    report();
  }

  const [children] = await Promise.all([
    childrenAndPhotos,
    step(() => queryClient.fetchQuery(frameworksQuery(siteID))),
    step(() => queryClient.fetchQuery(mealsQuery(siteID))),
    step(() => queryClient.fetchQuery(siteStaffQuery(siteID))),
    // Home's overview (agenda, today's bookings, due in): Home works offline from the first minute.
    step(() => queryClient.fetchQuery(homeOverviewQuery(siteID))),
    draftsAndDetails,
    register,
    staffRegister,
    emergency,
    spotlight,
    medication,
  ]);
  if (signal.aborted) return null;

  const readiness = nextReadiness(queryClient.getQueryData<OfflineReadiness>(offlineReadyKey(siteID)), {
    at: Date.now(),
    children: children?.length ?? 0,
    photos,
    events,
    failed,
  });
  queryClient.setQueryData(offlineReadyKey(siteID), readiness);
  setPreparationState({
    status: failed > 0 ? 'partial' : 'ready',
    siteID,
    done: total,
    total,
    failed,
    finishedAt: readiness.at,
  });
  return readiness;
}
