import { getSyncOthers, listSyncDevices, reportSync } from '@nursery/domain/offline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { assertSite, authOf, requirePermission, requireSession } from '../../plugins/auth.ts';
import { countOtherDevicesUnsynced, listOtherDevicesUnsynced, upsertReport } from './queries.ts';

/** The sync screen lists at most this many other devices (a nursery has a handful of tablets). */
export const OTHER_DEVICES_LIMIT = 50;

/**
 * The sync screen's reports (spec 000 §2 drafts alert "other staff have unsynced observations"): each
 * device reports its outbox counts after a sync; the drafts list asks how many other devices at the
 * site still hold unsynced events.
 */
export async function syncRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...contractRoute(reportSync),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const body = request.body;
      const siteId = body.siteID !== undefined ? assertSite(auth, body.siteID) : auth.siteId;
      await upsertReport(
        db,
        {
          providerId: auth.providerId,
          deviceId: body.deviceID,
          userId: auth.userId,
          siteId,
          unsyncedEvents: body.unsyncedEvents,
          unsyncedMedia: body.unsyncedMedia,
        },
        clock.now(),
      );
      return { ok: true as const };
    },
  });

  api.route({
    ...contractRoute(getSyncOthers),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const siteId = assertSite(auth, request.query.siteID);
      const n = await countOtherDevicesUnsynced(
        db,
        auth.providerId,
        siteId,
        request.query.deviceID ?? '',
        clock.now(),
      );
      return { otherDevicesUnsynced: n };
    },
  });

  api.route({
    ...contractRoute(listSyncDevices),
    preHandler: requirePermission('viewDeviceSync'),
    handler: async (request) => {
      const auth = authOf(request);
      const siteId = assertSite(auth, request.query.siteID);
      const devices = await listOtherDevicesUnsynced(
        db,
        auth.providerId,
        siteId,
        request.query.deviceID ?? '',
        clock.now(),
        OTHER_DEVICES_LIMIT,
      );
      return { devices };
    },
  });
}
