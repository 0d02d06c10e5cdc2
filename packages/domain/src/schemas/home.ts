/**
 * The Home screen's overview (spec 002 §2 Home, §3 Agenda day and Event (reminder), §7 "Home overview
 * by site and room", §9 fetch range today to 2 days ahead) and the reminder saves (§4 Reminders and
 * drafts, §5 Reminders, §6 addEvents / canEditReminders, §7 POST events).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { childAvatarFields, personCardFields } from './personFields.ts';
import { Id, IdParam, Instant, IsoDate, SafeText } from './primitives.ts';

export const HomeOverviewQuery = z.object({ siteID: IdParam });
export type HomeOverviewQuery = z.infer<typeof HomeOverviewQuery>;

export const AGENDA_ITEM_TYPES = [
  'anniversary',
  'birthday',
  'absence',
  'eventDue',
  'joiningSessionGroup',
  'leavingSessionGroup',
  'siteClosure',
] as const;
export const AgendaItemType = z.enum(AGENDA_ITEM_TYPES);
export type AgendaItemType = z.infer<typeof AgendaItemType>;

export const AGENDA_ITEM_STYLES = ['info', 'success', 'warning', 'danger'] as const;
export const AgendaItemStyle = z.enum(AGENDA_ITEM_STYLES);
export type AgendaItemStyle = z.infer<typeof AgendaItemStyle>;

/** A child as the widgets show one (avatar, name, age, room). */
export const HomeChild = z.object({
  ...childAvatarFields,
});
export type HomeChild = z.infer<typeof HomeChild>;

export const HomeStaff = z.object({
  ...personCardFields,
});
export type HomeStaff = z.infer<typeof HomeStaff>;

/**
 * One line of an agenda day: about a child, a staff member, or the site (a closure). `notes` is the
 * reminder's notes, the session group's name, the mark-off category or the closure's reason; `years`
 * the age reached (birthday) or the years at the nursery (anniversary). `eventID` names the event of
 * an eventDue item (a reminder when it is one of `reminders`).
 */
export const AgendaItem = z.object({
  type: AgendaItemType,
  child: HomeChild.nullable(),
  staff: HomeStaff.nullable(),
  style: AgendaItemStyle,
  notes: z.string().nullable(),
  /** '#/child/{id}', '#/staff/{id}' or '#/edit/{id}'; null for a site closure. */
  link: z.string().nullable(),
  eventID: Id.nullable(),
  years: z.number().int().min(0).nullable(),
});
export type AgendaItem = z.infer<typeof AgendaItem>;

export const AgendaCounts = z.object({
  anniversary: z.number().int().min(0),
  birthday: z.number().int().min(0),
  eventDue: z.number().int().min(0),
  absence: z.number().int().min(0),
});
export type AgendaCounts = z.infer<typeof AgendaCounts>;

export const AgendaDay = z.object({
  date: IsoDate,
  counts: AgendaCounts,
  items: z.array(AgendaItem),
});
export type AgendaDay = z.infer<typeof AgendaDay>;

export const BOOKING_STATES = ['due', 'in', 'left', 'off'] as const;
export const BookingState = z.enum(BOOKING_STATES);
export type BookingState = z.infer<typeof BookingState>;

/** A child booked today in a room: the day's first start and last end, and where they are now. */
export const BookedChild = HomeChild.extend({
  state: BookingState,
  start: z.string(),
  end: z.string(),
});
export type BookedChild = z.infer<typeof BookedChild>;

export const RoomBookings = z.object({
  /** Null: bookings without a room. */
  roomID: Id.nullable(),
  name: z.string().nullable(),
  counts: z.object({
    booked: z.number().int().min(0),
    due: z.number().int().min(0),
    in: z.number().int().min(0),
    left: z.number().int().min(0),
    off: z.number().int().min(0),
  }),
  children: z.array(BookedChild),
});
export type RoomBookings = z.infer<typeof RoomBookings>;

