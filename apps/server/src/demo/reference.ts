// Per-provider reference data that both the demo and an empty install need.

import { PERMISSIONS, type Permission } from '@nursery/domain/common';
import type { EventTag } from '@nursery/domain/events';
import { DEFAULT_EVENT_ROLES, DEFAULT_EVENT_TYPE_ACCESS, DEFAULT_TRANSITIONS } from '@nursery/domain/events';
import {
  ethnicities,
  eventCodes,
  eventRoles,
  eventTransitions,
  eventTypes,
  markOffCategories,
  meals,
  mealTypes,
  notificationTypes,
  portions,
  priorities,
  registerSignatureTypes,
  roleEventRoles,
  roles,
  shiftStatuses,
} from '../db/schema/index.ts';
import { type FrameworkRefs, seedFrameworks } from './frameworks/index.ts';
import { insertMany, type Tx } from './insert.ts';

/** The Practitioner role (DEMO.md): drafts, child check-in/out, own shifts; no publish/approve/settings. */
export const PRACTITIONER_PERMISSIONS: readonly Permission[] = [
  'checkIn',
  'checkOut',
  'viewRegister',
  'checkInSelf',
  'addEvents',
  'viewChildContacts',
  'enableSpotlight',
  'enableEvents',
  'addLearningStyles',
  'tagEventsForDocuments',
  'viewTimeline',
  'receiveEmails',
  'sendMessages',
];

interface TypeDef {
  tag: EventTag;
  value: string;
  media?: 'all' | 'photo';
  canTag?: boolean;
  autoTag?: boolean;
  /** [value, code_key] */
  codes: [string, string | null][];
}

export const EVENT_TYPE_DEFS: TypeDef[] = [
  {
    tag: 'observation',
    value: 'Observation',
    media: 'all',
    canTag: true,
    codes: [
      ['Observation', 'observation'],
      ['Group observation', 'group-observation'],
      ['Parent observation', 'parent-observation'],
    ],
  },
  {
    tag: 'assessment',
    value: 'Assessment',
    media: 'photo',
    canTag: true,
    codes: [
      ['Assessment', 'assessment'],
      ['Two year check', 'two-year-check'],
      ['Baseline assessment', 'baseline-assessment'],
    ],
  },
  { tag: 'snapshot', value: 'Snapshot', media: 'all', canTag: true, codes: [['Snapshot', 'snapshot']] },
  {
    tag: 'learningStory',
    value: 'Learning story',
    media: 'all',
    canTag: true,
    autoTag: true,
    codes: [
      ['Learning story', 'learning-story'],
      ['Two year check', 'two-year-check'],
    ],
  },
  { tag: 'sleep', value: 'Sleep', codes: [['Sleep', 'sleep']] },
  { tag: 'meal', value: 'Meal', codes: [['Meal', 'meal']] },
  {
    tag: 'nappy',
    value: 'Nappy',
    codes: [
      ['Wet', 'wet'],
      ['Soiled', 'soiled'],
      ['Wet and soiled', 'wet-and-soiled'],
      ['Dry', 'dry'],
      ['Used the toilet', 'toilet'],
    ],
  },
  {
    tag: 'accident',
    value: 'Accident',
    media: 'photo',
    codes: [
      ['Accident', 'accident'],
      ['Incident', 'incident'],
      ['Existing injury', 'existing-injury'],
    ],
  },
  { tag: 'medication', value: 'Medication', codes: [['Medication', 'medication']] },
  {
    tag: 'task',
    value: 'Task',
    codes: [
      ['Reminder', 'reminder'],
      ['Task', 'task'],
    ],
  },
  {
    tag: 'generic',
    value: 'Note',
    media: 'all',
    codes: [
      ['General note', 'general-note'],
      ['Phone call', 'phone-call'],
      ['Parent meeting', 'parent-meeting'],
    ],
  },
];

/** The eight notification types of spec 002 §9: [code, name, category, allowed methods]. */
export const NOTIFICATION_TYPE_DEFS: [string, string, 'general' | 'event', number[]][] = [
  ['event-comment', 'Comments on my events', 'event', [1, 2, 4]],
  ['key-group-parent-comment', 'Parent comments on key group events', 'event', [1, 2, 4]],
  ['visible-parent-comment', 'Parent comments on events I can see', 'event', [1, 2, 4]],
  ['in-app-message', 'New message or reply', 'general', [1, 2, 4]],
  ['booking-request', 'Booking requests', 'general', [1, 2]],
  ['parent-observation', 'Parent observations', 'event', [1, 2, 4]],
  ['parent-consideration-acknowledge', 'Parent acknowledgements for considerations', 'event', [1, 2]],
  ['event-published', 'Events published', 'event', [2, 4]],
];

export const MARK_OFF_CATEGORY_DEFS: [string, string][] = [
  ['H', 'Holiday'],
  ['I', 'Illness'],
  ['U', 'Absence unexplained'],
  ['A', 'Appointment'],
  ['F', 'Family reasons'],
  ['C', 'Nursery closure'],
];

