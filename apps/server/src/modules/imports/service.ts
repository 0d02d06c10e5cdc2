// The import's preview (issue 29 "Moving in"): the file parsed, each row read by the domain's columns
// (csvImport.ts), then checked against the site's data and matched by its stable key to say what
// importing it would do. Nothing is written here.
import {
  IMPORT_MAX_ROWS,
  type ImportedSessions,
  type ImportKind,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportProblem,
  type ImportRequest,
  type ImportRow,
  readImportTable,
} from '@nursery/domain/settings';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { todayOf } from '../children-admin/index.ts';
import { scopeOf } from '../contacts/index.ts';
import { actionOf, type ChildrenSiteData, nameKey, planChildRow } from './children-plan.ts';
import { rowName, staffDiffers } from './presenter.ts';
import {
  contactsByEmails,
  linksOfChildren,
  loginsByEmail,
  patternsOfChildren,
  providerRoles,
  siteChildrenByName,
  siteRooms,
  siteSessions,
  siteStaff,
} from './queries.ts';

/** The file as rows of cells; a file CSV cannot read is a 400 naming the line. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      400,
      'import-unreadable-file',
      `The file could not be read as CSV${line ? ` (line ${line})` : ''}. Save it from your spreadsheet as "CSV UTF-8" and try again.`,
    );
  }
}

const byName = (rows: readonly { id: number; name: string }[]) =>
  new Map(rows.map((r) => [nameKey(r.name), r.id] as const));

interface Checked {
  row: ImportRow;
  problems: ImportProblem[];
}

/** The site's data a children file is checked and matched against, read once. */
export async function childrenSiteData(
  db: Db,
  auth: AuthContext,
  siteId: number,
  rows: readonly ImportRow[],
): Promise<ChildrenSiteData> {
  const providerId = auth.providerId;
  const contactEmails = [
    ...new Set(
      rows
        .flatMap((r) => [r.values.contact1Email, r.values.contact2Email])
        .filter((e) => typeof e === 'string'),
    ),
  ] as string[];
  const surnames = [...new Set(rows.map((r) => nameKey(String(r.values.surname ?? ''))))].filter(Boolean);
  // One after another: the import reads these in its transaction, one connection.
  const roomIds = byName(await siteRooms(db, providerId, siteId));
  const sessionIds = byName(await siteSessions(db, providerId, siteId));
  const staffOfSite = await siteStaff(db, providerId, siteId);
  const existing = await siteChildrenByName(db, auth, siteId, surnames);
  const contactsByEmail = await contactsByEmails(db, scopeOf(auth), contactEmails);
  const ids = existing.map((c) => c.id);
  const patterns = await patternsOfChildren(db, providerId, ids);
  const links = await linksOfChildren(db, providerId, ids);
  const keyPeople = new Map(
    staffOfSite.filter((s) => s.email !== null).map((s) => [s.email as string, s.staffId] as const),
  );
  const staffIds = new Set(staffOfSite.map((s) => s.staffId));
  const roomIdSet = new Set(roomIds.values());
  return {
    siteId,
    roomIds,
    sessionIds,
    keyPeople,
    existing,
    patterns,
    links,
    contactsByEmail,
    hasRoom: (id) => roomIdSet.has(id),
    hasStaff: (id) => staffIds.has(id),
  };
}

/** The problems of a children file's row against the site: rooms, sessions and key people it lacks. */
function siteProblems(row: ImportRow, site: ChildrenSiteData): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const { room, keyPersonEmail, sessions } = row.values;
  if (typeof room === 'string' && !site.roomIds.has(nameKey(room)))
    problems.push({ column: 'Room', code: 'import-unknown-room', value: room });
  if (typeof keyPersonEmail === 'string' && !site.keyPeople.has(keyPersonEmail))
    problems.push({
      column: 'Key person e-mail',
      code: 'import-unknown-key-person',
      value: keyPersonEmail,
    });
  for (const entry of (sessions as readonly ImportedSessions[] | null) ?? [])
    if (!site.sessionIds.has(nameKey(entry.session)))
      problems.push({ column: 'Sessions', code: 'import-unknown-session', value: entry.session });
  return problems;
}

/** Each row of a children file: its problems, or what importing it would write. */
export function planChildren(rows: readonly ImportRow[], site: ChildrenSiteData, today: string) {
  return rows.map((row) => {
    const problems = [...row.problems, ...siteProblems(row, site)];
    if (problems.length) return { row, problems, plan: null };
    const plan = planChildRow(row, site, today);
    return Array.isArray(plan) ? { row, problems: plan, plan: null } : { row, problems, plan };
  });
}

