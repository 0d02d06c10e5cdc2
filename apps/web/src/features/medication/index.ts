// The medication record (issue 31, spec 002 §2 Medication signatures, §3, §4, §5): the form with its three
// signatures, shown in the events drawer (features/timeline renders it for a medication event and for
// #/events/new/medication). Other features use it only through this file.
export { MedicationRecord, type MedicationRecordProps } from './MedicationRecord';

export type MedicationStrings = typeof import('./strings').medicationStrings;
// The device's offline preparation fetches the form's setup with the form's own query (issue 31).
export { medicationSetupQuery, prepareMedicationChildren } from './api';
// The shell sends the medication saves kept on this device (issue 31: the outbox's 'medication-save' kind).
export { useMedicationOfflineSync } from './offline/useMedicationOfflineSync';
