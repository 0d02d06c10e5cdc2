/**
 * Medication events (spec 002 §3, §4, §5): the enums, the statuses, the form's field rules and
 * pre-save checks, the signature order, and the dose-interval check (issue 31).
 */

import { isCalendarDate, todayInZone, zonedDateTime } from './dates.ts';
import { MEDICATION_EARLIEST_DATE } from './limits.ts';
import type { MessageKey, MessageParams } from './messages.ts';
import { futureDateProblem } from './saveRules.ts';
import { EventStatus } from './statuses.ts';

export const SIGNATURE_TYPES = ['AdministeredBy', 'Witness', 'Consent'] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

export const MEDICATION_TYPES = ['Prescribed', 'NonPrescribed'] as const;
export type MedicationType = (typeof MEDICATION_TYPES)[number];

export const MEDICATION_FORMS = [
  'AerosolInhaler',
  'CapsuleTablet',
  'Compress',
  'Drops',
  'Injection',
  'Liquid',
  'Ointment',
  'Patches',
  'TeethingGelPowder',
  'Device',
  'Foam',
  'Gel',
  'Spray',
  'Suppository',
] as const;
export type MedicationForm = (typeof MEDICATION_FORMS)[number];

/** Statuses a medication event may be saved as. */
export const MEDICATION_STATUS_IDS = [
  EventStatus.Draft,
  EventStatus.Pending,
  EventStatus.Archived,
  EventStatus.Published,
];

/** The drawer offers 'Save as' each allowed status except the current one. */
export function medicationSaveAsStatuses(currentStatusID: number | null): number[] {
  return MEDICATION_STATUS_IDS.filter((id) => id !== currentStatusID);
}

/** A published medication event cannot be edited. */
export function isMedicationEditable(statusID: number | null): boolean {
  return statusID !== EventStatus.Published;
}

export type MedicationDateProblem =
  | 'this-field-is-required'
  | 'enter-valid-date'
  | 'future-dates-not-allowed'
  | 'date-after-2001';

/** Date required and valid, not in the future, not before 1 Jan 2001. Dates are 'YYYY-MM-DD'. */
export function checkMedicationDate(
  date: string | null | undefined,
  today: string,
): MedicationDateProblem | null {
  if (!date) return 'this-field-is-required';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const valid =
    match !== null &&
    (() => {
      const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return d.toISOString().slice(0, 10) === date;
    })();
  if (!valid) return 'enter-valid-date';
  if (date > today) return 'future-dates-not-allowed';
  if (date < MEDICATION_EARLIEST_DATE) return 'date-after-2001';
  return null;
}

/** A witness cannot sign until the administering staff member has signed; consent needs a child. */
export function canAddSignature(
  type: SignatureType,
  state: { administeredBySigned: boolean; childChosen: boolean },
): boolean {
  if (type === 'Witness') return state.administeredBySigned;
  if (type === 'Consent') return state.childChosen;
  return true;
}

// --- The form's rules (spec 002 §5) ------------------------------------------------------------

/** Spec 002 §9: the medication text limits. */
export const MEDICATION_LIMITS = {
  name: 50,
  dosage: 50,
  strength: 50,
  frequency: 50,
  notes: 1500,
  storageAndDisposalInstructions: 1500,
} as const;
export type MedicationLimitedField = keyof typeof MEDICATION_LIMITS;

/** The staff signature types (keyed by staff id); Consent is keyed by a contact id of the child. */
export const STAFF_SIGNATURE_TYPES = [
  'AdministeredBy',
  'Witness',
] as const satisfies readonly SignatureType[];

export function isStaffSignature(type: SignatureType): boolean {
  return type !== 'Consent';
}

/**
 * One signer of the form: who (a staff id for AdministeredBy and Witness, a contact id for Consent)
 * and their signature: newly drawn (`dataUrl`) or already stored (`signatureID`). A signature counts
 * as signed if it was drawn or has an id (spec 002 §5).
 */
export interface MedicationSigner {
  personID: number | null;
  /** The PNG data URL of a signature drawn now; null when none was drawn. */
  dataUrl: string | null;
  /** The stored signature's id (an edit); null when none is stored for this signer. */
  signatureID: number | null;
}

