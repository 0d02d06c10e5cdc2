// What importing a children file would do (issue 29 "Moving in"), row by row, worked out once from the
// site's data read once: the child's record as it would be saved (the file's cells over what is stored:
// a blank optional cell keeps the stored value), the fields that change, the booking patterns to add and
// the contacts to add, link or change. The preview shows it (create / update / unchanged) and the
// import writes exactly it, so "unchanged" means the import writes nothing for the row.
import {
  type ChildRecordFields,
  ChildRecordInput,
  CONTACT_TYPES,
  ContactDetailsInput,
  type ContactDetailsValues,
  ContactLinkInput,
  childFieldProblems,
  type ImportedSessions,
  type ImportProblem,
  type ImportRow,
  type ImportValue,
  patternProblems,
} from '@nursery/domain/settings';
import { CHILD_ARCHIVED_MESSAGE, childSiteProblems } from '../children-admin/index.ts';
import type { MatchedChild, MatchedLink, MatchedPattern } from './queries.ts';

type Values = Readonly<Record<string, ImportValue>>;

export const nameKey = (name: string) => name.trim().toLowerCase();
export const text = (v: ImportValue | undefined): string | null =>
  typeof v === 'string' && v !== '' ? v : null;

/** What a children file is checked and matched against, read once per preview or import. */
export interface ChildrenSiteData {
  siteId: number;
  /** Rooms and enabled sessions of the site by name (lower case), key people by login e-mail. */
  roomIds: ReadonlyMap<string, number>;
  sessionIds: ReadonlyMap<string, number>;
  keyPeople: ReadonlyMap<string, number>;
  existing: readonly MatchedChild[];
  patterns: readonly MatchedPattern[];
  links: readonly MatchedLink[];
  /** Known contacts by e-mail (lower case). */
  contactsByEmail: ReadonlyMap<string, number>;
  /** Whether a room or member of staff (by id) is the site's: children-admin's childSiteProblems asks. */
  hasRoom: (roomId: number) => boolean;
  hasStaff: (staffId: number) => boolean;
}

export type LinkValues = ReturnType<typeof ContactLinkInput.parse>;

/** One contact of a row: an existing contact or one to add (keyed so siblings' rows add it once). */
export interface ContactStep {
  n: 1 | 2;
  contact: { id: number } | { newKey: string; values: ContactDetailsValues };
  /** The link to write: absent when the child is already linked with these values. */
  link: LinkValues | null;
  /** The link exists (with other values): written as a change, not an addition. */
  linked: boolean;
}

export interface PatternStep {
  comboID: number;
  weekdays: number[];
}

export interface ChildPlan {
  row: number;
  fields: ChildRecordFields;
  before: MatchedChild | null;
  /** The record's fields that differ from what is stored (empty for a new child). */
  changed: string[];
  patterns: PatternStep[];
  contacts: ContactStep[];
}

/** The stored columns of a child as the Children page's command writes them (children-admin columnsOf). */
const comparable = (f: ChildRecordFields) => ({
  forename: f.forename.trim(),
  surname: f.surname.trim(),
  dob: f.dob,
  startDate: f.startDate,
  endDate: f.endDate || null,
  roomId: f.roomID,
  keyPersonId: f.keyPersonID,
  gender: f.gender,
  eal: f.eal,
  eypp: f.eypp,
  send: f.send,
  twoYearFunded: f.twoYearFunded,
  allergies: f.allergies?.trim() || null,
  dietaryNeeds: f.dietaryNeeds?.trim() || null,
  medicalNotes: f.medicalNotes?.trim() || null,
  photoConsent: f.photoConsent,
});

/** The fields of the record that would change (none when every column the file holds says the same). */
export function changedFields(before: MatchedChild, fields: ChildRecordFields): string[] {
  return Object.entries(comparable(fields))
    .filter(([k, v]) => (before as unknown as Record<string, unknown>)[k] !== v)
    .map(([k]) => k);
}

