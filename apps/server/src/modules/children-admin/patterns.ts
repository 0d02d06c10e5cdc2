// A child's booking patterns (issue 29): add, change, remove. The pattern and its bookings (from today up
// to the horizon, pattern-bookings.ts) are written in one transaction; a change takes back only the
// pattern's untouched bookings from today on, so past days and attended ones stay as they were.
import { type BookingPattern, type BookingPatternInput, patternProblems } from '@nursery/domain/settings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { mayViewChild } from '../children/index.ts';
import { bookPattern, horizonOf, unbookPatternFrom } from './pattern-bookings.ts';
import { presentPattern } from './presenter.ts';
import { childRecordRow, comboOfSite, patternRow } from './queries.ts';
import { invalidField, todayOf, visibleChild } from './service.ts';

type Runner = Pick<Db, 'execute'>;
type Input = Required<Omit<BookingPatternInput, 'to'>> & { to: string | null };

const patternNotFound = () => notFound('Booking pattern not found.');

async function checkPattern(db: Runner, providerId: number, siteId: number, input: Input) {
  const [problem] = patternProblems({ ...input, weekdays: [...new Set(input.weekdays)] });
  if (problem) throw invalidField(problem);
  if (!(await comboOfSite(db, providerId, siteId, input.comboID)))
    throw invalidField({ field: 'comboID', message: 'Choose a session of the child’s site.' });
}

const archivedChild = () =>
  new AppError(409, 'err-child-archived', 'This child is archived: restore them to change their bookings.');

/** The pattern, when its child is one of the user's sites' children; 404 otherwise. */
async function visiblePattern(db: Runner, auth: AuthContext, patternId: number) {
  const pattern = await patternRow(db, auth.providerId, patternId);
  if (!pattern) throw patternNotFound();
  const child = await childRecordRow(db, auth.providerId, pattern.childId);
  if (!child || !mayViewChild(auth, child)) throw patternNotFound();
  return { pattern, child };
}

async function log(
  deps: AppDeps,
  db: Runner,
  auth: AuthContext,
  action: string,
  id: number,
  details: object,
) {
  await audit(db as Db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action,
    entity: 'booking-pattern',
    entityId: id,
    details: { ...details },
    at: deps.clock.now(),
  });
}

const weekdaysOf = (input: Input) => [...new Set(input.weekdays)].sort();

export async function createPattern(
  deps: AppDeps,
  auth: AuthContext,
  childId: number,
  input: Input,
): Promise<BookingPattern> {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const child = await visibleChild(tx, auth, childId);
    if (child.archived) throw archivedChild();
    await checkPattern(tx, auth.providerId, child.siteId, input);
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into booking_patterns (provider_id, child_id, site_id, combo_id, weekdays, interval_weeks,
        from_date, to_date, booked_through, created_at)
      values (${auth.providerId}, ${childId}, ${child.siteId}, ${input.comboID},
        ${sql.param(weekdaysOf(input))}::smallint[], ${input.intervalWeeks}, ${input.from}::date,
        ${input.to}::date, ${input.from}::date - 1, ${now})
      returning id`);
    const id = inserted.rows[0]!.id;
    const pattern = (await patternRow(tx, auth.providerId, id))!;
    await bookPattern(tx, auth.providerId, pattern, today, horizonOf(today), now);
    await log(deps, tx, auth, 'booking-pattern-created', id, { childID: childId, ...input });
    return presentPattern(pattern, today);
  });
}

export async function updatePattern(
  deps: AppDeps,
  auth: AuthContext,
  patternId: number,
  input: Input,
): Promise<BookingPattern> {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { child } = await visiblePattern(tx, auth, patternId);
    if (child.archived) throw archivedChild();
    await checkPattern(tx, auth.providerId, child.siteId, input);
    await unbookPatternFrom(tx, auth.providerId, patternId, today, now);
    await tx.execute(sql`update booking_patterns set combo_id = ${input.comboID},
        weekdays = ${sql.param(weekdaysOf(input))}::smallint[], interval_weeks = ${input.intervalWeeks},
        from_date = ${input.from}::date, to_date = ${input.to}::date,
        booked_through = least(booked_through, ${input.from}::date - 1)
      where provider_id = ${auth.providerId} and id = ${patternId}`);
    const pattern = (await patternRow(tx, auth.providerId, patternId))!;
    await bookPattern(tx, auth.providerId, pattern, today, horizonOf(today), now);
    await log(deps, tx, auth, 'booking-pattern-changed', patternId, { childID: child.id, ...input });
    return presentPattern(pattern, today);
  });
}

export async function deletePattern(deps: AppDeps, auth: AuthContext, patternId: number): Promise<void> {
  const today = todayOf(deps);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { child } = await visiblePattern(tx, auth, patternId);
    await unbookPatternFrom(tx, auth.providerId, patternId, today, now);
    // The bookings it leaves (past, attended) are the child's own from now on.
    await tx.execute(sql`update bookings set pattern_id = null
      where provider_id = ${auth.providerId} and pattern_id = ${patternId}`);
    await tx.execute(
      sql`delete from booking_patterns where provider_id = ${auth.providerId} and id = ${patternId}`,
    );
    await log(deps, tx, auth, 'booking-pattern-deleted', patternId, { childID: child.id });
  });
}
