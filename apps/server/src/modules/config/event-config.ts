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

/**
 * Event types with codes, and the user's own-event and others'-event role ids per type (the union
 * over the user's permission roles), plus the event roles and transitions those ids refer to.
 */
export async function loadEventConfig(db: Db, providerId: number, staffId: number | null) {
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