export const SHIFT_STATUS_DEFS: [string, string][] = [
  ['W', 'Working'],
  ['S', 'Sick'],
  ['H', 'Holiday'],
  ['T', 'Training'],
  ['A', 'Absent'],
  ['U', 'Unpaid leave'],
];

/** [name, approximate start, approximate end, meals]. */
export const MEAL_TYPE_DEFS: [string, string, string, string[]][] = [
  [
    'Breakfast',
    '08:00',
    '09:00',
    ['Porridge with fruit', 'Wholegrain cereal with milk', 'Toast with butter'],
  ],
  ['Morning snack', '10:00', '10:30', ['Fruit and rice cakes', 'Breadsticks and hummus']],
  [
    'Lunch',
    '11:30',
    '12:30',
    ["Shepherd's pie", 'Vegetable lasagne', 'Fish pie with peas', 'Chicken casserole'],
  ],
  ['Afternoon snack', '14:30', '15:00', ['Vegetable sticks', 'Crackers and cheese', 'Yoghurt']],
  ['Tea', '16:00', '17:00', ['Sandwiches', 'Jacket potato with beans', 'Pasta salad']],
];
export const PORTION_NAMES = ['None', 'Some', 'Most', 'All', 'Seconds'];

const ETHNICITY_NAMES = [
  'White - British',
  'White - Irish',
  'White - Any other White background',
  'Mixed - White and Black Caribbean',
  'Mixed - White and Asian',
  'Mixed - Any other mixed background',
  'Asian or Asian British - Indian',
  'Asian or Asian British - Pakistani',
  'Asian or Asian British - Bangladeshi',
  'Black or Black British - African',
  'Black or Black British - Caribbean',
  'Chinese',
  'Any other ethnic group',
  'Not provided',
];

export interface RefData {
  typeIds: Record<EventTag, number>;
  /** Code id by `${tag}:${code_key}`. */
  codeIds: Map<string, number>;
  roleIds: { manager: number; practitioner: number };
  markOffIds: Record<string, number>;
  shiftStatusIds: Record<string, number>;
  priorityIds: number[];
  mealTypes: { id: number; name: string; start: string; end: string; mealIds: number[] }[];
  portionIds: number[];
  notificationTypeIds: Record<string, number>;
  signatureTypeIds: { dropOff: number; pickUp: number };
  ethnicityIds: number[];
  frameworks: FrameworkRefs;
}

const byKey = <T extends { id: number }>(rows: T[], key: (r: T) => string) =>
  Object.fromEntries(rows.map((r) => [key(r), r.id])) as Record<string, number>;

