import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  eventCodes,
  eventRoles,
  eventTransitions,
  eventTypes,
  roleEventRoles,
  staffRoles,
} from '../../db/schema/index.ts';
import type { CacheOnBus } from '../../lib/cache-bus.ts';

/**
 * Event types with codes, and the user's own-event and others'-event role ids per type (the union
 * over the user's permission roles), plus the event roles and transitions those ids refer to.
 */
export async function loadEventConfig(db: Db, providerId: number, staffId: number | null) {
  if (cacheMs <= 0 || paused.has(db)) return readEventConfig(db, providerId, staffId);
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const key = `${providerId}:${staffId ?? ''}`;
  const hit = perDb.get(key);
  const now = Date.now();
  if (hit && now - hit.at < cacheMs) return hit.value;
  const value = readEventConfig(db, providerId, staffId);
  perDb.set(key, { at: now, value });
  // A failed read is not kept: the next request tries again.
  value.catch(() => perDb.delete(key));
  return value;
}

/**
 * The event configuration changes only through settings, yet every save, edit and config call reads
 * it (five statements; about 1 ms each on PGlite). main.ts keeps it for 30 s per provider and staff
 * member; tests and tools that change it in the database leave the cache off (0, the default). A change
 * through the app (a member's roles) calls notifyCacheChange('event-config', providerId) in its
 * transaction, and every instance drops that provider's entries (lib/cache-bus.ts, eventConfigCache).
 */
let cacheMs = 0;
type Cached = { at: number; value: ReturnType<typeof readEventConfig> };
const cache = new WeakMap<Db, Map<string, Cached>>();
/** Databases whose cache bus is not listening: a change elsewhere could go unheard, so nothing is kept. */
const paused = new WeakSet<Db>();

export function setEventConfigCacheMs(ms: number): void {
  cacheMs = ms;
}

export function clearEventConfigCache(db: Db, providerId?: number): void {
  const perDb = cache.get(db);
  if (!perDb) return;
  if (providerId === undefined) perDb.clear();
  else for (const key of [...perDb.keys()]) if (key.startsWith(`${providerId}:`)) perDb.delete(key);
}

/** The event configuration's cache of `db` as the cache bus drives it (a key is a provider's id). */
export function eventConfigCache(db: Db): CacheOnBus {
  return {
    drop: (key) => clearEventConfigCache(db, /^\d+$/.test(key) ? Number(key) : undefined),
    reset(live) {
      clearEventConfigCache(db);
      if (live) paused.delete(db);
      else paused.add(db);
    },
  };
}

async function readEventConfig(db: Db, providerId: number, staffId: number | null) {
  const [types, codes, roleRows, transitions, userEventRoles] = await Promise.all([
    db
      .select()
      .from(eventTypes)
      .where(eq(eventTypes.providerId, providerId))
      .orderBy(asc(eventTypes.sortOrder), asc(eventTypes.id)),
    db
      .select()
      .from(eventCodes)
      .where(eq(eventCodes.providerId, providerId))
      .orderBy(asc(eventCodes.sortOrder), asc(eventCodes.id)),
    db.select().from(eventRoles).where(eq(eventRoles.providerId, providerId)).orderBy(asc(eventRoles.id)),
    db
      .select()
      .from(eventTransitions)
      .where(eq(eventTransitions.providerId, providerId))
      .orderBy(asc(eventTransitions.id)),
    staffId === null
      ? Promise.resolve([])
      : db
          .selectDistinct({
            eventTypeId: roleEventRoles.eventTypeId,
            scope: roleEventRoles.scope,
            eventRoleId: roleEventRoles.eventRoleId,
          })
          .from(roleEventRoles)
          .innerJoin(
            staffRoles,
            and(
              eq(staffRoles.providerId, roleEventRoles.providerId),
              eq(staffRoles.roleId, roleEventRoles.roleId),
            ),
          )
          .where(and(eq(roleEventRoles.providerId, providerId), eq(staffRoles.staffId, staffId))),
  ]);
  const viewable = new Set(roleRows.filter((r) => r.viewStatusIds.length > 0).map((r) => r.id));
  const idsFor = (typeId: number, scope: 'own' | 'others') =>
    [
      ...new Set(
        userEventRoles.filter((r) => r.eventTypeId === typeId && r.scope === scope).map((r) => r.eventRoleId),
      ),
    ].sort((a, b) => a - b);
  return {
    eventTypes: types.map((t) => {
      const ownRoleIDs = idsFor(t.id, 'own');
      const othersRoleIDs = idsFor(t.id, 'others');
      return {
        id: t.id,
        value: t.value,
        tag: t.tag,
        enabled: t.enabled,
        canView: t.enabled && [...ownRoleIDs, ...othersRoleIDs].some((id) => viewable.has(id)),
        addMedia: t.addMedia,
        addPhoto: t.addPhoto,
        addVideo: t.addVideo,
        canTag: t.canTag,
        autoTag: t.autoTag,
        ownRoleIDs,
        othersRoleIDs,
        codes: codes
          .filter((c) => c.typeId === t.id)
          .map((c) => ({ id: c.id, value: c.value, enabled: c.enabled, key: c.codeKey })),
      };
    }),
    eventRoles: roleRows.map((r) => ({
      id: r.id,
      name: r.name,
      viewStatusIDs: r.viewStatusIds,
      editStatusIDs: r.editStatusIds,
      transitionIDs: r.transitionIds,
    })),
    eventTransitions: transitions.map((t) => ({
      id: t.id,
      fromStatusID: t.fromStatusId,
      toStatusID: t.toStatusId,
    })),
  };
}
