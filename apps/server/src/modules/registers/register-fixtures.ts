// Test helpers of the register suites: the demo's Oak Tree register today, bookings put into a known
// state by SQL (the demo's today and its check-ins depend on the hour the template was seeded), calls.
import type { RegisterUpdate } from '@nursery/domain/registers';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { WRITE_HEADERS } from '../../test/harness.ts';
import { type Fixture, loadFixture } from '../events/event-fixtures.ts';

export interface RegisterFixture extends Fixture {
  /** Today at Oak Tree, as the server answers it. */
  today: string;
  willow: number;
  otherSite: number;
  /** The demo's mark-off categories of the first provider by code (H, I, U, ...). */
  categories: Record<string, number>;
}

export interface BookingRow {
  id: number;
  child_id: number;
  combo_id: number;
  date: string;
  version: number;
  actual_start: string | null;
  actual_end: string | null;
  marked_off_category_id: number | null;
  mark_off_notes: string | null;
  deleted: boolean;
}

export async function loadRegisterFixture(t: TestApp): Promise<RegisterFixture> {
  const f = await loadFixture(t);
  const res = await t.app.inject({
    url: `/api/v1/sites/${f.siteId}/registers`,
    headers: { cookie: f.manager },
  });
  expect(res.statusCode, res.body).toBe(200);
  const q = t.database.query.bind(t.database);
  const willow = (
    await q<{ id: number }>(
      `select id from sites where provider_id = ${f.providerId} and name = 'Willow Nursery'`,
    )
  )[0]!.id;
  const otherSite = (
    await q<{ id: number }>(`select id from sites where provider_id <> ${f.providerId} limit 1`)
  )[0]!.id;
  const cats = await q<{ id: number; code: string }>(
    `select id, code from mark_off_categories where provider_id = ${f.providerId}`,
  );
  return {
    ...f,
    today: res.json().today,
    willow,
    otherSite,
    categories: Object.fromEntries(cats.map((c) => [c.code, c.id])),
  };
}

const BOOKING_COLUMNS = `id::int as id, child_id, combo_id, date::text as date, version,
  to_char(actual_start, 'HH24:MI') as actual_start, to_char(actual_end, 'HH24:MI') as actual_end,
  marked_off_category_id, mark_off_notes, deleted`;

export async function booking(t: TestApp, id: number): Promise<BookingRow> {
  const rows = await t.database.query<BookingRow>(`select ${BOOKING_COLUMNS} from bookings where id = ${id}`);
  return rows[0]!;
}

/**
 * Bookings at the site on the date of children with exactly `sessions` bookings there that day, put
 * back to due (no actual times, not marked off, not deleted, no pending request), skipping `taken`.
 */
export async function dueBookings(
  t: TestApp,
  f: RegisterFixture,
  date: string,
  opts: { sessions?: number; taken?: number[]; siteId?: number } = {},
): Promise<BookingRow[]> {
  const taken = opts.taken?.length ? opts.taken.join(',') : '0';
  const [child] = await t.database.query<{ child_id: number }>(
    `select child_id from bookings where provider_id = ${f.providerId} and site_id = ${opts.siteId ?? f.siteId}
       and date = '${date}' and not deleted and child_id not in (${taken})
     group by child_id having count(*) = ${opts.sessions ?? 1} order by child_id limit 1`,
  );
  expect(child, `a child with ${opts.sessions ?? 1} bookings on ${date}`).toBeDefined();
  await t.database.query(
    `update bookings set actual_start = null, actual_end = null, marked_off_category_id = null,
       mark_off_notes = null, version = version + 1
     where provider_id = ${f.providerId} and child_id = ${child!.child_id} and date = '${date}'`,
  );
  await t.database.query(
    `delete from booking_requests where provider_id = ${f.providerId} and child_id = ${child!.child_id}
       and date = '${date}'`,
  );
  return t.database.query<BookingRow>(
    `select ${BOOKING_COLUMNS} from bookings
     where provider_id = ${f.providerId} and child_id = ${child!.child_id} and date = '${date}'
     order by start, "end" desc`,
  );
}

/** A date after today with bookings at the site. */
export async function futureDate(t: TestApp, f: RegisterFixture, siteId = f.siteId): Promise<string> {
  const [row] = await t.database.query<{ date: string }>(
    `select min(date)::text as date from bookings where provider_id = ${f.providerId} and site_id = ${siteId}
       and date > '${f.today}' and not deleted`,
  );
  expect(row?.date).toBeTruthy();
  return row!.date;
}

/** One row of a PUT bookings body: the contract's own type. */
export type Update = RegisterUpdate;

/** An update of a booking row's actual times against its current version. */
export const updateOf = (
  b: BookingRow,
  actualStart: string | null,
  actualEnd: string | null = null,
  version = b.version,
): Update => ({
  childID: b.child_id,
  comboID: b.combo_id,
  date: b.date,
  typeID: null,
  actualStart,
  actualEnd,
  version,
});

export function putBookings(t: TestApp, cookie: string, siteID: number, updates: unknown[]) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/bookings',
    headers: { ...WRITE_HEADERS, cookie },
    payload: { siteID, updates },
  });
}

export function postMarkOff(
  t: TestApp,
  cookie: string,
  childID: number,
  body: {
    date: string;
    comboIDs: number[];
    markOffCategoryID: number | null;
    notes: string;
    versions?: number[];
  },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/children/${childID}/markOff`,
    headers: { ...WRITE_HEADERS, cookie },
    payload: body,
  });
}

export function getRegister(t: TestApp, cookie: string, siteID: number, date?: string) {
  return t.app.inject({
    url: `/api/v1/sites/${siteID}/registers${date ? `?date=${date}` : ''}`,
    headers: { cookie },
  });
}

/** Sets the permissions of the demo's Practitioner role of the provider (read on every request). */
export async function setPractitionerPermissions(t: TestApp, f: RegisterFixture, sqlArrayExpr: string) {
  await t.database.query(
    `update roles set permissions = ${sqlArrayExpr} where provider_id = ${f.providerId} and name = 'Practitioner'`,
  );
}