/** Seeds the reference data of one provider and answers the ids the demo needs. */
export async function seedReferenceData(tx: Tx, providerId: number): Promise<RefData> {
  // Event types and codes.
  const types = await tx
    .insert(eventTypes)
    .values(
      EVENT_TYPE_DEFS.map((t, i) => ({
        providerId,
        tag: t.tag,
        value: t.value,
        addMedia: t.media === 'all',
        addPhoto: t.media != null,
        addVideo: t.media === 'all',
        canTag: t.canTag ?? false,
        autoTag: t.autoTag ?? false,
        sortOrder: i,
      })),
    )
    .returning({ id: eventTypes.id, tag: eventTypes.tag });
  const typeIds = byKey(types, (t) => t.tag) as Record<EventTag, number>;
  const codes = await tx
    .insert(eventCodes)
    .values(
      EVENT_TYPE_DEFS.flatMap((t) =>
        t.codes.map(([value, codeKey], i) => ({
          providerId,
          typeId: typeIds[t.tag],
          value,
          codeKey,
          sortOrder: i,
        })),
      ),
    )
    .returning({ id: eventCodes.id, typeId: eventCodes.typeId, codeKey: eventCodes.codeKey });
  const tagById = new Map(types.map((t) => [t.id, t.tag]));
  const codeIds = new Map(codes.map((c) => [`${tagById.get(c.typeId)}:${c.codeKey}`, c.id]));

  // Event roles and transitions (the dataset of @nursery/domain).
  await insertMany(
    tx,
    eventTransitions,
    DEFAULT_TRANSITIONS.map((t) => ({
      providerId,
      id: t.id,
      fromStatusId: t.fromStatusID,
      toStatusId: t.toStatusID,
    })),
  );
  await insertMany(
    tx,
    eventRoles,
    DEFAULT_EVENT_ROLES.map((r) => ({
      providerId,
      id: r.id,
      name: r.name ?? `Role ${r.id}`,
      viewStatusIds: [...r.viewStatusIDs],
      editStatusIds: [...r.editStatusIDs],
      transitionIds: [...r.transitionIDs],
    })),
  );

  // Permission roles and their event roles per event type.
  const roleRows = await tx
    .insert(roles)
    .values([
      { providerId, name: 'Manager', permissions: [...PERMISSIONS] },
      { providerId, name: 'Practitioner', permissions: [...PRACTITIONER_PERMISSIONS] },
    ])
    .returning({ id: roles.id, name: roles.name });
  const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;
  const roleIds = { manager: roleId('Manager'), practitioner: roleId('Practitioner') };
  const mapping: (typeof roleEventRoles.$inferInsert)[] = [];
  for (const type of types) {
    for (const [roleId, access] of [
      [roleIds.manager, DEFAULT_EVENT_TYPE_ACCESS.manager],
      [roleIds.practitioner, DEFAULT_EVENT_TYPE_ACCESS.practitioner],
    ] as const) {
      for (const id of access.ownRoleIDs)
        mapping.push({ providerId, roleId, eventTypeId: type.id, scope: 'own', eventRoleId: id });
      for (const id of access.othersRoleIDs)
        mapping.push({ providerId, roleId, eventTypeId: type.id, scope: 'others', eventRoleId: id });
    }
  }
  await insertMany(tx, roleEventRoles, mapping);

  // Registers and staff registers.
  const cats = await tx
    .insert(markOffCategories)
    .values(MARK_OFF_CATEGORY_DEFS.map(([code, value], i) => ({ providerId, code, value, sortOrder: i })))
    .returning({ id: markOffCategories.id, code: markOffCategories.code });
  const statuses = await tx
    .insert(shiftStatuses)
    .values(SHIFT_STATUS_DEFS.map(([code, value], i) => ({ providerId, code, value, sortOrder: i })))
    .returning({ id: shiftStatuses.id, code: shiftStatuses.code });
  const sigTypes = await tx
    .insert(registerSignatureTypes)
    .values([
      { providerId, name: 'Drop off', code: 'drop-off' },
      { providerId, name: 'Pick up', code: 'pick-up' },
    ])
    .returning({ id: registerSignatureTypes.id, code: registerSignatureTypes.code });
  const prio = await tx
    .insert(priorities)
    .values(['Normal', 'High', 'Low'].map((name, i) => ({ providerId, name, sortOrder: i })))
    .returning({ id: priorities.id, sortOrder: priorities.sortOrder });

  // Meals.
  const portionRows = await tx
    .insert(portions)
    .values(PORTION_NAMES.map((name, i) => ({ providerId, name, sortOrder: i })))
    .returning({ id: portions.id, sortOrder: portions.sortOrder });
  const portionIds = portionRows.sort((a, b) => a.sortOrder - b.sortOrder).map((p) => p.id);
  const mealTypeRows = await tx
    .insert(mealTypes)
    .values(
      MEAL_TYPE_DEFS.map(([name, approximateTime, approximateEndTime], i) => ({
        providerId,
        name,
        approximateTime,
        approximateEndTime,
        sortOrder: i,
      })),
    )
    .returning({ id: mealTypes.id, name: mealTypes.name });
  const mealTypeId = (name: string) => mealTypeRows.find((m) => m.name === name)!.id;
  const mealRows = await tx
    .insert(meals)
    .values(
      MEAL_TYPE_DEFS.flatMap(([, , , names], ti) =>
        names.map((name, i) => ({
          providerId,
          mealTypeId: mealTypeId(MEAL_TYPE_DEFS[ti][0]),
          name,
          portionIds,
          sortOrder: i,
        })),
      ),
    )
    .returning({ id: meals.id, mealTypeId: meals.mealTypeId });

  const notif = await tx
    .insert(notificationTypes)
    .values(
      NOTIFICATION_TYPE_DEFS.map(([code, name, category, allowed], i) => ({
        providerId,
        code,
        name,
        category,
        allowedMethodIds: allowed,
        defaultMethodIds: [2],
        sortOrder: i,
      })),
    )
    .returning({ id: notificationTypes.id, code: notificationTypes.code });

  const eth = await tx
    .insert(ethnicities)
    .values(ETHNICITY_NAMES.map((name) => ({ providerId, name })))
    .returning({ id: ethnicities.id });

  const fw = await seedFrameworks(tx, providerId, typeIds);

  return {
    typeIds,
    codeIds,
    roleIds,
    markOffIds: byKey(cats, (c) => c.code),
    shiftStatusIds: byKey(statuses, (s) => s.code),
    priorityIds: prio.sort((a, b) => a.sortOrder - b.sortOrder).map((p) => p.id),
    mealTypes: MEAL_TYPE_DEFS.map(([name, start, end]) => ({
      id: mealTypeId(name),
      name,
      start,
      end,
      mealIds: mealRows.filter((m) => m.mealTypeId === mealTypeId(name)).map((m) => m.id),
    })),
    portionIds,
    notificationTypeIds: byKey(notif, (n) => n.code),
    signatureTypeIds: {
      dropOff: sigTypes.find((s) => s.code === 'drop-off')!.id,
      pickUp: sigTypes.find((s) => s.code === 'pick-up')!.id,
    },
    ethnicityIds: eth.map((e) => e.id),
    frameworks: fw,
  };
}
