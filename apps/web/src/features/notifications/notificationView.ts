// Pure helpers of the notifications screens (unit-tested in notificationView.test.ts).
import type { NotificationConfigAnswer, NotificationTypeSetting } from '@nursery/domain/home';

/** The user's choice per type id: the methods switched on. */
export type Choices = ReadonlyMap<number, readonly number[]>;

export const choicesOf = (config: NotificationConfigAnswer): Choices =>
  new Map(config.types.map((t) => [t.id, [...t.methodIDs]]));

/** Turns one method of one type on or off (kept sorted, so equal choices compare equal). */
export function toggleChoice(choices: Choices, typeId: number, methodId: number, on: boolean): Choices {
  const next = new Map(choices);
  const current = new Set(choices.get(typeId) ?? []);
  if (on) current.add(methodId);
  else current.delete(methodId);
  next.set(
    typeId,
    [...current].sort((a, b) => a - b),
  );
  return next;
}

const same = (a: readonly number[] = [], b: readonly number[] = []) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

type Body = { types: { id: number; methodIDs: (1 | 2 | 4)[] }[] };

/**
 * The saves a change needs: the changed general types (PUT notifications) and the changed event types
 * (PUT eventNotifications); a group without a change is not sent (null).
 */
export function settingsSaves(
  types: readonly NotificationTypeSetting[],
  saved: Choices,
  choices: Choices,
): { general: Body | null; event: Body | null } {
  const changed = (group: 'general' | 'event') =>
    types
      .filter((t) => t.group === group && !same(saved.get(t.id), choices.get(t.id)))
      .map((t) => ({ id: t.id, methodIDs: [...(choices.get(t.id) ?? [])] as (1 | 2 | 4)[] }));
  const general = changed('general');
  const event = changed('event');
  return {
    general: general.length ? { types: general } : null,
    event: event.length ? { types: event } : null,
  };
}

/** The distinct notification names of the user's types, for the page's filter (in the types' order). */
export function typeFilterOptions(
  types: readonly { code: string; name: string }[],
  names: readonly string[],
) {
  const known = new Set(names);
  return types.filter((t) => known.has(t.code)).map((t) => ({ value: t.code, label: t.name }));
}
