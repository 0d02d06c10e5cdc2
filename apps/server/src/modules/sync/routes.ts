import { Id, IdParam, SafeText, SyncDevicesAnswer } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { assertSite, authOf, requirePermission, requireSession } from '../../plugins/auth.ts';
import { countOtherDevicesUnsynced, listOtherDevicesUnsynced, upsertReport } from './queries.ts';

/** The sync screen lists at most this many other devices (a nursery has a handful of tablets). */
export const OTHER_DEVICES_LIMIT = 50;

/** The device id is a random id the web app keeps in localStorage (a UUID today). */
const DeviceID = SafeText.trim().min(8).max(64);
const Count = z.number().int().min(0).max(1_000_000);

/**
 * The sync screen's reports (spec 000 §2 drafts alert "other staff have unsynced observations"): each
 * device reports its outbox counts after a sync; the drafts list asks how many other devices at the
 * site still hold unsynced events.
 */
export async function syncRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/sync/report',
    {
      preHandler: requireSession,
      schema: {
        tags: ['sync'],
        summary: "Report this device's unsynced counts (one row per device, the latest wins)",
        body: z.object({
          deviceID: DeviceID,
          siteID: Id.optional(),
          unsyncedEvents: Count,
          unsyncedMedia: Count,
        }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
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
  );

  api.get(
    '/api/v1/sync/others',
    {
      preHandler: requireSession,
      schema: {
        tags: ['sync'],
        summary: 'How many other devices at the site hold unsynced events (reported in the last 7 days)',
        querystring: z.object({
          siteID: IdParam,
          deviceID: DeviceID.optional(),
        }),
        response: { 200: z.object({ otherDevicesUnsynced: z.number().int() }) },
      },
    },
    async (request) => {
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
  );

  api.get(
    '/api/v1/sync/devices',
    {
      preHandler: requirePermission('viewDeviceSync'),
      schema: {
        tags: ['sync'],
        summary:
          'Other devices at the site holding unsynced events (reported in the last 7 days), with whose work',
        querystring: z.object({
          siteID: IdParam,
          deviceID: DeviceID.optional(),
        }),
        response: { 200: SyncDevicesAnswer },
      },
    },
    async (request) => {
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
  );
}