/** The record a row saves: the file's cells, and what is stored where a cell is blank. */
export function childFieldsOf(v: Values, before: MatchedChild | null, site: ChildrenSiteData) {
  const keep = <T>(value: T | null, stored: T | null | undefined): T | null => value ?? stored ?? null;
  const room = text(v.room);
  const keyPerson = text(v.keyPersonEmail);
  return ChildRecordInput.safeParse({
    forename: v.forename,
    surname: v.surname,
    dob: v.dob,
    startDate: v.startDate,
    endDate: keep(text(v.leaveDate), before?.endDate),
    siteID: site.siteId,
    roomID: room ? (site.roomIds.get(nameKey(room)) ?? null) : (before?.roomId ?? null),
    gender: keep(text(v.gender), before?.gender),
    keyPersonID: keyPerson ? (site.keyPeople.get(keyPerson) ?? null) : (before?.keyPersonId ?? null),
    eal: v.eal === true,
    eypp: before?.eypp ?? false,
    send: v.send === true,
    twoYearFunded: before?.twoYearFunded ?? false,
    allergies: keep(text(v.allergies), before?.allergies),
    dietaryNeeds: keep(text(v.dietaryNeeds), before?.dietaryNeeds),
    medicalNotes: keep(text(v.medicalNotes), before?.medicalNotes),
    photoConsent: v.photoConsent,
  });
}

const sameDays = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((d, i) => d === [...b].sort()[i]);

/** The Sessions cell's entries the child has no weekly pattern for yet (one running to their leave date). */
function patternsToAdd(v: Values, childId: number | null, endDate: string | null, site: ChildrenSiteData) {
  const held = childId === null ? [] : site.patterns.filter((p) => p.childId === childId);
  const steps: PatternStep[] = [];
  for (const entry of (v.sessions as readonly ImportedSessions[] | null) ?? []) {
    const comboID = site.sessionIds.get(nameKey(entry.session));
    if (comboID === undefined) continue;
    const weekdays = [...entry.weekdays];
    const alreadyHeld = held.some(
      (p) =>
        p.comboId === comboID &&
        sameDays(p.weekdays, weekdays) &&
        p.intervalWeeks === 1 &&
        (p.to === null || p.to === endDate),
    );
    if (alreadyHeld || steps.some((s) => s.comboID === comboID && sameDays(s.weekdays, weekdays))) continue;
    steps.push({ comboID, weekdays });
  }
  return steps;
}

/** Contact n of a row: found by e-mail (or as a linked contact of the same name), else added; then linked. */
function contactStep(
  row: ImportRow,
  n: 1 | 2,
  childId: number | null,
  site: ChildrenSiteData,
): ContactStep | string | null {
  const v = row.values;
  const forename = text(v[`contact${n}Forename`]);
  const surname = text(v[`contact${n}Surname`]);
  if (!forename || !surname) return null;
  const email = text(v[`contact${n}Email`]);
  const relationship = text(v[`contact${n}Relationship`]);
  const type = CONTACT_TYPES.find((t) => nameKey(t) === nameKey(relationship ?? '')) ?? null;
  const linkedHere = childId === null ? [] : site.links.filter((l) => l.childId === childId);
  const known =
    (email ? site.contactsByEmail.get(email) : undefined) ??
    linkedHere.find(
      (l) => nameKey(l.forename) === nameKey(forename) && nameKey(l.surname) === nameKey(surname),
    )?.contactId;
  const link = ContactLinkInput.safeParse({
    relationship,
    priority: n,
    parentalResponsibility: v[`contact${n}ParentalResponsibility`] === true,
    emergency: true,
    canCollect: v[`contact${n}CanCollect`] === true,
    canAddNotes: true,
  });
  if (!link.success) return refusal(link.error);
  if (known === undefined) {
    const values = ContactDetailsInput.safeParse({
      forename,
      surname,
      email,
      telmob: text(v[`contact${n}Mobile`]),
      type,
    });
    if (!values.success) return refusal(values.error);
    return {
      n,
      // Without an e-mail there is nothing to know the parent by: each row adds its own.
      contact: { newKey: email ?? `row ${row.row} contact ${n}`, values: values.data },
      link: link.data,
      linked: false,
    };
  }
  const existing = linkedHere.find((l) => l.contactId === known);
  // A link the file says the same of is left as it is (its priority and other flags are the page's).
  const same =
    existing !== undefined &&
    (existing.relationship ?? null) === (link.data.relationship ?? null) &&
    existing.parentalResponsibility === link.data.parentalResponsibility &&
    existing.canCollect === link.data.canCollect;
  return {
    n,
    contact: { id: known },
    link: same ? null : existing ? { ...link.data, priority: existing.priority } : link.data,
    linked: existing !== undefined,
  };
}

