// The import itself (issue 29 "Moving in"): refused while any row has a problem, then written in ONE
// transaction. A children file is planned once (children-plan.ts: the same plan the preview shows, by
// the settings pages' own rules) and exactly the plan is written, set-based (bulk-children.ts); a staff
// file (a few rows, each with its invitation) through staff-admin's own commands, each a savepoint. A
// row the plan calls unchanged is not touched, so a second import of the same file changes nothing.
import {
  type ImportPreviewRow,
  type ImportRequest,
  type ImportResult,
  type ImportRow,
  type ImportValue,
  readImportTable,
  StaffMemberInput,
} from '@nursery/domain/settings';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { todayOf } from '../children-admin/index.ts';
import { createMember, getMember, updateMember } from '../staff-admin/index.ts';
import { writeChildren } from './bulk-children.ts';
import { actionOf, type ChildPlan, nameKey, text } from './children-plan.ts';
import { loginsByEmail, providerRoles, siteRooms } from './queries.ts';
import { childrenSiteData, parseCsv, planChildren, previewImport, readFile } from './service.ts';

type Values = Readonly<Record<string, ImportValue>>;

const byName = (rows: readonly { id: number; name: string }[]) =>
  new Map(rows.map((r) => [nameKey(r.name), r.id] as const));

const hasProblems = () =>
  new AppError(
    409,
    'err-import-has-problems',
    'Some rows have problems: check the file again, fix them and import it once every row is ready. Nothing was written.',
  );

export async function runImport(
  deps: AppDeps,
  auth: AuthContext,
  input: ImportRequest,
  origin: string,
): Promise<ImportResult> {
  if (input.kind === 'children') {
    const table = readFile(input);
    if (table.header.missing.length > 0) throw hasProblems();
    return deps.db.transaction((tx) => importChildren({ ...deps, db: tx }, auth, input.siteID, table.rows));
  }
  const preview = await previewImport(deps, auth, input);
  if (preview.missing.length > 0 || preview.counts.invalid > 0) throw hasProblems();
  const table = readImportTable(input.kind, parseCsv(input.csv));
  const valuesOf = new Map(table.rows.map((r) => [r.row, r.values] as const));
  const todo = preview.rows.filter((r) => r.action !== 'unchanged');
  await deps.db.transaction(async (tx) => {
    await importStaff({ ...deps, db: tx }, auth, input.siteID, todo, valuesOf, origin);
  });
  return {
    created: preview.counts.create,
    updated: preview.counts.update,
    unchanged: preview.counts.unchanged,
  };
}

/** A children file, planned and written in the caller's transaction (the site's data read in it). */
async function importChildren(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  rows: readonly ImportRow[],
): Promise<ImportResult> {
  const site = await childrenSiteData(deps.db, auth, siteId, rows);
  const plans = planChildren(rows, site, todayOf(deps)).map((p) => p.plan);
  if (plans.some((p) => p === null)) throw hasProblems();
  const result = { created: 0, updated: 0, unchanged: 0 };
  const todo: ChildPlan[] = [];
  for (const plan of plans as ChildPlan[]) {
    const action = actionOf(plan);
    result[action === 'create' ? 'created' : action === 'update' ? 'updated' : 'unchanged'] += 1;
    if (action !== 'unchanged') todo.push(plan);
  }
  await writeChildren(deps, auth, todo);
  return result;
}

async function importStaff(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  rows: readonly ImportPreviewRow[],
  valuesOf: ReadonlyMap<number, Values>,
  origin: string,
) {
  const db = deps.db;
  const all = rows.map((r) => valuesOf.get(r.row)!);
  const [roomIds, roleIds, logins] = await Promise.all([
    siteRooms(db, auth.providerId, siteId).then(byName),
    providerRoles(db, auth.providerId).then(byName),
    loginsByEmail(
      db,
      all.map((v) => String(v.email)),
    ),
  ]);
  for (const row of rows) {
    const v = valuesOf.get(row.row)!;
    const login = logins.find((l) => l.email === v.email);
    const room = text(v.room);
    const role = text(v.role);
    const roleId = role ? roleIds.get(nameKey(role))! : null;
    // A member already here keeps what the file does not say (other sites, key children, phones).
    const before = login?.staffId ? await getMember(deps, auth, login.staffId) : null;
    const member = StaffMemberInput.parse({
      ...(before ?? {}),
      title: text(v.title) ?? before?.title ?? null,
      forename: v.forename,
      surname: v.surname,
      email: v.email,
      jobTitle: text(v.jobTitle) ?? before?.jobTitle ?? null,
      siteID: before?.siteID ?? siteId,
      roleIDs: [...new Set([...(before?.roleIDs ?? []), ...(roleId ? [roleId] : [])])],
      roomID: room ? roomIds.get(nameKey(room))! : (before?.roomID ?? null),
      startDate: text(v.startDate) ?? before?.startDate ?? null,
    });
    if (before) await updateMember(deps, auth, before.id, member);
    else await createMember(deps, auth, member, origin);
  }
}
