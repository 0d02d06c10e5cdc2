/**
 * Medication events (spec 002 §3, §4, §5).
 */

import { MEDICATION_EARLIEST_DATE } from './limits.ts';
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

/** The expiry date must not be before the event date ('Error: This medication has expired'). */
export function checkMedicationExpiry(
  expiryDate: string | null | undefined,
  eventDate: string,
): 'medication-expired' | null {
  return expiryDate && expiryDate < eventDate ? 'medication-expired' : null;
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
