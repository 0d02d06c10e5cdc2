// The one place medication rows become answers (issue 31): the record, the form's setup, and what a save
// changed (the history entry's details: the fields with their old and new values, the signatures
// added, removed or replaced, by their signers' person ids).
import type {
  EventHistoryChange,
  MedicationInfoAnswer,
  MedicationPermittedActions,
  MedicationRecord,
  SignatureType,
  StoredSignatureChange,
} from '@nursery/domain/events';
import { signatureImagePath } from '@nursery/domain/registers';
import type { EventRecord } from '../events/index.ts';
import type { MedicationRow, SignatureRow } from './queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** medicationInfo as stored; a record saved before it had one reads as blank (the form asks for it). */
export function medicationInfoOf(row: MedicationRow | undefined): MedicationInfoAnswer {
  return {
    name: row?.name ?? '',
    type: row?.type ?? 'Prescribed',
    form: row?.form ?? null,
    dosage: row?.dosage ?? '',
    strength: row?.strength ?? null,
    frequency: row?.frequency ?? null,
    expiryDate: row?.expiryDate ?? null,
    storageAndDisposalInstructions: row?.storageAndDisposalInstructions ?? null,
  };
}

/** Only the medication signature types (an accident's Parent signature is not one of them). */
const isMedicationSignature = (s: SignatureRow): s is SignatureRow & { signatureType: SignatureType } =>
  s.signatureType !== 'Parent';

export function medicationRecordView(
  e: EventRecord,
  medication: MedicationRow | undefined,
  signatures: SignatureRow[],
  permittedActions: MedicationPermittedActions,
): MedicationRecord {
  return {
    id: e.id,
    raised: iso(e.raised),
    notes: e.notes,
    childID: e.childId!,
    typeID: e.typeId,
    codeID: e.codeId,
    statusID: e.statusId,
    version: e.version,
    siteID: e.siteId,
    medicationInfo: medicationInfoOf(medication),
    signatures: signatures.filter(isMedicationSignature).map((s) => ({
      id: Number(s.id),
      signatureType: s.signatureType,
      personID: s.personId,
      staffID: s.staffId,
      contactID: s.contactId,
      forename: s.forename,
      surname: s.surname,
      imageUrl: signatureImagePath(e.providerId, Number(s.id), s.key),
      created: iso(s.createdAt),
    })),
    permittedActions,
  };
}

/** The record's values a history entry compares, by field name (medicationInfo's fields by theirs). */
export type RecordValues = Record<string, string | number | null>;

export function recordValues(
  e: { raised: Date; notes: string | null; childId: number | null; codeId: number },
  info: MedicationInfoAnswer | undefined,
): RecordValues {
  return {
    raised: iso(e.raised),
    notes: e.notes ?? null,
    childID: e.childId,
    codeID: e.codeId,
    ...(info ?? {}),
  };
}

/** The fields whose values differ, with the old and new values (a new record: every field set). */
export function changesBetween(before: RecordValues | null, after: RecordValues): EventHistoryChange[] {
  const changes: EventHistoryChange[] = [];
  for (const [field, to] of Object.entries(after)) {
    const from = before ? (before[field] ?? null) : null;
    if (from !== to && !(before === null && to === null)) changes.push({ field, from, to });
  }
  return changes;
}

/** A signer as the history keeps them: by person id (names are read with the history). */
export interface SignerOf {
  signatureType: SignatureType;
  personId: number;
}

/**
 * The signatures a save adds, removes or replaces (a new drawing of the same type, by the same or
 * another signer), from the stored ones and the ones it writes.
 */
export function signatureChanges(
  stored: SignerOf[],
  written: (SignerOf & { drawn: boolean })[],
): StoredSignatureChange[] {
  const changes: StoredSignatureChange[] = [];
  const change = (
    w: { signatureType: SignatureType },
    kind: StoredSignatureChange['change'],
    signer: number | null,
    previous: number | null,
  ) =>
    changes.push({
      signatureType: w.signatureType,
      change: kind,
      signerPersonID: signer,
      previousPersonID: previous,
    });
  for (const w of written) {
    const old = stored.find((s) => s.signatureType === w.signatureType);
    if (!old) change(w, 'added', w.personId, null);
    else if (w.drawn) change(w, 'replaced', w.personId, old.personId);
  }
  for (const s of stored) {
    if (!written.some((w) => w.signatureType === s.signatureType)) change(s, 'removed', null, s.personId);
  }
  return changes;
}