/** The row's match: a child of the site with the same forename, surname and date of birth. */
export function matchOf(v: Values, site: ChildrenSiteData): MatchedChild | null {
  return (
    site.existing.find(
      (c) =>
        nameKey(c.forename) === nameKey(String(v.forename)) &&
        nameKey(c.surname) === nameKey(String(v.surname)) &&
        c.dob === v.dob,
    ) ?? null
  );
}

/** The first message of a refusal by a shared schema, for the row's problem. */
const refusal = (error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'invalid';
};

/** A row the settings pages' own rules refuse (the page's message as the problem's value). */
export const refusedProblem = (message: string): ImportProblem => ({
  column: null,
  code: 'import-refused',
  value: message,
});

/** The plan of one row without problems of its own, or the problems the shared schemas find. */
export function planChildRow(
  row: ImportRow,
  site: ChildrenSiteData,
  today: string,
): ChildPlan | ImportProblem[] {
  const v = row.values;
  const before = matchOf(v, site);
  const parsed = childFieldsOf(v, before, site);
  if (!parsed.success) return [refusedProblem(refusal(parsed.error))];
  const fields = parsed.data;
  // The Children page's own rules for the record (children-admin checkFields: the same functions).
  const refused = [...childFieldProblems(fields, today), ...childSiteProblems(fields, site)];
  if (refused.length) return refused.map((p) => refusedProblem(p.message));
  const contacts: ContactStep[] = [];
  const sameContactTwice = text(v.contact1Email) !== null && text(v.contact1Email) === text(v.contact2Email);
  for (const n of sameContactTwice ? ([1] as const) : ([1, 2] as const)) {
    const step = contactStep(row, n, before?.id ?? null, site);
    if (typeof step === 'string') return [refusedProblem(step)];
    if (step) contacts.push(step);
  }
  const plan: ChildPlan = {
    row: row.row,
    fields,
    before,
    changed: before ? changedFields(before, fields) : [],
    patterns: patternsToAdd(v, before?.id ?? null, fields.endDate || null, site),
    contacts,
  };
  // The booking pattern page's rules (patterns.ts checkPattern: the session is the site's by its name).
  const patternRefused = plan.patterns.flatMap((p) =>
    patternProblems({
      weekdays: p.weekdays,
      intervalWeeks: 1,
      from: fields.startDate,
      to: fields.endDate || null,
    }),
  );
  if (patternRefused.length) return patternRefused.map((p) => refusedProblem(p.message));
  if (before?.archived && actionOf(plan) !== 'unchanged') return [refusedProblem(CHILD_ARCHIVED_MESSAGE)];
  return plan;
}

/** What the preview says of a planned row. */
export function actionOf(plan: ChildPlan): 'create' | 'update' | 'unchanged' {
  if (!plan.before) return 'create';
  const writes =
    plan.changed.length > 0 ||
    plan.patterns.length > 0 ||
    plan.contacts.some((c) => 'newKey' in c.contact || c.link !== null);
  return writes ? 'update' : 'unchanged';
}
