// The Spotlight editor's reads (spec 001; issue 16), shared by the GraphQL resolvers: the add
// setup, one event as the editor loads it, the checkpoint lists and the previous-spotlights panel.
// The save is save.ts.
import { GRADING_CEILING, SITE_TIME_ZONE_DEFAULT, SPOTLIGHT_CHILD_MAX } from '@nursery/domain/common';
import {
  isSpotlightTag,
  SPOTLIGHT_TYPE_NAMES,
  TWO_YEAR_CODE_KEY,
  textLimitKindOf,
} from '@nursery/domain/events';
import {
  type CheckpointTab,
  PREVIOUS_SPOTLIGHTS_PAGE_MAX,
  PREVIOUS_SPOTLIGHTS_PAGE_SIZE,
  type SpotlightEvent,
  type SpotlightSetup,
  spotlightTextLimits,
} from '@nursery/domain/spotlight';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { cursorCodec, cursorId, isoMicrosText, keysetPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { eventRecord } from '../../lib/record-audit.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import { childrenFor, eventParts, loadEventPolicy, visibleEventById } from '../events/index.ts';
import { existingEventSaveStatuses, newEventSaveStatuses, spotlightPermittedActions } from './policy.ts';
import {
  checkpointNoteView,
  checkpointView,
  childConsiderationView,
  childEventView,
  labelOfTab,
  spotlightEventView,
} from './presenter.ts';
import {
  birthToFiveUsable,
  checkpointNotesOf,
  checkpointsOf,
  considerationCountOfChild,
  considerationsOfChild,
  eventCountOfChildAndType,
  eventsOfChildAndType,
  gradingCounts,
  type PagePosition,
  spotlightParts,
} from './queries.ts';

/** spotlightSetup: the spotlight types the user may add at the site, and the editor's switches. */
export async function spotlightSetup(
  deps: AppDeps,
  auth: AuthContext,
  siteID?: number | null,
): Promise<SpotlightSetup> {
  const siteId = siteID ?? auth.siteId;
  if (siteId == null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
  if (!mayUseSite(auth, siteId)) throw notFound('Site not found.');
  const { db } = deps;
  const flags = auth.providerFlags;
  const [policy, b5] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    birthToFiveUsable(db, auth.providerId, siteId),
  ]);
  const types = policy.config.eventTypes
    .filter((t) => t.enabled && isSpotlightTag(t.tag))
    .map((t) => ({ t, saveStatusIDs: newEventSaveStatuses(policy, t.id) }))
    .filter((x) => x.saveStatusIDs.length > 0)
    .sort((a, b) => (a.t.tag === 'snapshot' ? 0 : 1) - (b.t.tag === 'snapshot' ? 0 : 1))
    .map(({ t, saveStatusIDs }) => {
      const tag = t.tag as 'snapshot' | 'learningStory';
      const codes = t.codes.filter((c) => c.enabled);
      return {
        id: t.id,
        type: tag,
        name: SPOTLIGHT_TYPE_NAMES[tag],
        codes: codes.map((c) => ({ id: c.id, value: c.value })),
        twoYearCodeIDs: codes.filter((c) => c.key === TWO_YEAR_CODE_KEY).map((c) => c.id),
        addMedia: t.addMedia,
        addPhoto: t.addPhoto,
        addVideo: t.addVideo,
        saveStatusIDs,
        textLimits: spotlightTextLimits(flags, textLimitKindOf(tag, null)),
      };
    });
  const enableBirthToFive = flags.enableBirthToFive === true && b5;
  return {
    siteID: siteId,
    types,
    anyContactGroupCanAddNotes: flags.anyContactGroupCanAddNotes === true,
    enableBirthToFive,
    birthToFiveFrameworkID: enableBirthToFive ? '-23' : null,
    publishConsiderations: auth.permissions.publishConsiderations,
    childMax: SPOTLIGHT_CHILD_MAX,
    gradingMax: GRADING_CEILING,
  };
}

/** spotlightEvent: 404 unless a snapshot or learning story the user may see. */
export async function spotlightEvent(deps: AppDeps, auth: AuthContext, id: number): Promise<SpotlightEvent> {
  const { db } = deps;
  if (id <= 0) throw notFound('Event not found.');
  const flags = auth.providerFlags;
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const e = await visibleEventById(db, auth.providerId, policy.visibility(auth.siteIds), id);
  const type = e ? policy.type(e.typeId) : undefined;
  if (!e || !type || !isSpotlightTag(type.tag)) throw notFound('Event not found.');
  const code = type.codes.find((c) => c.id === e.codeId);
  const [parts, spotlight, zone] = await Promise.all([
    eventParts(db, auth.providerId, e.id),
    spotlightParts(db, auth.providerId, e.id),
    siteTimeZone(db, auth.providerId, e.siteId),
  ]);
  const saveStatusIDs = existingEventSaveStatuses(policy, e);
  await deps.readAudit.read(auth, [eventRecord(e)], deps.clock.now());
  return spotlightEventView(
    e,
    type.tag,
    { id: e.codeId, value: code?.value ?? '' },
    parts,
    spotlight,
    zone ?? SITE_TIME_ZONE_DEFAULT,
    spotlightTextLimits(flags, textLimitKindOf(type.tag, code?.key ?? null)),
    spotlightPermittedActions(auth, type, saveStatusIDs, flags),
  );
}