export const NO_SIGNER: MedicationSigner = { personID: null, dataUrl: null, signatureID: null };

export function isSigned(signer: MedicationSigner): boolean {
  return signer.personID !== null && (signer.dataUrl !== null || signer.signatureID !== null);
}

/** The medication form's values as the rules read them (dates 'YYYY-MM-DD', times 'HH:mm', Europe/London). */
export interface MedicationFormValues {
  date: string;
  time: string;
  childID: number | null;
  notes: string;
  name: string;
  type: MedicationType | null;
  form: MedicationForm | null;
  dosage: string;
  strength: string;
  frequency: string;
  /** '' or null: none. */
  expiryDate: string | null;
  storageAndDisposalInstructions: string;
  signers: Record<SignatureType, MedicationSigner>;
}

/** The fields a problem is shown under. */
export type MedicationField =
  | 'date'
  | 'time'
  | 'childID'
  | 'administeredBy'
  | 'witness'
  | 'name'
  | 'type'
  | 'dosage'
  | 'strength'
  | 'frequency'
  | 'expiryDate'
  | 'notes'
  | 'storageAndDisposalInstructions';

/** A problem as a message key of MESSAGES_EN_GB and its placeholders (formatMessage(key, params)). */
export interface MedicationProblem {
  key: MessageKey;
  params?: MessageParams;
}
export type MedicationFieldProblems = Partial<Record<MedicationField, MedicationProblem>>;

const problem = (key: MessageKey, params?: MessageParams): MedicationProblem =>
  params ? { key, params } : { key };

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The limits of medicationInfo's texts and the notes: 'This field has a maximum length of {{limit}} characters.' */
export function medicationLengthProblems(
  values: Partial<Record<MedicationLimitedField, string | null | undefined>>,
): MedicationFieldProblems {
  const problems: MedicationFieldProblems = {};
  for (const field of Object.keys(MEDICATION_LIMITS) as MedicationLimitedField[]) {
    const limit = MEDICATION_LIMITS[field];
    if ((values[field] ?? '').length > limit)
      problems[field] = problem('this-field-has-max-length-of', { limit });
  }
  return problems;
}

/**
 * The expiry date must not be before the event's date and time ('Error: This medication has
 * expired'): an expiry date is the start of that day, so a medicine expiring today may be given at
 * 00:00 only. Without a time the date alone is compared.
 */
export function checkMedicationExpiry(
  expiryDate: string | null | undefined,
  eventDate: string,
  eventTime?: string | null,
): 'medication-expired' | null {
  if (!expiryDate) return null;
  if (expiryDate < eventDate) return 'medication-expired';
  if (expiryDate === eventDate && eventTime && eventTime > '00:00') return 'medication-expired';
  return null;
}

/**
 * Every field's problem of the form (spec 002 §5), by field; an empty object when the form is fine.
 * `now` is the clock's instant (future dates and times are judged in Europe/London).
 */
export function medicationFieldProblems(form: MedicationFormValues, now: Date): MedicationFieldProblems {
  const problems: MedicationFieldProblems = {};
  const dateProblem = checkMedicationDate(form.date, todayInZone(now));
  if (dateProblem) problems.date = problem(dateProblem);
  const timeValid = TIME_PATTERN.test(form.time);
  if (!timeValid) problems.time = problem('enter-valid-time');
  else if (
    !dateProblem &&
    futureDateProblem('medication', { raised: zonedDateTime(form.date, form.time) }, now)
  )
    problems.time = problem('future-dates-not-allowed');
  if (form.childID === null) problems.childID = problem('error-this-field-is-required');
  if (form.signers.AdministeredBy.personID === null)
    problems.administeredBy = problem('error-this-field-is-required');
  if (form.signers.Witness.personID === null) problems.witness = problem('error-this-field-is-required');
  if (!form.name.trim()) problems.name = problem('this-field-is-required');
  if (!form.type) problems.type = problem('this-field-is-required');
  if (!form.dosage.trim()) problems.dosage = problem('this-field-is-required');
  for (const [field, p] of Object.entries(medicationLengthProblems(form))) {
    problems[field as MedicationField] ??= p;
  }
  if (form.expiryDate && !isCalendarDate(form.expiryDate)) problems.expiryDate = problem('enter-valid-date');
  else if (!dateProblem) {
    const expired = checkMedicationExpiry(form.expiryDate, form.date, timeValid ? form.time : null);
    if (expired) problems.expiryDate = problem(expired);
  }
  return problems;
}

