// The import itself (issue 29 "Moving in"): the file is previewed again, refused while any row has a
// problem, then written in ONE transaction through the settings pages' own commands (children-admin,
// contacts, staff-admin), so an imported record obeys every rule a typed one does. The commands open
// their own transaction; inside this one each becomes a savepoint. A row the preview calls unchanged is
// not touched, and the writes below only add what is missing (a pattern, a contact, a link), so a second
// import of the same file changes nothing.
import {
  ChildRecordInput,
  CONTACT_TYPES,
  type ImportedSessions,
  type ImportPreviewRow,
  type ImportRequest,
  type ImportResult,
  type ImportValue,
  readImportTable,
  StaffMemberInput,
} from '@nursery/domain/settings';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createChild, createPattern, getChild, updateChild } from '../children-admin/index.ts';
import { createContact, putLink } from '../contacts/index.ts';
import { createMember, getMember, updateMember } from '../staff-admin/index.ts';
import {
  contactsByEmail,
  loginsByEmail,
  providerRoles,
  siteChildrenByName,
  siteRooms,
  siteSessions,
  siteStaffByEmail,
} from './queries.ts';
import { parseCsv, previewImport } from './service.ts';

type Values = Readonly<Record<string, ImportValue>>;

const nameKey = (name: string) => name.trim().toLowerCase();
const text = (v: ImportValue | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);
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
  const preview = await previewImport(deps.db, auth, input);
  if (preview.missing.length > 0 || preview.counts.invalid > 0) throw hasProblems();
  const table = readImportTable(input.kind, parseCsv(input.csv));
  const valuesOf = new Map(table.rows.map((r) => [r.row, r.values] as const));
  const todo = preview.rows.filter((r) => r.action !== 'unchanged');
  await deps.db.transaction(async (tx) => {
    const txDeps: AppDeps = { ...deps, db: tx };
    if (input.kind === 'children') await importChildren(txDeps, auth, input.siteID, todo, valuesOf);
    else await importStaff(txDeps, auth, input.siteID, todo, valuesOf, origin);
  });
  return {
    created: preview.counts.create,
    updated: preview.counts.update,
    unchanged: preview.counts.unchanged,
  };
}

async function importChildren(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  rows: readonly ImportPreviewRow[],
  valuesOf: ReadonlyMap<number, Values>,
) {
  const db = deps.db;
  const providerId = auth.providerId;
  const all = rows.map((r) => valuesOf.get(r.row)!);
  const [roomIds, sessionIds, keyPeople, existing] = await Promise.all([
    siteRooms(db, providerId, siteId).then(byName),
    siteSessions(db, providerId, siteId).then(byName),
    siteStaffByEmail(
      db,
      providerId,
      siteId,
      all.map((v) => text(v.keyPersonEmail)).filter((e): e is string => e !== null),
    ).then((rows) => new Map(rows.map((s) => [s.email, s.staffId] as const))),
    siteChildrenByName(
      db,
      providerId,
      siteId,
      all.map((v) => nameKey(String(v.surname))),
    ),
  ]);
  for (const row of rows) {
    const v = valuesOf.get(row.row)!;
    const match = existing.find(
      (c) =>
        nameKey(c.forename) === nameKey(String(v.forename)) &&
        nameKey(c.surname) === nameKey(String(v.surname)) &&
        c.dob === v.dob,
    );
    const room = text(v.room);
    const keyPerson = text(v.keyPersonEmail);
    const before = match ? await getChild(deps, auth, match.id) : null;
    // A blank optional cell leaves what is stored (a spreadsheet rarely holds every field).
    const keep = <T>(value: T | null, stored: T | null | undefined): T | null => value ?? stored ?? null;
    const fields = ChildRecordInput.parse({
      forename: v.forename,
      surname: v.surname,
      dob: v.dob,
      startDate: v.startDate,
      endDate: keep(text(v.leaveDate), before?.endDate),
      siteID: siteId,
      roomID: room ? roomIds.get(nameKey(room))! : (before?.roomID ?? null),
      gender: keep(text(v.gender), before?.gender),
      keyPersonID: keyPerson ? keyPeople.get(keyPerson)! : (before?.keyPersonID ?? null),
      eal: v.eal === true,
      eypp: before?.eypp ?? false,
      send: v.send === true,
      twoYearFunded: before?.twoYearFunded ?? false,
      allergies: keep(text(v.allergies), before?.allergies),
      dietaryNeeds: keep(text(v.dietaryNeeds), before?.dietaryNeeds),
      medicalNotes: keep(text(v.medicalNotes), before?.medicalNotes),
      photoConsent: v.photoConsent,
    });
    const child = before
      ? await updateChild(deps, auth, before.id, fields)
      : await createChild(deps, auth, fields);
    for (const entry of (v.sessions as readonly ImportedSessions[] | null) ?? []) {
      const comboID = sessionIds.get(nameKey(entry.session))!;
      const same = child.patterns.some(
        (p) =>
          p.comboID === comboID &&
          p.intervalWeeks === 1 &&
          p.to === null &&
          p.weekdays.length === entry.weekdays.length &&
          p.weekdays.every((d, i) => d === entry.weekdays[i]),
      );
      if (!same)
        await createPattern(deps, auth, child.id, {
          comboID,
          weekdays: [...entry.weekdays],
          intervalWeeks: 1,
          from: fields.startDate,
          to: fields.endDate,
        });
    }
    for (const n of [1, 2] as const) await importContact(deps, auth, child.id, child.contacts, v, n);
  }
}

/** Contact n of a child's row: found by e-mail (or as a linked contact of the same name), else added; then linked. */
async function importContact(
  deps: AppDeps,
  auth: AuthContext,
  childId: number,
  linked: readonly { id: number; forename: string; surname: string }[],
  v: Values,
  n: 1 | 2,
) {
  const forename = text(v[`contact${n}Forename`]);
  const surname = text(v[`contact${n}Surname`]);
  if (!forename || !surname) return;
  const email = text(v[`contact${n}Email`]);
  const relationship = text(v[`contact${n}Relationship`]);
  const type = (CONTACT_TYPES as readonly string[]).find((t) => nameKey(t) === nameKey(relationship ?? ''));
  const known =
    (email ? (await contactsByEmail(deps.db, auth.providerId, email))[0]?.id : undefined) ??
    linked.find((c) => nameKey(c.forename) === nameKey(forename) && nameKey(c.surname) === nameKey(surname))
      ?.id;
  const contactId =
    known ??
    (
      await createContact(deps, auth, {
        forename,
        surname,
        email,
        telmob: text(v[`contact${n}Mobile`]),
        type: (type as (typeof CONTACT_TYPES)[number] | undefined) ?? null,
      })
    ).id;
  if (linked.some((c) => c.id === contactId)) return;
  await putLink(deps, auth, contactId, childId, {
    relationship,
    priority: n,
    parentalResponsibility: v[`contact${n}ParentalResponsibility`] === true,
    emergency: true,
    canCollect: v[`contact${n}CanCollect`] === true,
    canAddNotes: true,
  });
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