export async function developmentCheckpoints(deps: AppDeps, auth: AuthContext, tab: CheckpointTab | null) {
  const rows = await checkpointsOf(deps.db, auth.providerId, tab ? labelOfTab(tab) : null);
  return rows.map(checkpointView);
}

/** 404 unless the child is the provider's and at one of the user's sites. */
async function assertChild(deps: AppDeps, auth: AuthContext, childId: number) {
  const [kid] = childId > 0 ? await childrenFor(deps.db, auth.providerId, [childId]) : [];
  if (!kid || !mayUseSite(auth, kid.site_id)) throw notFound('Child not found.');
}

export async function checkpointNotes(
  deps: AppDeps,
  auth: AuthContext,
  childId: number,
  tab: CheckpointTab | null,
) {
  const [v] = await Promise.all([visibility(deps, auth), assertChild(deps, auth, childId)]);
  const rows = await checkpointNotesOf(deps.db, auth.providerId, childId, tab ? labelOfTab(tab) : null, v);
  return rows.map(checkpointNoteView);
}

/** The user's visibility rule (what eventDetail would let them open). */
async function visibility(deps: AppDeps, auth: AuthContext) {
  const policy = await loadEventPolicy(deps.db, auth.providerId, auth.staffId);
  return policy.visibility(auth.siteIds);
}

export async function previousGradingCounts(
  deps: AppDeps,
  auth: AuthContext,
  childId: number,
  typeIds: number[],
) {
  await assertChild(deps, auth, childId);
  if (typeIds.length === 0) return [];
  const rows = await gradingCounts(
    deps.db,
    auth.providerId,
    childId,
    [...new Set(typeIds)],
    await visibility(deps, auth),
  );
  return rows.map((r) => ({ itemID: r.item_id, value: r.value, count: r.count }));
}

/* ------------------------------------------------------------------------- pages */

/** The editor's lists' position: lib/cursor.ts, the tuple [at, id]. */
const pageCursor = cursorCodec(
  z.tuple([isoMicrosText, cursorId]),
  (p: PagePosition) => [p.at, p.id],
  ([at, id]) => ({ at, id }),
);
const encodePage = (p: PagePosition) => pageCursor.encode(p);
const decodePage = (cursor: string | null | undefined): PagePosition | null =>
  cursor == null || cursor === '' ? null : pageCursor.decode(cursor);

function pageLimit(limit: number | null | undefined): number {
  const n = limit ?? PREVIOUS_SPOTLIGHTS_PAGE_SIZE;
  if (n < 1 || n > PREVIOUS_SPOTLIGHTS_PAGE_MAX)
    throw new AppError(
      400,
      'err-invalid-request',
      `limit must be between 1 and ${PREVIOUS_SPOTLIGHTS_PAGE_MAX}.`,
    );
  return n;
}

export async function considerationsForChild(
  deps: AppDeps,
  auth: AuthContext,
  args: { childID: number; cursor?: string | null; limit?: number | null },
) {
  const limit = pageLimit(args.limit);
  const after = decodePage(args.cursor);
  await assertChild(deps, auth, args.childID);
  const rows = await considerationsOfChild(
    deps.db,
    auth.providerId,
    args.childID,
    await visibility(deps, auth),
    limit,
    after,
  );
  const { page, next } = keysetPage(rows, limit, (last) => encodePage({ at: last.created, id: last.id }));
  return {
    items: page.map(childConsiderationView),
    nextCursor: next,
  };
}

export async function considerationCountForChild(deps: AppDeps, auth: AuthContext, childId: number) {
  await assertChild(deps, auth, childId);
  return considerationCountOfChild(deps.db, auth.providerId, childId, await visibility(deps, auth));
}

export async function eventsByChildAndType(
  deps: AppDeps,
  auth: AuthContext,
  args: { childID: number; typeID: number; cursor?: string | null; limit?: number | null },
) {
  const limit = pageLimit(args.limit);
  const after = decodePage(args.cursor);
  await assertChild(deps, auth, args.childID);
  const rows = await eventsOfChildAndType(
    deps.db,
    auth.providerId,
    args.childID,
    args.typeID,
    await visibility(deps, auth),
    limit,
    after,
  );
  const { page, next } = keysetPage(rows, limit, (last) =>
    encodePage({ at: last.raised_text, id: Number(last.id) }),
  );
  const read = page.map((r) => eventRecord({ id: Number(r.id), childId: args.childID }));
  await deps.readAudit.read(auth, read, deps.clock.now());
  return {
    items: page.map(childEventView),
    nextCursor: next,
  };
}

export async function eventCountByChildAndType(
  deps: AppDeps,
  auth: AuthContext,
  childId: number,
  typeId: number,
) {
  await assertChild(deps, auth, childId);
  return eventCountOfChildAndType(deps.db, auth.providerId, childId, typeId, await visibility(deps, auth));
}