/** The pre-save checks of spec 002 §5, in order: the first one's message key, or null. */
export type MedicationPreSaveKey =
  | 'must-select-child'
  | 'must-select-staff'
  | 'must-select-witness'
  | 'staff-signature-required'
  | 'witness-signature-required';

export function medicationPreSaveProblem(
  form: Pick<MedicationFormValues, 'childID' | 'signers'>,
): MedicationPreSaveKey | null {
  if (form.childID === null) return 'must-select-child';
  if (form.signers.AdministeredBy.personID === null) return 'must-select-staff';
  if (form.signers.Witness.personID === null) return 'must-select-witness';
  if (!isSigned(form.signers.AdministeredBy)) return 'staff-signature-required';
  if (!isSigned(form.signers.Witness)) return 'witness-signature-required';
  return null;
}

// --- The signature order (spec 002 §4) -----------------------------------------------------------

/** A signature as the selectors read them: its type and its signer (staff id or contact id). */
export interface SignerOfType {
  signatureType: SignatureType;
  personID: number | null;
}

/**
 * The people who may be chosen to sign as `type`: staff who already signed in the other staff role
 * are excluded (one person, one role). Consent's choices are the child's contacts: none is excluded.
 */
export function signerChoices<P extends { id: number }>(
  type: SignatureType,
  people: readonly P[],
  signatures: readonly SignerOfType[],
): P[] {
  if (!isStaffSignature(type)) return [...people];
  const taken = new Set(
    signatures
      .filter((s) => s.signatureType !== type && isStaffSignature(s.signatureType) && s.personID !== null)
      .map((s) => s.personID),
  );
  return people.filter((p) => !taken.has(p.id));
}

/** The form's signers as the selectors read them. */
export function signersOf(form: Pick<MedicationFormValues, 'signers'>): SignerOfType[] {
  return SIGNATURE_TYPES.map((signatureType) => ({
    signatureType,
    personID: form.signers[signatureType].personID,
  }));
}

/** Choosing another signer for a role drops the signature drawn or stored for the one before. */
export function withSigner<F extends Pick<MedicationFormValues, 'signers'>>(
  form: F,
  type: SignatureType,
  personID: number | null,
): F {
  if (personID === null && type === 'AdministeredBy') return withStaffCleared(form);
  if (form.signers[type].personID === personID) return form;
  return { ...form, signers: { ...form.signers, [type]: { ...NO_SIGNER, personID } } };
}

/** Changing the child clears the parent's (Consent) contact and signature. */
export function withChildChanged<F extends Pick<MedicationFormValues, 'childID' | 'signers'>>(
  form: F,
  childID: number | null,
): F {
  if (form.childID === childID) return form;
  return { ...form, childID, signers: { ...form.signers, Consent: NO_SIGNER } };
}

/** Clearing the administering staff member also clears the witness (who signs after them). */
export function withStaffCleared<F extends Pick<MedicationFormValues, 'signers'>>(form: F): F {
  return { ...form, signers: { ...form.signers, AdministeredBy: NO_SIGNER, Witness: NO_SIGNER } };
}

/**
 * The signatures of a save (UpdateMedicationEventInput.signatures): each chosen and signed signer,
 * with the drawn image or null to keep the stored one.
 */
export function medicationSignaturesInput(
  form: Pick<MedicationFormValues, 'signers'>,
): { signatureType: SignatureType; personID: number; dataUrl: string | null }[] {
  return SIGNATURE_TYPES.flatMap((signatureType) => {
    const s = form.signers[signatureType];
    return s.personID !== null && isSigned(s)
      ? [{ signatureType, personID: s.personID, dataUrl: s.dataUrl }]
      : [];
  });
}

// --- Dose intervals (beyond the spec: a dose within the frequency's interval asks first) ---------------

