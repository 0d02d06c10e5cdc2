import { describe, expect, it } from 'vitest';
import {
  canAddSignature,
  checkMedicationDate,
  checkMedicationExpiry,
  isMedicationEditable,
  MEDICATION_FORMS,
  medicationSaveAsStatuses,
} from './medication.ts';
import { EventStatus } from './statuses.ts';

describe('medication', () => {
  it('has the 14 forms', () => {
    expect(MEDICATION_FORMS).toHaveLength(14);
  });
  it('save-as offers allowed statuses except the current one', () => {
    expect(medicationSaveAsStatuses(EventStatus.Draft)).toEqual([3, 4, 5]);
    expect(medicationSaveAsStatuses(null)).toEqual([1, 3, 4, 5]);
  });
  it('published is not editable', () => {
    expect(isMedicationEditable(EventStatus.Published)).toBe(false);
    expect(isMedicationEditable(EventStatus.Pending)).toBe(true);
  });
  it('date rules', () => {
    const today = '2024-07-04';
    expect(checkMedicationDate('', today)).toBe('this-field-is-required');
    expect(checkMedicationDate('2024-02-30', today)).toBe('enter-valid-date');
    expect(checkMedicationDate('2024-07-05', today)).toBe('future-dates-not-allowed');
    expect(checkMedicationDate('2024-07-04', today)).toBeNull();
    expect(checkMedicationDate('2001-01-01', today)).toBeNull();
    expect(checkMedicationDate('2000-12-31', today)).toBe('date-after-2001');
  });
  it('expiry must not be before the event date', () => {
    expect(checkMedicationExpiry('2024-07-03', '2024-07-04')).toBe('medication-expired');
    expect(checkMedicationExpiry('2024-07-04', '2024-07-04')).toBeNull();
    expect(checkMedicationExpiry(null, '2024-07-04')).toBeNull();
  });
  it('signature order', () => {
    expect(canAddSignature('Witness', { administeredBySigned: false, childChosen: true })).toBe(false);
    expect(canAddSignature('Witness', { administeredBySigned: true, childChosen: true })).toBe(true);
    expect(canAddSignature('Consent', { administeredBySigned: true, childChosen: false })).toBe(false);
    expect(canAddSignature('AdministeredBy', { administeredBySigned: false, childChosen: false })).toBe(true);
  });
});