/** A reminder due in the range, as the edit form needs it. */
export const ReminderView = z.object({
  id: Id,
  version: z.number().int().min(1),
  statusID: Id,
  /** The due day at the site. */
  due: IsoDate,
  notes: z.string(),
  childIDs: z.array(Id),
  staffIDs: z.array(Id),
  /** canEditReminders and the user's event role may edit it in its status. */
  editable: z.boolean(),
});
export type ReminderView = z.infer<typeof ReminderView>;

export const HomeOverviewAnswer = z.object({
  siteID: Id,
  /** Today at the site (its time zone). */
  date: IsoDate,
  fetchedAt: Instant,
  /** Children booked today, not marked off and not yet checked in; null without viewRegister. */
  dueIn: z.number().int().nullable(),
  rooms: z.array(z.object({ id: Id, name: z.string() })),
  /** The agenda, today to 2 days ahead. */
  days: z.array(AgendaDay),
  /** Today's bookings per room; null without viewRegister or when the site keeps no registers. */
  bookings: z.array(RoomBookings).nullable(),
  reminders: z.array(ReminderView),
  /** The flag notesCharacterLimit (reminder notes), or the default. */
  notesCharacterLimit: z.number().int().min(1),
  permittedActions: z.object({
    /** addEvents and a reminder event type/code set up. */
    addReminder: z.boolean(),
    /** canEditReminders: the flag and an enabled task type. */
    editReminders: z.boolean(),
  }),
});
export type HomeOverviewAnswer = z.infer<typeof HomeOverviewAnswer>;

export const getHomeOverview = defineRoute({
  ...routes.getHomeOverview,
  summary: "Home: the agenda (today to 2 days ahead), today's bookings per room and the due-in count",
  tags: ['home'],
  querystring: HomeOverviewQuery,
  response: { 200: HomeOverviewAnswer },
});

/** Subjects of a reminder: children or staff (spec 002 §3 Event (reminder)). */
export const ReminderSubject = z.union([
  z.object({ childID: Id }).strict(),
  z.object({ staffID: Id }).strict(),
]);
export type ReminderSubject = z.infer<typeof ReminderSubject>;

const ReminderFields = {
  siteID: Id,
  subjects: z.array(ReminderSubject).max(200),
  /** The due day (site time zone), today or later. */
  due: IsoDate,
  /** Trimmed with blank lines collapsed by the server; limit from the flag notesCharacterLimit. */
  notes: SafeText.max(10_000),
  priorityID: Id.optional(),
};

/**
 * POST api/v1/events (spec 002 §7 "POST events" for a reminder). `typeID`/`codeID` default to the
 * enabled task type's enabled Reminder code; when sent they must be those. `uuid` makes a retry safe.
 */
export const ReminderCreatePayload = z.object({
  uuid: z.uuid().optional(),
  typeID: Id.optional(),
  codeID: Id.optional(),
  ...ReminderFields,
});
export type ReminderCreatePayload = z.infer<typeof ReminderCreatePayload>;

export const ReminderUpdatePayload = z.object({ version: z.number().int().min(1), ...ReminderFields });
export type ReminderUpdatePayload = z.infer<typeof ReminderUpdatePayload>;

export const ReminderSaved = z.object({ id: Id, version: z.number().int().min(1), statusID: Id });
export type ReminderSaved = z.infer<typeof ReminderSaved>;

export const postReminder = defineRoute({
  ...routes.postReminder,
  summary: 'Add a reminder (a task event with the Reminder code) about children or staff',
  tags: ['home'],
  body: ReminderCreatePayload,
  response: { 200: ReminderSaved, 201: ReminderSaved },
});

export const ReminderParams = z.object({ id: IdParam });

export const putReminder = defineRoute({
  ...routes.putReminder,
  summary: "Edit a reminder's subjects, due day and notes (canEditReminders)",
  tags: ['home'],
  params: ReminderParams,
  body: ReminderUpdatePayload,
  response: { 200: ReminderSaved },
});