const HOUR = 60;
const DAY = 24 * HOUR;
const TIMES_A_DAY: Record<string, number> = {
  once: 1,
  twice: 2,
  'three times': 3,
  thrice: 3,
  'four times': 4,
  'five times': 5,
  'six times': 6,
};
const ABBREVIATIONS: Record<string, number> = {
  od: DAY,
  bd: 12 * HOUR,
  bid: 12 * HOUR,
  tds: 8 * HOUR,
  tid: 8 * HOUR,
  qds: 6 * HOUR,
  qid: 6 * HOUR,
};

/**
 * The least time between two doses that a free-text frequency states, in minutes, or null when the
 * text states none this parser knows ("as needed", "with meals"): no check then. Understood: "every
 * 4 hours" (a range "every 4-6 hours" takes its lower bound), "every hour", "4 hourly", "hourly",
 * "every 30 minutes", "every 2 days", "once a day" / "daily" / "od" (24 h), "twice a day" / "bd"
 * (12 h), "three times a day" / "tds" (8 h), "four times a day" / "qds" (6 h), "N times a day".
 */
export function frequencyIntervalMinutes(text: string | null | undefined): number | null {
  const t = (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  if (!t) return null;
  const every =
    /\bevery (\d+(?:\.\d+)?)?(?: ?(?:-|to) ?\d+(?:\.\d+)?)? ?(minutes?|mins?|hours?|hrs?|h|days?)\b/.exec(t);
  if (every) {
    const n = every[1] ? Number(every[1]) : 1;
    const unit = every[2]!;
    const minutes = unit.startsWith('m') ? n : unit.startsWith('d') ? n * DAY : n * HOUR;
    return minutes > 0 ? Math.round(minutes) : null;
  }
  const hourly = /\b(\d+(?:\.\d+)?)(?: ?(?:-|to) ?\d+(?:\.\d+)?)?[ -]?hourly\b/.exec(t);
  if (hourly) return Number(hourly[1]) > 0 ? Math.round(Number(hourly[1]) * HOUR) : null;
  if (/\bhourly\b/.test(t)) return HOUR;
  const timesADay =
    /\b(once|twice|thrice|three times|four times|five times|six times|(\d+) times|(\d+)x|x ?(\d+)) (?:a|per|each) day\b|\b(once|twice|three times|four times|(\d+) times) daily\b/.exec(
      t,
    );
  if (timesADay) {
    const word = timesADay[1] ?? timesADay[5] ?? '';
    const n = Number(timesADay[2] ?? timesADay[3] ?? timesADay[4] ?? timesADay[6]) || TIMES_A_DAY[word];
    return n && n > 0 ? Math.round(DAY / n) : null;
  }
  if (/\b(daily|once a day|every day|each day|per day)\b/.test(t)) return DAY;
  for (const [abbreviation, minutes] of Object.entries(ABBREVIATIONS)) {
    if (new RegExp(`\\b${abbreviation}\\b`).test(t)) return minutes;
  }
  return null;
}

/** A dose of a medicine given to the child (MedicationSetup.recentDoses). */
export interface MedicationDose {
  eventID: number;
  name: string;
  /** The instant it was given (ISO). */
  raised: string;
  frequency: string | null;
}

/** A medicine's name as doses are matched: case and spaces do not count. */
export const medicineKey = (name: string): string => name.toLowerCase().replace(/\s+/g, '');

/**
 * The latest other dose of the same medicine (same name, case- and space-insensitive) given less
 * than `intervalMinutes` before or after `raised`, or null (also when there is no interval to check).
 * `eventID`: the record being edited, whose own stored dose does not count.
 */
export function doseWithinInterval<D extends MedicationDose>(
  lastDoses: readonly D[],
  name: string,
  raised: string | Date,
  intervalMinutes: number | null,
  eventID: number | null = null,
): D | null {
  if (intervalMinutes === null || !name.trim()) return null;
  const at = new Date(raised).getTime();
  const key = medicineKey(name);
  const close = lastDoses.filter(
    (d) =>
      d.eventID !== eventID &&
      medicineKey(d.name) === key &&
      Math.abs(new Date(d.raised).getTime() - at) < intervalMinutes * 60_000,
  );
  close.sort((a, b) => new Date(b.raised).getTime() - new Date(a.raised).getTime());
  return close[0] ?? null;
}
