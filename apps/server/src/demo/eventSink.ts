// Collects demo events and their dependent rows in memory, then inserts them in bulk.
import { EventStatus } from '@nursery/domain/common';
import {
  bestFits,
  checkpointNotes,
  considerations,
  eventCheckpoints,
  eventHistory,
  eventMeals,
  eventMedication,
  eventSignatures,
  eventSubjects,
  events,
  gradings,
  nextStepLinks,
  nextSteps,
} from '../db/schema/index.ts';
import { addDays, londonInstant } from './dates.ts';
import { insertColumns, insertMany } from './insert.ts';
import type { Ctx } from './org.ts';
import { drawDemoSignatures } from './signatureImages.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface NewEvent {
  typeId: number;
  codeId: number;
  childId: number | null;
  statusId: number;
  siteId: number;
  authorPersonId: number;
  authorStaffId: number | null;
  raised: Date;
  notes?: string | null;
  childsVoice?: string | null;
  parentNotes?: string | null;
  learningStyles?: number;
  tagged?: boolean;
  date2?: Date | null;
  due?: Date | null;
  priorityId?: number | null;
  areaId?: number | null;
  existingInjury?: boolean | null;
  nappyCream?: boolean | null;
  twoyear?: boolean;
  baseline?: boolean;
}

export class EventSink {
  readonly events: Row<typeof events>[] = [];
  readonly history: Row<typeof eventHistory>[] = [];
  readonly gradings: Row<typeof gradings>[] = [];
  readonly bestFits: Row<typeof bestFits>[] = [];
  readonly nextSteps: Row<typeof nextSteps>[] = [];
  readonly nextStepLinks: Row<typeof nextStepLinks>[] = [];
  readonly considerations: Row<typeof considerations>[] = [];
  readonly checkpoints: Row<typeof eventCheckpoints>[] = [];
  readonly checkpointNotes: Row<typeof checkpointNotes>[] = [];
  readonly meals: Row<typeof eventMeals>[] = [];
  readonly medication: Row<typeof eventMedication>[] = [];
  readonly signatures: Row<typeof eventSignatures>[] = [];
  readonly subjects: Row<typeof eventSubjects>[] = [];

  /** History rows are written for the last 30 days of events only (keeps the seed fast). */
  private readonly historyFrom: Date;

  constructor(
    private readonly ctx: Ctx,
    private readonly providerId: number,
  ) {
    this.historyFrom = londonInstant(addDays(ctx.today, -30), '00:00');
  }

  /** Adds an event with its history (created as a draft, then moved to its status) and answers its id. */
  add(e: NewEvent): number {
    const { ids, rnd } = this.ctx;
    const providerId = this.providerId;
    const id = ids.next('events');
    const createdAt = e.raised;
    // Published a few hours (up to two days) after it was raised, but never after now.
    const updatedAt =
      e.statusId === EventStatus.Draft
        ? e.raised
        : this.ctx.clock.notAfterNow(new Date(e.raised.getTime() + rnd.int(1, 48) * 3_600_000));
    this.events.push({
      providerId,
      id,
      uuid: rnd.uuid(),
      saveUuid: rnd.uuid(),
      version: e.statusId === EventStatus.Draft ? 1 : 2,
      learningStyles: 0,
      tagged: false,
      twoyear: false,
      baseline: false,
      notes: null,
      childsVoice: null,
      parentNotes: null,
      date2: null,
      due: null,
      priorityId: null,
      areaId: null,
      existingInjury: null,
      nappyCream: null,
      ...e,
      createdAt,
      updatedAt,
    });
    if (e.raised < this.historyFrom) return id;
    const initial = e.authorStaffId === null ? EventStatus.Pending : EventStatus.Draft;
    const first =
      e.statusId === EventStatus.Draft || e.statusId === EventStatus.Pending ? e.statusId : initial;
    this.history.push({
      providerId,
      id: ids.next('event_history'),
      eventId: id,
      action: 'create',
      toStatusId: first,
      personId: e.authorPersonId,
      at: createdAt,
    });
    if (first !== e.statusId) {
      this.history.push({
        providerId,
        id: ids.next('event_history'),
        eventId: id,
        action: 'transition',
        fromStatusId: first,
        toStatusId: e.statusId,
        personId: e.authorPersonId,
        at: updatedAt,
      });
    }
    return id;
  }

  grade(
    eventId: number,
    childId: number,
    itemId: string,
    ageRangeId: number | null,
    value: number | null,
    notes?: string,
  ) {
    this.gradings.push({
      providerId: this.providerId,
      id: this.ctx.ids.next('gradings'),
      eventId,
      childId,
      itemId,
      ageRangeId,
      value,
      notes: notes ?? null,
    });
  }

  bestFit(eventId: number, childId: number, itemId: string, ageRangeId: number) {
    this.bestFits.push({
      providerId: this.providerId,
      id: this.ctx.ids.next('best_fits'),
      eventId,
      childId,
      itemId,
      ageRangeId,
    });
  }

  nextStep(step: Omit<Row<typeof nextSteps>, 'providerId' | 'id'>, itemIds: string[]) {
    const id = this.ctx.ids.next('next_steps');
    this.nextSteps.push({ providerId: this.providerId, id, ...step });
    for (const itemId of new Set(itemIds))
      this.nextStepLinks.push({ providerId: this.providerId, nextStepId: id, itemId });
  }

  async flush(): Promise<void> {
    const { tx } = this.ctx;
    await insertColumns(tx, events, this.events);
    await insertColumns(tx, eventHistory, this.history);
    await insertMany(tx, eventSubjects, this.subjects);
    await insertColumns(tx, gradings, this.gradings);
    await insertMany(tx, bestFits, this.bestFits);
    await insertMany(tx, nextSteps, this.nextSteps);
    await insertMany(tx, nextStepLinks, this.nextStepLinks);
    await insertMany(tx, considerations, this.considerations);
    await insertMany(tx, eventCheckpoints, this.checkpoints);
    await insertMany(tx, checkpointNotes, this.checkpointNotes);
    await insertMany(tx, eventMeals, this.meals);
    await insertMany(tx, eventMedication, this.medication);
    if (this.ctx.objects) await drawDemoSignatures(this.ctx.objects, this.signatures);
    await insertMany(tx, eventSignatures, this.signatures);
  }
}
