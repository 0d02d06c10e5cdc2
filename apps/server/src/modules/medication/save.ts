// The medication save, GraphQL `updateMedicationEvent` (spec 002 §3-§5, §7; issue 31): an add or an edit
// of a medication record with its medicationInfo and its AdministeredBy, Witness and Consent
// signatures. The save runs through the events module's one save command (events/save-command.ts:
// visibility, versions, transitions, future dates, idempotency, the transaction with history, audit
// and notifications; a published medication record is refused there, for every API). This file maps
// the input and the answer and holds the medication part: the form's rules (the domain's functions),
// the signature rules, and its rows (event_medication, event_signatures) and history details.
import { EventStatus, formatMessage } from '@nursery/domain/common';
import {
  type MedicationField,
  type MedicationFormValues,
  type MedicationSaveResult,
  medicationFieldProblems,
  NO_SIGNER,
  type SignatureType,
  UpdateMedicationEventInput,
} from '@nursery/domain/events';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { type AuthContext, mayUseSite } from '../../plugins/auth.ts';
import {
  type CheckedSave,
  type EventRecord,
  type EventSavePart,
  type EventSaveRequest,
  resolveTypeAndCode,
  runEventSave,
  runInserts,
  type SaveContext,
  type Tx,
} from '../events/index.ts';
import { newKey, pngOf, removeImages, storeImage } from '../signatures/index.ts';
import { isMedicationEvent, medicationTypeOf, requireMedication } from './policy.ts';
import {
  changesBetween,
  medicationInfoOf,
  type RecordValues,
  recordValues,
  type SignerOf,
  signatureChanges,
} from './presenter.ts';
import {
  contactsOfChildren,
  deleteSignatures,
  insertMedication,
  insertSignatures,
  medicationOf,
  type NewMedicationRow,
  type NewSignatureRow,
  signaturesOf,
  siteSigners,
  upsertMedication,
} from './queries.ts';
import { localDateTime } from './service.ts';

const bad = (code: string, message: string) => new AppError(400, code, message);

/** zod's first problem as the API's 400, naming the field (GraphQL does not run refinements). */
export function parseMedicationInput(raw: unknown): UpdateMedicationEventInput {
  const parsed = UpdateMedicationEventInput.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.join('.');
  throw bad('err-invalid-request', `${where ? `${where}: ` : ''}${issue.message}`);
}

/** The form's field problems the server judges (the shared rule judges future dates, with its grace). */
function checkFields(input: UpdateMedicationEventInput, local: { date: string; time: string }, now: Date) {
  const info = input.medicationInfo;
  const form: MedicationFormValues = {
    ...local,
    childID: input.childIDs[0]!,
    notes: input.notes ?? '',
    name: info.name,
    type: info.type,
    form: info.form ?? null,
    dosage: info.dosage,
    strength: info.strength ?? '',
    frequency: info.frequency ?? '',
    expiryDate: info.expiryDate ?? null,
    storageAndDisposalInstructions: info.storageAndDisposalInstructions ?? '',
    // Who signs is judged with the signatures (a draft may be saved before the witness signs).
    signers: {
      AdministeredBy: { ...NO_SIGNER, personID: 0 },
      Witness: { ...NO_SIGNER, personID: 0 },
      Consent: NO_SIGNER,
    },
  };
  const problems = Object.entries(medicationFieldProblems(form, now)).filter(
    ([, p]) => p.key !== 'future-dates-not-allowed',
  );
  const [field, problem] = problems[0] ?? [];
  if (!field || !problem) return;
  const label: Record<string, string> = { date: 'raised', time: 'raised', childID: 'childIDs' };
  const where = label[field] ?? (field === 'notes' ? 'notes' : `medicationInfo.${field as MedicationField}`);
  throw bad(
    problem.key === 'medication-expired' ? 'err-medication-expired' : 'err-medication-invalid',
    `${where}: ${formatMessage(problem.key, problem.params)}`,
  );
}

/** A signature the save writes now (a new drawing), its signer resolved. */
interface NewSignature {
  signatureType: SignatureType;
  personId: number;
  staffId: number | null;
  contactId: number | null;
  bytes: Buffer;
  key: string;
  dataPath?: string;
}

interface MedicationChecked extends CheckedSave {
  info: Omit<NewMedicationRow, 'providerId' | 'eventId'>;
  /** Stored signatures the save removes or replaces. */
  drop: number[];
  add: NewSignature[];
  before: RecordValues | null;
  after: RecordValues;
  signatureChanges: ReturnType<typeof signatureChanges>;
}

/**
 * The signatures' rules (spec 002 §4; the same as the form's): one per type; a witness only with the
 * administering staff member's signature; staff signers are staff of the event's site, the Consent
 * signer a contact of the child; one person, one role; a kept signature (no image) is the stored one
 * of that type and signer; publishing needs the AdministeredBy and Witness signatures.
 */
