/**
 * The medication record's form on the web: the domain's form values (packages/domain medication.ts
 * holds the rules: field problems, pre-save checks, the signature order, the dose interval) plus what
 * the device keeps with them (the type, the save id for the outbox's replay), read from a stored
 * record and written as updateMedicationEvent's input. The component (MedicationRecord) draws this.
 */
import { formatDate, formatTime, toCalendarDate, zonedDateTime } from '@nursery/domain/common';
import {
  canAddSignature,
  doseWithinInterval,
  frequencyIntervalMinutes,
  isSigned,
  type MedicationDose,
  type MedicationFormValues,
  type MedicationRecord,
  medicationSignaturesInput,
  NO_SIGNER,
  type SignatureType,
  type UpdateMedicationEventInput,
} from '@nursery/domain/events';

/** The form as the page holds it and the device keeps it (events' DraftableForm: type, no media). */
export interface MedicationFormState extends MedicationFormValues {
  typeID: number | null;
  codeID: number | null;
  mediaIDs: string[];
  uploading: string[];
}

export function newMedicationForm(o: {
  now: Date;
  timeZone: string;
  typeID: number | null;
  codeID: number | null;
}): MedicationFormState {
  return {
    date: toCalendarDate(o.now, o.timeZone),
    time: formatTime(o.now, o.timeZone),
    childID: null,
    notes: '',
    name: '',
    type: null,
    form: null,
    dosage: '',
    strength: '',
    frequency: '',
    expiryDate: '',
    storageAndDisposalInstructions: '',
    signers: { AdministeredBy: NO_SIGNER, Witness: NO_SIGNER, Consent: NO_SIGNER },
    typeID: o.typeID,
    codeID: o.codeID,
    mediaIDs: [],
    uploading: [],
  };
}

/** A stored record as the form opens it: its signers by their stored signatures. */
export function formFromRecord(record: MedicationRecord, timeZone: string): MedicationFormState {
  const raised = new Date(record.raised);
  const info = record.medicationInfo;
  const signers = { AdministeredBy: NO_SIGNER, Witness: NO_SIGNER, Consent: NO_SIGNER };
  for (const s of record.signatures) {
    const personID = s.signatureType === 'Consent' ? s.contactID : s.staffID;
    signers[s.signatureType] = { personID, dataUrl: null, signatureID: s.id };
  }
  return {
    date: toCalendarDate(raised, timeZone),
    time: formatTime(raised, timeZone),
    childID: record.childID,
    notes: record.notes ?? '',
    name: info.name,
    type: info.type,
    form: info.form,
    dosage: info.dosage,
    strength: info.strength ?? '',
    frequency: info.frequency ?? '',
    expiryDate: info.expiryDate ?? '',
    storageAndDisposalInstructions: info.storageAndDisposalInstructions ?? '',
    signers,
    typeID: record.typeID,
    codeID: record.codeID,
    mediaIDs: [],
    uploading: [],
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** updateMedicationEvent's input for a form that passed its checks (a valid date and time). */
export function toSaveInput(
  form: MedicationFormState,
  o: { id: number | null; version: number | null; uuid: string | null; status: number; timeZone: string },
): UpdateMedicationEventInput {
  return {
    id: o.id,
    version: o.version,
    uuid: o.uuid,
    raised: zonedDateTime(form.date, form.time, o.timeZone).toISOString(),
    notes: orNull(form.notes),
    childIDs: form.childID === null ? [] : [form.childID],
    codeID: form.codeID ?? 0,
    status: o.status,
    medicationInfo: {
      name: form.name,
      // The field problems refuse a save without a type before this is called.
      type: form.type ?? 'Prescribed',
      form: form.form,
      dosage: form.dosage,
      strength: orNull(form.strength),
      frequency: orNull(form.frequency),
      expiryDate: orNull(form.expiryDate ?? ''),
      storageAndDisposalInstructions: orNull(form.storageAndDisposalInstructions),
    },
    signatures: medicationSignaturesInput(form),
  };
}

/** Whether a role's person may be chosen and signed now: the order of spec 002 §4. */
export function mayChooseSigner(form: MedicationFormState, type: SignatureType): boolean {
  return canAddSignature(type, {
    administeredBySigned: isSigned(form.signers.AdministeredBy),
    childChosen: form.childID !== null,
  });
}

/** The drawing applied in the signature dialog, for the role's chosen person (a new image). */
export function withSignature(
  form: MedicationFormState,
  type: SignatureType,
  dataUrl: string,
): MedicationFormState {
  const signer = form.signers[type];
  if (signer.personID === null) return form;
  return { ...form, signers: { ...form.signers, [type]: { ...signer, dataUrl, signatureID: null } } };
}

/** What the dose check asks about: the last dose of the same medicine and when it was. */
export interface DoseWarning {
  name: string;
  date: string;
  time: string;
  frequency: string;
}

/**
 * The dose check (issue 31): the latest dose of the same medicine to the same child within the
 * frequency's interval of this one, from the server's recent doses and this device's queued saves;
 * the form's own frequency states the interval, else the earlier dose's. Null: nothing to ask.
 */
export function doseWarning(
  form: MedicationFormState,
  doses: readonly MedicationDose[],
  o: { eventID: number | null; timeZone: string },
): DoseWarning | null {
  if (form.childID === null || !form.name.trim()) return null;
  let raised: Date;
  try {
    raised = zonedDateTime(form.date, form.time, o.timeZone);
  } catch {
    return null;
  }
  const ownInterval = frequencyIntervalMinutes(form.frequency);
  const found =
    ownInterval !== null
      ? doseWithinInterval(doses, form.name, raised, ownInterval, o.eventID)
      : (doses
          .map((d) =>
            doseWithinInterval([d], form.name, raised, frequencyIntervalMinutes(d.frequency), o.eventID),
          )
          .filter((d): d is MedicationDose => d !== null)
          .sort((a, b) => b.raised.localeCompare(a.raised))[0] ?? null);
  if (!found) return null;
  const at = new Date(found.raised);
  return {
    name: found.name,
    date: formatDate(at, o.timeZone),
    time: formatTime(at, o.timeZone),
    frequency: (ownInterval !== null ? form.frequency : found.frequency) ?? '',
  };
}