async function childActions(deps: ImportDeps, auth: AuthContext, siteId: number, rows: readonly ImportRow[]) {
  const site = await childrenSiteData(deps.db, auth, siteId, rows);
  return planChildren(rows, site, todayOf(deps)).map(({ row, problems, plan }): ImportPreviewRow => {
    const base = { row: row.row, name: rowName('children', row.values), problems };
    return { ...base, action: plan ? actionOf(plan) : 'invalid' };
  });
}

/** The site's rooms and the provider's roles by name, read once for a staff file. */
interface StaffNames {
  roomIds: ReadonlyMap<string, number>;
  roleIds: ReadonlyMap<string, number>;
}

/** The problems of a staff file's rows: rooms and roles the site or provider lacks. */
function checkStaff({ roomIds, roleIds }: StaffNames, rows: readonly ImportRow[]) {
  return rows.map((row): Checked => {
    const problems = [...row.problems];
    const { room, role } = row.values;
    if (typeof room === 'string' && !roomIds.has(nameKey(room)))
      problems.push({ column: 'Room', code: 'import-unknown-room', value: room });
    if (typeof role === 'string' && !roleIds.has(nameKey(role)))
      problems.push({ column: 'Role', code: 'import-unknown-role', value: role });
    return { row, problems };
  });
}

async function staffActions(db: Db, providerId: number, siteId: number, rows: readonly ImportRow[]) {
  const emails = [
    ...new Set(rows.map((r) => r.values.email).filter((e): e is string => typeof e === 'string')),
  ];
  const [logins, roomIds, roleIds] = await Promise.all([
    loginsByEmail(db, emails),
    siteRooms(db, providerId, siteId).then(byName),
    providerRoles(db, providerId).then(byName),
  ]);
  return checkStaff({ roomIds, roleIds }, rows).map(({ row, problems }): ImportPreviewRow => {
    const base = { row: row.row, name: rowName('staff', row.values), problems };
    if (problems.length) return { ...base, action: 'invalid' };
    const v = row.values;
    const login = logins.find((l) => l.email === v.email);
    // A new member needs a role (a member without one may do nothing).
    if (!login && v.role === null)
      return {
        ...base,
        action: 'invalid',
        problems: [{ column: 'Role', code: 'this-field-is-required' }],
      };
    if (!login) return { ...base, action: 'create' };
    // Login is by e-mail alone: an address another provider's login (or a contact's) holds cannot be
    // given to a new member of staff here. Whose it is is not said.
    if (login.providerId !== providerId || login.staffId === null)
      return {
        ...base,
        action: 'invalid',
        problems: [{ column: 'E-mail', code: 'import-email-taken', value: String(v.email) }],
      };
    const roomId = typeof v.room === 'string' ? (roomIds.get(nameKey(v.room)) ?? null) : null;
    const roleId = typeof v.role === 'string' ? (roleIds.get(nameKey(v.role)) ?? null) : null;
    return { ...base, action: staffDiffers(login, v, roomId, roleId) ? 'update' : 'unchanged' };
  });
}

/** The file read as `kind`'s table; a file of too many rows is refused before its rows are checked. */
export function readFile(input: ImportRequest) {
  const cells = parseCsv(input.csv);
  if (cells.length - 1 > IMPORT_MAX_ROWS)
    throw new AppError(
      400,
      'import-too-many-rows',
      `A file can hold at most ${IMPORT_MAX_ROWS} rows. Split it and import each part.`,
    );
  return readImportTable(input.kind, cells);
}

/** What the import reads: the database (or its transaction) and the clock (today, for the date rules). */
export type ImportDeps = Pick<AppDeps, 'db' | 'clock'>;

export async function previewImport(
  deps: ImportDeps,
  auth: AuthContext,
  input: ImportRequest,
): Promise<ImportPreview> {
  const db = deps.db;
  const kind: ImportKind = input.kind;
  const table = readFile(input);
  const providerId = auth.providerId;
  const siteId = input.siteID;
  const rows =
    kind === 'children'
      ? await childActions(deps, auth, siteId, table.rows)
      : await staffActions(db, providerId, siteId, table.rows);
  const counts = { create: 0, update: 0, unchanged: 0, invalid: 0 };
  for (const r of rows) counts[r.action] += 1;
  return {
    kind,
    siteID: siteId,
    missing: [...table.header.missing],
    ignored: [...table.header.ignored],
    rows,
    counts,
  };
}