async function checkSignatures(ctx: SaveContext, input: UpdateMedicationEventInput, siteId: number) {
  const { db, auth, stored } = ctx;
  const sigs = input.signatures;
  const types = sigs.map((s) => s.signatureType);
  if (new Set(types).size !== types.length)
    throw bad('err-invalid-request', 'signatures: one signature per type.');
  const has = (t: SignatureType) => types.includes(t);
  if (has('Witness') && !has('AdministeredBy'))
    throw bad(
      'err-witness-before-staff',
      'A witness cannot sign before the administering staff member has signed.',
    );
  if (input.status === EventStatus.Published) {
    if (!has('AdministeredBy'))
      throw bad('err-medication-unsigned', formatMessage('staff-signature-required'));
    if (!has('Witness')) throw bad('err-medication-unsigned', formatMessage('witness-signature-required'));
  }
  const staffIds = sigs.filter((s) => s.signatureType !== 'Consent').map((s) => s.personID);
  const [storedSigs, signers, contacts] = await Promise.all([
    stored ? signaturesOf(db, auth.providerId, stored.id) : [],
    staffIds.length ? siteSigners(db, auth.providerId, siteId, ctx.now, staffIds) : [],
    has('Consent') ? contactsOfChildren(db, auth.providerId, [input.childIDs[0]!]) : [],
  ]);
  const storedOfType = (t: SignatureType) => storedSigs.find((s) => s.signatureType === t);
  const add: NewSignature[] = [];
  /** The drawn images, in the order of `add` (checked together once the signers are). */
  const drawn: string[] = [];
  const written: (SignerOf & { drawn: boolean })[] = [];
  for (const s of sigs) {
    const consent = s.signatureType === 'Consent';
    const old = storedOfType(s.signatureType);
    const signerOfOld = old && (consent ? old.contactId : old.staffId) === s.personID ? old : undefined;
    if (!s.dataUrl) {
      if (!signerOfOld)
        throw bad(
          'err-signature-missing',
          `signatures: ${s.signatureType} has no stored signature by this signer to keep; a new one must be drawn.`,
        );
      written.push({ signatureType: s.signatureType, drawn: false, personId: signerOfOld.personId });
      continue;
    }
    const signer = consent
      ? contacts.find((c) => c.id === s.personID)
      : signers.find((m) => m.id === s.personID);
    if (!signer)
      throw consent
        ? bad('err-consent-not-contact', "signatures: the Consent signer is not one of the child's contacts.")
        : bad(
            'err-signer-not-at-site',
            `signatures: the ${s.signatureType} signer is not a member of staff of the site.`,
          );
    drawn.push(s.dataUrl);
    add.push({
      signatureType: s.signatureType,
      personId: signer.personID,
      staffId: consent ? null : signer.id,
      contactId: consent ? signer.id : null,
      bytes: Buffer.alloc(0),
      key: newKey(),
    });
    written.push({ signatureType: s.signatureType, drawn: true, personId: signer.personID });
  }
  const people = written.map((w) => w.personId);
  if (new Set(people).size !== people.length)
    throw bad('err-signer-twice', 'One person signs a medication record in one role only.');
  const images = await Promise.all(drawn.map(pngOf));
  for (const [i, bytes] of images.entries()) add[i]!.bytes = bytes;
  const medicationSigs = storedSigs.filter((s) => s.signatureType !== 'Parent');
  const drop = medicationSigs
    .filter((s) => {
      const w = written.find((x) => x.signatureType === s.signatureType);
      return !w || w.drawn;
    })
    .map((s) => Number(s.id));
  const before = medicationSigs.map((s) => ({
    signatureType: s.signatureType as SignatureType,
    personId: s.personId,
  }));
  return { add, drop, changes: signatureChanges(before, written) };
}

