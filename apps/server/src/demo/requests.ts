// Pending requests (booking mark-off, change of details, GDPR erasure), notifications and a
// device sync report for the demo provider. Their times are recorded facts: never after now.
import { and, eq } from 'drizzle-orm';
import {
  bookingRequests,
  changeRequests,
  contacts,
  deviceSyncReports,
  gdprErasureRequests,
  notifications,
  userNotificationSettings,
} from '../db/schema/index.ts';
import type { SiteRegisters } from './attendance.ts';
import { addDays } from './dates.ts';
import { insertMany } from './insert.ts';
import type { Ctx, ProviderWorld } from './org.ts';

export interface RequestActors {
  managerEmail: string;
  practitionerEmail: string;
  parentEmail: string;
}

export async function buildRequests(
  ctx: Ctx,
  world: ProviderWorld,
  regs: SiteRegisters[],
  actors: RequestActors,
): Promise<void> {
  const { tx, rnd, today, ids, clock } = ctx;
  const { providerId, ref } = world;
  const manager = world.users.get(actors.managerEmail)!;
  const practitioner = world.users.get(actors.practitionerEmail)!;
  const parent = world.users.get(actors.parentEmail)!;
  // Recorded facts: never after now (today's are moved before it, see DemoNow).
  const at = (daysAgo: number, time: string) => clock.fact(addDays(today, -daysAgo), time);

  // Booking (mark-off) requests on future bookings.
  const rows: (typeof bookingRequests.$inferInsert)[] = [];
  const future = (siteIndex: number) =>
    regs[siteIndex].bookings.filter((b) => b.date > addDays(today, 2) && b.child.contacts.length > 0);
  const parentBooking = regs[0].bookings.find(
    (b) => b.date > addDays(today, 3) && world.parentChildren.some((c) => c.id === b.child.id),
  );
  const request = (
    b: SiteRegisters['bookings'][number],
    personId: number,
    notes: string,
    status: 'pending' | 'approved' | 'declined' = 'pending',
  ) => {
    rows.push({
      providerId,
      id: ids.next('booking_requests'),
      childId: b.child.id,
      personId,
      type: 'MO',
      date: b.date,
      comboId: b.comboId,
      bookingId: b.id,
      requestNotes: notes,
      status,
      responseNotes: status === 'declined' ? 'Please speak to the office about changing this session.' : null,
      markOffCategoryId: status === 'approved' ? ref.markOffIds.H : null,
      decidedByUserId: status === 'pending' ? null : manager.userId,
      decidedAt: status === 'pending' ? null : at(1, '16:00'),
      createdAt: at(rnd.int(1, 4), '09:30'),
    });
  };
  if (parentBooking) request(parentBooking, parent.personId, 'We are away visiting family that day.');
  const oak = future(0);
  const willow = future(1);
  const keyChildBooking = oak.find((b) => b.child.keyStaffId === practitioner.staffId);
  if (keyChildBooking) request(keyChildBooking, practitioner.personId, 'Mum phoned: hospital appointment.');
  const pickDistinct = (list: typeof oak, n: number) =>
    rnd.sample(
      list.filter((b) => !rows.some((r) => r.childId === b.child.id)),
      n,
    );
  for (const b of pickDistinct(oak, 1)) request(b, b.child.contacts[0].personId, 'Holiday');
  for (const b of pickDistinct(willow, 2))
    request(b, b.child.contacts[0].personId, rnd.pick(['Holiday', 'Grandparents visiting']));
  for (const b of pickDistinct(oak, 1))
    request(b, b.child.contacts[0].personId, 'Family wedding', 'declined');
  await insertMany(tx, bookingRequests, rows);

  // Change-of-details requests.
  const otherContact = regs[1].site.children.find((c) => c.contacts.length > 0)!.contacts[0];
  // A contact whose details a third-party system manages (contacts.externally_managed): their change
  // request can only be declined (spec 002 §6).
  const integrated = regs[1].site.children
    .flatMap((c) => c.contacts)
    .find((c) => c.personId !== otherContact.personId && c.personId !== parent.personId)!;
  await tx
    .update(contacts)
    .set({ externallyManaged: true })
    .where(and(eq(contacts.providerId, providerId), eq(contacts.id, integrated.contactId)));
  await insertMany(tx, changeRequests, [
    {
      providerId,
      id: ids.next('change_requests'),
      personId: parent.personId,
      tableName: 'Contacts',
      fields: {
        tablename: 'Contacts',
        telmob: '07700 900456',
        address1: '14 Orchard Close',
        postcode: 'BS6 7QT',
      },
      requestedByUserId: parent.userId,
      createdAt: at(2, '19:12'),
    },
    {
      providerId,
      id: ids.next('change_requests'),
      personId: practitioner.personId,
      tableName: 'StaffMember',
      fields: {
        tablename: 'StaffMember',
        biography: 'Level 3 practitioner who loves outdoor learning and story time.',
        telmob: '07700 900789',
      },
      requestedByUserId: practitioner.userId,
      createdAt: at(1, '13:05'),
    },
    {
      providerId,
      id: ids.next('change_requests'),
      personId: otherContact.personId,
      tableName: 'Contacts',
      fields: { tablename: 'Contacts', telwork: '0117 496 0555' },
      requestedByUserId: manager.userId,
      createdAt: at(3, '10:40'),
    },
    {
      providerId,
      id: ids.next('change_requests'),
      personId: integrated.personId,
      tableName: 'Contacts',
      fields: { tablename: 'Contacts', telhome: '0117 496 0777', address1: '3 Mill Lane' },
      // Asked at the office on the contact's behalf: no account made it.
      requestedByUserId: null,
      createdAt: at(2, '09:15'),
    },
  ]);

  // GDPR erasure requests: one raised by the practitioner, one by the manager herself.
  const formerContact = regs[0].site.children.find((c) => c.contacts.length > 1)!.contacts[1];
  const leaver = regs[1].site.children.at(-2)!;
  await insertMany(tx, gdprErasureRequests, [
    {
      providerId,
      id: ids.next('gdpr_erasure_requests'),
      personId: formerContact.personId,
      creatorUserId: practitioner.userId,
      reason: 'No longer a contact; asked for their details to be removed.',
      createdAt: at(4, '11:00'),
    },
    {
      providerId,
      id: ids.next('gdpr_erasure_requests'),
      childId: leaver.id,
      creatorUserId: manager.userId,
      reason: 'Family left the area; parents asked for erasure.',
      createdAt: at(6, '15:20'),
    },
  ]);

  // Notifications and settings of the named users.
  const notes: (typeof notifications.$inferInsert)[] = [];
  const child = world.parentChildren[0];
  for (const u of [manager, practitioner]) {
    notes.push(
      {
        providerId,
        id: ids.next('notifications'),
        userId: u.userId,
        name: 'event-comment',
        jsonBlob: { childID: child.id, message: 'Lovely to see this, thank you!', author: 'Alex Parent' },
        timestamp: at(0, '08:05'),
      },
      {
        providerId,
        id: ids.next('notifications'),
        userId: u.userId,
        name: 'parent-observation',
        jsonBlob: { childID: child.id, message: `${child.forename} counted the stairs at home.` },
        timestamp: at(1, '18:30'),
      },
      {
        providerId,
        id: ids.next('notifications'),
        userId: u.userId,
        name: 'in-app-message',
        jsonBlob: { message: 'Staff meeting moved to Thursday 5pm.' },
        timestamp: at(2, '12:00'),
        readAt: at(2, '12:30'),
      },
      {
        providerId,
        id: ids.next('notifications'),
        userId: u.userId,
        name: 'parent-consideration-acknowledge',
        jsonBlob: { childID: child.id, message: 'Thanks, we will try this at home.' },
        timestamp: at(3, '17:45'),
        readAt: at(3, '18:00'),
      },
    );
  }
  await insertMany(tx, notifications, notes);
  await insertMany(tx, userNotificationSettings, [
    {
      providerId,
      userId: manager.userId,
      typeId: ref.notificationTypeIds['booking-request'],
      methodIds: [1, 2],
    },
    { providerId, userId: manager.userId, typeId: ref.notificationTypeIds['event-comment'], methodIds: [2] },
    {
      providerId,
      userId: practitioner.userId,
      typeId: ref.notificationTypeIds['event-comment'],
      methodIds: [2, 4],
    },
  ]);

  // Another device (the practitioner's room tablet) still holds unsynced items.
  await insertMany(tx, deviceSyncReports, [
    {
      providerId,
      deviceId: `demo-tablet-${rnd.hex(4)}`,
      userId: practitioner.userId,
      siteId: regs[0].site.id,
      unsyncedEvents: 2,
      unsyncedMedia: 1,
      reportedAt: at(0, '07:55'),
    },
  ]);
}
