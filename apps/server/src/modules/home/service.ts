// GET api/v1/home/overview (spec 002 §2 Home, §3 Agenda day, §7 "Home overview by site and room"):
// the agenda of today to 2 days ahead, today's bookings per room and the due-in count, in one answer
// so Home (and its offline copy) is one request.
import {
  addDays,
  type CalendarDate,
  homeFetchRange,
  todayInZone,
  zonedDateTime,
} from '@nursery/domain/common';
import {
  HOME_DAYS_AHEAD,
  type HomeOverviewAnswer,
  reminderNotesLimit,
  yearlyDayKeys,
} from '@nursery/domain/home';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { loadEventPolicy } from '../events/index.ts';
import { canEditReminders, reminderEditable, reminderKind, seesRegister } from './policy.ts';
import { agendaDays, reminderViews, roomBookings } from './presenter.ts';
import {
  bookingsInRange,
  closuresInRange,
  countDueIn,
  dueEvents,
  homeSite,
  siteRooms,
  yearlyChildren,
} from './queries.ts';

export async function homeOverview(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  auth: AuthContext,
  siteID: number,
): Promise<HomeOverviewAnswer> {
  const siteId = assertSite(auth, siteID);
  const site = await homeSite(db, auth.providerId, siteId);
  if (!site) throw notFound('Site not found.');
  const now = clock.now();
  const today = todayInZone(now, site.timeZone);
  const { from, to } = homeFetchRange(today, HOME_DAYS_AHEAD);
  const days: CalendarDate[] = Array.from({ length: HOME_DAYS_AHEAD + 1 }, (_, i) => addDays(from, i));
  const start = zonedDateTime(from, '00:00', site.timeZone);
  const end = zonedDateTime(addDays(to, 1), '00:00', site.timeZone);

  const register = seesRegister(auth.permissions, site.registersEnabled);
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const visibility = policy.visibility(auth.siteIds);
  const flags = auth.providerFlags;
  const [rooms, yearly, bookings, events, closures, dueIn] = await Promise.all([
    siteRooms(db, auth.providerId, siteId),
    yearlyChildren(db, auth.providerId, siteId, from, to, [...yearlyDayKeys(days).keys()]),
    bookingsInRange(db, auth.providerId, siteId, from, to),
    dueEvents(db, auth.providerId, siteId, start, end, site.timeZone, visibility),
    closuresInRange(db, auth.providerId, siteId, from, to),
    register ? countDueIn(db, auth.providerId, siteId, today) : null,
  ]);

  const kind = reminderKind(policy);
  const editReminders = canEditReminders(flags, kind);
  const bookingsToday = register ? roomBookings(today, bookings, rooms) : null;

  return {
    siteID: siteId,
    date: today,
    fetchedAt: now.toISOString(),
    dueIn,
    rooms,
    days: agendaDays({ days, yearly, bookings, events, closures }),
    bookings: bookingsToday,
    reminders: reminderViews(events, (e) => reminderEditable(policy, editReminders, e)),
    notesCharacterLimit: reminderNotesLimit(flags),
    permittedActions: {
      addReminder: auth.permissions.addEvents === true && kind !== null,
      editReminders,
    },
  };
}