/** The medication record's part of a save. */
function medicationPart(deps: AppDeps, input: UpdateMedicationEventInput): EventSavePart<MedicationChecked> {
  const childId = input.childIDs[0]!;
  const info = input.medicationInfo;
  return {
    saves: (stored, policy) => isMedicationEvent(policy, stored),
    async check(ctx) {
      const { db, auth, policy, stored: e, kids, now } = ctx;
      requireMedication(auth, ctx.flags);
      const type = e ? policy.type(e.typeId) : medicationTypeOf(policy);
      if (!type) throw bad('err-invalid-type', 'The medication event type is not enabled for this account.');
      // Another provider's child (or one of a site the user may not use) is not found first.
      if (kids.length !== 1 || !mayUseSite(auth, kids[0]!.site_id)) throw notFound('Child not found.');
      if (e && e.childId !== childId)
        throw bad('err-child-locked', 'childIDs: the child of an existing record cannot change.');
      const tc = resolveTypeAndCode(policy, type.id, input.codeID);
      if (!type.codes.find((c) => c.id === input.codeID)?.enabled && input.codeID !== e?.codeId)
        throw bad('err-invalid-code', 'codeID: the code is not enabled.');
      const siteId = e?.siteId ?? kids[0]!.site_id;
      const raised = new Date(input.raised);
      // The reads do not depend on each other: one parallel round, then the field rules first.
      const reads = Promise.all([
        checkSignatures(ctx, input, siteId),
        e ? medicationOf(db, auth.providerId, e.id) : undefined,
      ]);
      reads.catch(() => {});
      checkFields(input, localDateTime(raised, await siteTimeZone(db, auth.providerId, siteId)), now);
      const [signatures, storedInfo] = await reads;
      const row = {
        name: info.name.trim(),
        type: info.type,
        form: info.form ?? null,
        dosage: info.dosage.trim(),
        strength: info.strength || null,
        frequency: info.frequency || null,
        expiryDate: info.expiryDate ?? null,
        storageAndDisposalInstructions: info.storageAndDisposalInstructions || null,
      };
      const columns = { codeId: input.codeID, raised, notes: input.notes || null };
      return {
        typeId: type.id,
        tc,
        raised,
        date2: null,
        columns,
        info: row,
        drop: signatures.drop,
        add: signatures.add,
        before: e ? recordValues(e, storedInfo ? medicationInfoOf(storedInfo) : undefined) : null,
        after: recordValues({ ...columns, childId }, medicationInfoOf({ providerId: 0, eventId: 0, ...row })),
        signatureChanges: signatures.changes,
      };
    },
    async checkAfter({ auth }, checked) {
      // Every check has passed: the images are stored now, named by their random keys. Each is set on
      // its signature as it lands, and all have settled before a failure (507/503) refuses the save,
      // so the save's clean-up removes every one that was stored.
      const stored = await Promise.allSettled(
        checked.add.map(async (s) => {
          s.dataPath = await storeImage(deps, auth.providerId, s.key, s.bytes);
        }),
      );
      const failed = stored.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    historyDetails(_ctx, checked) {
      const changes = changesBetween(checked.before, checked.after);
      return { fields: changes.map((c) => c.field), changes, signatures: checked.signatureChanges };
    },
    async writeCreated(tx, { auth, now }, checked, targets, alongside) {
      const eventId = targets[0]!.eventId;
      await runInserts(tx, [
        insertMedication(tx, { providerId: auth.providerId, eventId, ...checked.info }),
        ...signatureInserts(tx, auth.providerId, eventId, checked.add, now),
        ...alongside,
      ]);
    },
    async writeUpdated(tx, { auth, now }, checked, target) {
      await deleteSignatures(tx, auth.providerId, target.eventId, checked.drop);
      await runInserts(tx, [
        upsertMedication(tx, { providerId: auth.providerId, eventId: target.eventId, ...checked.info }),
        ...signatureInserts(tx, auth.providerId, target.eventId, checked.add, now),
      ]);
    },
  };
}

const signatureInserts = (tx: Tx, providerId: number, eventId: number, add: NewSignature[], now: Date) => {
  if (add.length === 0) return [];
  const rows: NewSignatureRow[] = add.map((s) => ({
    providerId,
    eventId,
    signatureType: s.signatureType,
    personId: s.personId,
    staffId: s.staffId,
    contactId: s.contactId,
    dataPath: s.dataPath ?? null,
    mimeType: 'image/png',
    key: s.key,
    createdAt: now,
  }));
  return [insertSignatures(tx, rows)];
};

const result = (created: boolean, rows: EventRecord[]): MedicationSaveResult => {
  const e = rows[0]!;
  return { id: e.id, version: e.version, statusID: e.statusId, created };
};

/**
 * GraphQL updateMedicationEvent: the input mapped to the events module's one save command, with the
 * medication part, and its outcome mapped back. Images stored for a save that did not happen (a
 * refusal in the transaction, a version conflict) are removed again.
 */
export async function saveMedication(
  deps: AppDeps,
  auth: AuthContext,
  raw: unknown,
): Promise<MedicationSaveResult> {
  const input = parseMedicationInput(raw);
  // The permission now; the provider's flag with the save's reads (the part's check).
  requireMedication(auth, {});
  const existing = input.id != null;
  if (existing && input.version == null) throw bad('err-invalid-request', 'version: required with an id.');
  if (existing && input.uuid != null) throw bad('err-invalid-request', 'uuid: only an add has a save uuid.');
  const request: EventSaveRequest = {
    edit: existing ? { id: input.id!, version: input.version! } : undefined,
    saveUuid: input.uuid ?? undefined,
    replayable: input.uuid != null,
    childIds: input.childIDs,
    statusId: input.status,
  };
  const part = medicationPart(deps, input);
  let stored: NewSignature[] = [];
  const tracked: EventSavePart<MedicationChecked> = {
    ...part,
    async checkAfter(ctx, checked) {
      stored = checked.add;
      await part.checkAfter!(ctx, checked);
    },
  };
  const unstore = () =>
    removeImages(
      deps,
      stored.map((s) => s.dataPath),
    );
  try {
    const outcome = await runEventSave(deps, auth, request, tracked);
    if (outcome.kind === 'conflict') {
      await unstore();
      throw new AppError(409, 'err-conflict', 'The record was changed by another save.');
    }
    return result(outcome.kind !== 'updated', outcome.rows);
  } catch (err) {
    await unstore();
    throw err;
  }
}
