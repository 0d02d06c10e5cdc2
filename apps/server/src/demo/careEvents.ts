// Care records of the demo: sleeps, meals and nappies for the last few days (today's still in
// draft, a few sleeps still open), accidents (recent ones unsigned by a parent), medication with
// signatures, reminders (task events with the Reminder code) and general notes.
import { EventStatus } from '@nursery/domain/common';
import type { SiteRegisters } from './attendance.ts';
import { addDays, addMinutes, laterDate, londonInstant } from './dates.ts';
import type { EventSink } from './eventSink.ts';
import * as T from './eventText.ts';
import { timeOfDay } from './journal.ts';
import type { ChildInfo, Ctx, ProviderWorld, StaffInfo } from './org.ts';

export function buildCareEvents(
  ctx: Ctx,
  world: ProviderWorld,
  regs: SiteRegisters[],
  sink: EventSink,
  keyPersonOf: (c: ChildInfo) => StaffInfo,
) {
  const { rnd, today, ids } = ctx;
  const { ref, providerId } = world;
  const code = (tag: string, key: string) => ref.codeIds.get(`${tag}:${key}`)!;
  const lunch = ref.mealTypes.find((m) => m.name === 'Lunch')!;
  const snack = ref.mealTypes.find((m) => m.name === 'Afternoon snack')!;
  const sign = () => ({ key: rnd.hex(12), mimeType: 'image/png' as const });

  for (const reg of regs) {
    const site = reg.site;
    const dates = [...new Set(reg.bookings.map((b) => b.date))].filter((d) => d <= today).slice(-4);
    for (const date of dates) {
      const isToday = date === today;
      const present = new Map<number, ChildInfo>();
      for (const b of reg.bookings) if (b.date === date && b.attended) present.set(b.child.id, b.child);
      let k = 0;
      for (const child of present.values()) {
        k += 1;
        const author = keyPersonOf(child);
        const statusId = isToday ? EventStatus.Draft : EventStatus.Published;
        const base = (typeId: number, codeId: number, time: string) => ({
          typeId,
          codeId,
          childId: child.id,
          statusId,
          siteId: site.id,
          authorPersonId: author.personId,
          authorStaffId: author.id,
          raised: ctx.clock.fact(date, time),
        });
        const young = child.months < 36;
        if (young) {
          const start = addMinutes('12:10', rnd.int(0, 30));
          const open = isToday && k % 6 === 0;
          sink.add({
            ...base(ref.typeIds.sleep, code('sleep', 'sleep'), start),
            date2: open ? null : ctx.clock.fact(date, addMinutes(start, rnd.int(35, 110))),
            notes: open ? null : rnd.pick([null, 'Settled quickly', 'Woke once, resettled']),
          });
          for (const time of isToday ? ['09:45'] : ['09:45', '14:40']) {
            sink.add({
              ...base(
                ref.typeIds.nappy,
                code(
                  'nappy',
                  rnd.pick([
                    'wet',
                    'wet',
                    'soiled',
                    'wet-and-soiled',
                    'dry',
                    child.months > 26 ? 'toilet' : 'wet',
                  ]),
                ),
                addMinutes(time, rnd.int(0, 20)),
              ),
              nappyCream: rnd.chance(0.2),
            });
          }
        }
        for (const mealType of isToday ? [lunch] : [lunch, snack]) {
          const id = sink.add({
            ...base(ref.typeIds.meal, code('meal', 'meal'), addMinutes(mealType.start, rnd.int(0, 25))),
          });
          const portionIndex = Math.min(ref.portionIds.length - 1, Math.max(0, rnd.pick([1, 2, 3, 3, 3, 4])));
          sink.meals.push({
            providerId,
            id: ids.next('event_meals'),
            eventId: id,
            mealId: rnd.pick(mealType.mealIds),
            portionId: ref.portionIds[portionIndex],
            portionAmount: portionIndex === 4 ? 'Had a second helping' : null,
          });
        }
      }
    }

    // Accidents over the year; the three most recent are not yet signed by a parent.
    const withContacts = site.children.filter((c) => c.contacts.length > 0);
    const accidentChildren = rnd.sample(withContacts, 12);
    accidentChildren.forEach((child, i) => {
      const author = keyPersonOf(child);
      const recent = i < 3;
      let date = recent ? addDays(today, -rnd.int(0, 4)) : addDays(today, -rnd.int(10, 360));
      if (date < child.startDate) date = child.startDate;
      const existing = i === 5;
      const room = site.rooms.find((r) => r.id === child.roomId)!;
      const id = sink.add({
        typeId: ref.typeIds.accident,
        codeId: code('accident', existing ? 'existing-injury' : i % 4 === 3 ? 'incident' : 'accident'),
        childId: child.id,
        statusId: recent && i === 0 ? EventStatus.Draft : EventStatus.Published,
        siteId: site.id,
        authorPersonId: author.personId,
        authorStaffId: author.id,
        raised: ctx.clock.fact(date, timeOfDay(ctx, 9, 15)),
        notes: T.fill(existing ? T.EXISTING_INJURY_NOTES[0] : rnd.pick(T.ACCIDENT_NOTES), child.forename),
        areaId: rnd.pick(room.areaIds),
        existingInjury: existing,
      });
      if (!recent) {
        const contact = child.contacts[0];
        sink.signatures.push({
          providerId,
          id: ids.next('event_signatures'),
          eventId: id,
          signatureType: 'Parent',
          personId: contact.personId,
          contactId: contact.contactId,
          createdAt: ctx.clock.fact(date, '17:30'),
          ...sign(),
        });
      }
    });

    // Medication with AdministeredBy, Witness and (mostly) parental Consent signatures.
    const medChildren = rnd.sample(withContacts, 7);
    medChildren.forEach((child, i) => {
      const author = keyPersonOf(child);
      const witness =
        site.staff.find((s) => s.id !== author.id && s.roomId === child.roomId) ??
        site.staff.find((s) => s.id !== author.id)!;
      const date = i === 0 ? today : addDays(today, -rnd.int(1, 90));
      const med = rnd.pick(T.MEDICINES);
      const raised = ctx.clock.fact(date, i === 0 ? '08:30' : timeOfDay(ctx, 10, 15));
      const id = sink.add({
        typeId: ref.typeIds.medication,
        codeId: code('medication', 'medication'),
        childId: child.id,
        statusId: i === 0 ? EventStatus.Draft : i === 1 ? EventStatus.Pending : EventStatus.Published,
        siteId: site.id,
        authorPersonId: author.personId,
        authorStaffId: author.id,
        raised,
        notes: `${med.name} given as agreed with parents.`,
      });
      sink.medication.push({
        providerId,
        eventId: id,
        name: med.name,
        type: med.type,
        form: med.form as never,
        dosage: med.dosage,
        strength: med.strength || null,
        frequency: med.frequency,
        storageAndDisposalInstructions:
          'Store in the locked medicine cabinet; return unused medicine to parents.',
        expiryDate: addDays(date, rnd.int(30, 400)),
      });
      sink.signatures.push(
        {
          providerId,
          id: ids.next('event_signatures'),
          eventId: id,
          signatureType: 'AdministeredBy',
          personId: author.personId,
          staffId: author.id,
          createdAt: raised,
          ...sign(),
        },
        {
          providerId,
          id: ids.next('event_signatures'),
          eventId: id,
          signatureType: 'Witness',
          personId: witness.personId,
          staffId: witness.id,
          createdAt: raised,
          ...sign(),
        },
      );
      if (i !== 1) {
        const contact = child.contacts[0];
        sink.signatures.push({
          providerId,
          id: ids.next('event_signatures'),
          eventId: id,
          signatureType: 'Consent',
          personId: contact.personId,
          contactId: contact.contactId,
          createdAt: raised,
          ...sign(),
        });
      }
    });

    // Reminders (task type, Reminder code): subjects are children or staff.
    const manager = site.staff.find((s) => s.isManager) ?? site.staff[0];
    for (let r = 0; r < 5; r++) {
      const due = addDays(today, r - 1);
      const id = sink.add({
        typeId: ref.typeIds.task,
        codeId: code('task', 'reminder'),
        childId: null,
        statusId: r === 0 ? EventStatus.Published : EventStatus.Draft,
        siteId: site.id,
        authorPersonId: manager.personId,
        authorStaffId: manager.id,
        raised: ctx.clock.fact(addDays(today, -2), '09:00'),
        due: londonInstant(due, '10:00'),
        priorityId: ref.priorityIds[r % ref.priorityIds.length],
        date2: r === 0 ? ctx.clock.fact(due, '11:00') : null,
        notes: T.REMINDER_NOTES[r % T.REMINDER_NOTES.length],
      });
      if (r % 2 === 0) {
        for (const c of rnd.sample(site.children, rnd.int(1, 2))) {
          sink.subjects.push({ providerId, id: ids.next('event_subjects'), eventId: id, childId: c.id });
        }
      } else {
        sink.subjects.push({
          providerId,
          id: ids.next('event_subjects'),
          eventId: id,
          staffId: rnd.pick(site.staff).id,
        });
      }
    }

    // General notes.
    for (const child of rnd.sample(withContacts, 6)) {
      const author = keyPersonOf(child);
      const d = addDays(today, -rnd.int(1, 60));
      sink.add({
        typeId: ref.typeIds.generic,
        codeId: code('generic', rnd.pick(['phone-call', 'parent-meeting', 'general-note'])),
        childId: child.id,
        statusId: EventStatus.Published,
        siteId: site.id,
        authorPersonId: author.personId,
        authorStaffId: author.id,
        raised: ctx.clock.fact(laterDate(d, child.startDate), timeOfDay(ctx)),
        notes: T.fill(rnd.pick(T.GENERIC_NOTES), child.forename),
      });
    }
  }
}
