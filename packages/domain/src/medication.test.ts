import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './dates.ts';
import {
  canAddSignature,
  checkMedicationDate,
  checkMedicationExpiry,
  doseWithinInterval,
  frequencyIntervalMinutes,
  isMedicationEditable,
  MEDICATION_FORMS,
  type MedicationFormValues,
  medicationFieldProblems,
  medicationPreSaveProblem,
  medicationSaveAsStatuses,
  medicationSignaturesInput,
  NO_SIGNER,
  signerChoices,
  withChildChanged,
  withSigner,
  withStaffCleared,
} from './medication.ts';
import { formatMessage } from './messages.ts';
import { MedicationInfo, UpdateMedicationEventInput } from './schemas/medication.ts';
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
    // ...nor before its time: the expiry date is the start of its day.
    expect(checkMedicationExpiry('2024-07-04', '2024-07-04', '00:00')).toBeNull();
    expect(checkMedicationExpiry('2024-07-04', '2024-07-04', '00:01')).toBe('medication-expired');
  });
  it('signature order', () => {
    expect(canAddSignature('Witness', { administeredBySigned: false, childChosen: true })).toBe(false);
    expect(canAddSignature('Witness', { administeredBySigned: true, childChosen: true })).toBe(true);
    expect(canAddSignature('Consent', { administeredBySigned: true, childChosen: false })).toBe(false);
    expect(canAddSignature('AdministeredBy', { administeredBySigned: false, childChosen: false })).toBe(true);
  });
});

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** 4 July 2024, 14:00 in London (13:00 UTC). */
const NOW = new Date('2024-07-04T13:00:00Z');

const signed = (personID: number) => ({ personID, dataUrl: PNG, signatureID: null });
const validForm = (): MedicationFormValues => ({
  date: '2024-07-04',
  time: '10:30',
  childID: 7,
  notes: '',
  name: 'Calpol',
  type: 'NonPrescribed',
  form: 'Liquid',
  dosage: '5 ml',
  strength: '120 mg/5 ml',
  frequency: 'every 4 hours',
  expiryDate: '2025-01-31',
  storageAndDisposalInstructions: '',
  signers: { AdministeredBy: signed(1), Witness: signed(2), Consent: NO_SIGNER },
});

describe('medication form field problems (spec 002 §5)', () => {
  const keyOf = (form: MedicationFormValues, field: string) =>
    (medicationFieldProblems(form, NOW) as Record<string, { key: string } | undefined>)[field]?.key;

  it('a complete form has none', () => {
    expect(medicationFieldProblems(validForm(), NOW)).toEqual({});
  });
  it('date: required, valid, not in the future, not before 1 Jan 2001', () => {
    expect(keyOf({ ...validForm(), date: '' }, 'date')).toBe('this-field-is-required');
    expect(keyOf({ ...validForm(), date: '2024-13-01' }, 'date')).toBe('enter-valid-date');
    expect(keyOf({ ...validForm(), date: '2024-07-05' }, 'date')).toBe('future-dates-not-allowed');
    expect(keyOf({ ...validForm(), date: '2000-12-31' }, 'date')).toBe('date-after-2001');
    expect(formatMessage('future-dates-not-allowed')).toBe('Future dates are not allowed.');
    expect(formatMessage('date-after-2001')).toBe('Please enter a date after 1 Jan 2001.');
    expect(formatMessage('enter-valid-date')).toBe('Please enter a valid date.');
  });
  it("time: required and valid ('Please enter a valid time.'); later today is in the future", () => {
    expect(keyOf({ ...validForm(), time: '' }, 'time')).toBe('enter-valid-time');
    expect(keyOf({ ...validForm(), time: '25:00' }, 'time')).toBe('enter-valid-time');
    expect(formatMessage('enter-valid-time')).toBe('Please enter a valid time.');
    // 14:10 is within the clock's grace; 15:00 is not.
    expect(keyOf({ ...validForm(), time: '14:10' }, 'time')).toBeUndefined();
    expect(keyOf({ ...validForm(), time: '15:00' }, 'time')).toBe('future-dates-not-allowed');
  });
  it("child, staff and witness: 'Error: This field is required.'", () => {
    const form = {
      ...validForm(),
      childID: null,
      signers: { AdministeredBy: NO_SIGNER, Witness: NO_SIGNER, Consent: NO_SIGNER },
    };
    expect(keyOf(form, 'childID')).toBe('error-this-field-is-required');
    expect(keyOf(form, 'administeredBy')).toBe('error-this-field-is-required');
    expect(keyOf(form, 'witness')).toBe('error-this-field-is-required');
    expect(formatMessage('error-this-field-is-required')).toBe('Error: This field is required.');
  });
  it('name, type and dosage are required (spaces alone are nothing)', () => {
    const form = { ...validForm(), name: '  ', type: null, dosage: '' };
    expect(keyOf(form, 'name')).toBe('this-field-is-required');
    expect(keyOf(form, 'type')).toBe('this-field-is-required');
    expect(keyOf(form, 'dosage')).toBe('this-field-is-required');
  });
  it('limits: 50 for name, dosage, strength and frequency; 1500 for notes and storage', () => {
    const at = (n: number) => 'x'.repeat(n);
    const ok = {
      ...validForm(),
      name: at(50),
      dosage: at(50),
      strength: at(50),
      frequency: at(50),
      notes: at(1500),
      storageAndDisposalInstructions: at(1500),
    };
    expect(medicationFieldProblems(ok, NOW)).toEqual({});
    const over = {
      ...validForm(),
      name: at(51),
      dosage: at(51),
      strength: at(51),
      frequency: at(51),
      notes: at(1501),
      storageAndDisposalInstructions: at(1501),
    };
    const problems = medicationFieldProblems(over, NOW);
    expect(problems.name).toEqual({ key: 'this-field-has-max-length-of', params: { limit: 50 } });
    expect(problems.dosage?.params).toEqual({ limit: 50 });
    expect(problems.strength?.params).toEqual({ limit: 50 });
    expect(problems.frequency?.params).toEqual({ limit: 50 });
    expect(problems.notes).toEqual({ key: 'this-field-has-max-length-of', params: { limit: 1500 } });
    expect(problems.storageAndDisposalInstructions?.params).toEqual({ limit: 1500 });
  });
  it("expiry: 'Error: This medication has expired' against the event's date and time", () => {
    expect(keyOf({ ...validForm(), expiryDate: '2024-07-03' }, 'expiryDate')).toBe('medication-expired');
    // Expiring today: expired once the day has begun (the expiry date is the start of that day).
    expect(keyOf({ ...validForm(), expiryDate: '2024-07-04', time: '10:30' }, 'expiryDate')).toBe(
      'medication-expired',
    );
    expect(keyOf({ ...validForm(), expiryDate: '2024-07-04', time: '00:00' }, 'expiryDate')).toBeUndefined();
    expect(keyOf({ ...validForm(), expiryDate: '2024-07-05' }, 'expiryDate')).toBeUndefined();
    expect(keyOf({ ...validForm(), expiryDate: null }, 'expiryDate')).toBeUndefined();
    expect(keyOf({ ...validForm(), expiryDate: '2024-02-30' }, 'expiryDate')).toBe('enter-valid-date');
    expect(formatMessage('medication-expired')).toBe('Error: This medication has expired');
  });
});

describe('medication pre-save checks (spec 002 §5)', () => {
  it('answers the first problem, in the spec order', () => {
    const form = validForm();
    expect(medicationPreSaveProblem(form)).toBeNull();
    const none = { AdministeredBy: NO_SIGNER, Witness: NO_SIGNER, Consent: NO_SIGNER };
    expect(medicationPreSaveProblem({ childID: null, signers: none })).toBe('must-select-child');
    expect(medicationPreSaveProblem({ childID: 7, signers: none })).toBe('must-select-staff');
    const staffChosen = { ...none, AdministeredBy: { ...NO_SIGNER, personID: 1 } };
    expect(medicationPreSaveProblem({ childID: 7, signers: staffChosen })).toBe('must-select-witness');
    const bothChosen = { ...staffChosen, Witness: { ...NO_SIGNER, personID: 2 } };
    expect(medicationPreSaveProblem({ childID: 7, signers: bothChosen })).toBe('staff-signature-required');
    const staffSigned = { ...bothChosen, AdministeredBy: signed(1) };
    expect(medicationPreSaveProblem({ childID: 7, signers: staffSigned })).toBe('witness-signature-required');
    // A stored signature (an id) counts as signed.
    const stored = { ...staffSigned, Witness: { personID: 2, dataUrl: null, signatureID: 99 } };
    expect(medicationPreSaveProblem({ childID: 7, signers: stored })).toBeNull();
  });
  it('has the spec wording', () => {
    expect(formatMessage('must-select-child')).toBe('You must select a child!');
    expect(formatMessage('must-select-staff')).toBe('You must select a staff member!');
    expect(formatMessage('must-select-witness')).toBe('You must select a witness!');
    expect(formatMessage('staff-signature-required')).toBe('Staff signature must be added!');
    expect(formatMessage('witness-signature-required')).toBe('Witness signature must be added!');
  });
});

describe('medication signature order (spec 002 §4)', () => {
  const staff = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('staff who signed in another role are excluded from the selectors', () => {
    const signatures = [
      { signatureType: 'AdministeredBy' as const, personID: 1 },
      { signatureType: 'Witness' as const, personID: 2 },
    ];
    expect(signerChoices('Witness', staff, signatures).map((s) => s.id)).toEqual([2, 3]);
    expect(signerChoices('AdministeredBy', staff, signatures).map((s) => s.id)).toEqual([1, 3]);
    // Consent's choices are contacts: none is excluded.
    expect(signerChoices('Consent', [{ id: 1 }], signatures)).toEqual([{ id: 1 }]);
  });
  it('changing the child clears the Consent contact and signature', () => {
    const form = { ...validForm(), signers: { ...validForm().signers, Consent: signed(40) } };
    const changed = withChildChanged(form, 8);
    expect(changed.childID).toBe(8);
    expect(changed.signers.Consent).toEqual(NO_SIGNER);
    expect(changed.signers.AdministeredBy).toEqual(form.signers.AdministeredBy);
    expect(withChildChanged(form, 7)).toBe(form);
  });
  it('clearing the staff member clears the witness too', () => {
    const cleared = withStaffCleared(validForm());
    expect(cleared.signers.AdministeredBy).toEqual(NO_SIGNER);
    expect(cleared.signers.Witness).toEqual(NO_SIGNER);
    expect(withSigner(validForm(), 'AdministeredBy', null).signers.Witness).toEqual(NO_SIGNER);
  });
  it('choosing another signer drops the signature of the one before', () => {
    const changed = withSigner(validForm(), 'Witness', 3);
    expect(changed.signers.Witness).toEqual({ personID: 3, dataUrl: null, signatureID: null });
    expect(withSigner(validForm(), 'Witness', 2).signers.Witness.dataUrl).toBe(PNG);
  });
  it("the save's signatures: signed signers only, a stored one kept with a null image", () => {
    const form = {
      ...validForm(),
      signers: {
        AdministeredBy: signed(1),
        Witness: { personID: 2, dataUrl: null, signatureID: 5 },
        Consent: { ...NO_SIGNER, personID: 9 },
      },
    };
    expect(medicationSignaturesInput(form)).toEqual([
      { signatureType: 'AdministeredBy', personID: 1, dataUrl: PNG },
      { signatureType: 'Witness', personID: 2, dataUrl: null },
    ]);
  });
});

describe('dose intervals', () => {
  it('parses the frequency texts nurseries write', () => {
    const h = (n: number) => n * 60;
    expect(frequencyIntervalMinutes('every 4 hours')).toBe(h(4));
    expect(frequencyIntervalMinutes('Every 4-6 hours')).toBe(h(4));
    expect(frequencyIntervalMinutes('2 puffs every 4 hrs')).toBe(h(4));
    expect(frequencyIntervalMinutes('every hour')).toBe(h(1));
    expect(frequencyIntervalMinutes('4 hourly')).toBe(h(4));
    expect(frequencyIntervalMinutes('4-hourly')).toBe(h(4));
    expect(frequencyIntervalMinutes('hourly')).toBe(h(1));
    expect(frequencyIntervalMinutes('every 30 minutes')).toBe(30);
    expect(frequencyIntervalMinutes('every 2 days')).toBe(h(48));
    expect(frequencyIntervalMinutes('once a day')).toBe(h(24));
    expect(frequencyIntervalMinutes('Daily')).toBe(h(24));
    expect(frequencyIntervalMinutes('OD')).toBe(h(24));
    expect(frequencyIntervalMinutes('twice a day')).toBe(h(12));
    expect(frequencyIntervalMinutes('twice daily')).toBe(h(12));
    expect(frequencyIntervalMinutes('bd')).toBe(h(12));
    expect(frequencyIntervalMinutes('three times a day')).toBe(h(8));
    expect(frequencyIntervalMinutes('TDS')).toBe(h(8));
    expect(frequencyIntervalMinutes('four times a day')).toBe(h(6));
    expect(frequencyIntervalMinutes('qds')).toBe(h(6));
    expect(frequencyIntervalMinutes('up to 4 times per day')).toBe(h(6));
  });
  it('anything else is no check', () => {
    for (const text of ['', null, undefined, 'as needed', 'PRN', 'with meals', 'when required']) {
      expect(frequencyIntervalMinutes(text)).toBeNull();
    }
  });
  it('finds the latest dose of the same medicine within the interval', () => {
    const doses = [
      { eventID: 1, name: 'Calpol', raised: '2024-07-04T06:00:00Z', frequency: 'every 4 hours' },
      { eventID: 2, name: ' cal POL ', raised: '2024-07-04T08:00:00Z', frequency: 'every 4 hours' },
      { eventID: 3, name: 'Piriton', raised: '2024-07-04T09:00:00Z', frequency: 'every 4 hours' },
    ];
    const at = zonedDateTime('2024-07-04', '10:30'); // 09:30 UTC
    expect(doseWithinInterval(doses, 'CALPOL', at, 240)?.eventID).toBe(2);
    expect(doseWithinInterval(doses, 'Calpol', at, 60)).toBeNull();
    expect(doseWithinInterval(doses, 'Calpol', at, null)).toBeNull();
    expect(doseWithinInterval(doses, 'Ibuprofen', at, 240)).toBeNull();
    // The record being edited does not count against itself.
    expect(doseWithinInterval(doses, 'Calpol', '2024-07-04T08:00:00Z', 240, 2)?.eventID).toBe(1);
    expect(
      formatMessage('medication-dose-within-interval', {
        name: 'Calpol',
        time: '09:00',
        date: '04/07/2024',
        frequency: 'every 4 hours',
      }),
    ).toBe(
      'Calpol was last given at 09:00 on 04/07/2024, less than its frequency (every 4 hours) ago. Record this dose anyway?',
    );
  });
});

describe('medication save input (the contract)', () => {
  const info = {
    name: 'Calpol',
    type: 'Prescribed',
    form: null,
    dosage: '5 ml',
    strength: null,
    frequency: null,
    expiryDate: null,
    storageAndDisposalInstructions: null,
  };
  const input = {
    id: null,
    raised: '2024-07-04T09:30:00.000Z',
    notes: null,
    childIDs: [7],
    codeID: 3,
    status: 5,
    medicationInfo: info,
    signatures: [{ signatureType: 'AdministeredBy', personID: 1, dataUrl: PNG }],
  };
  it('accepts a complete add', () => {
    expect(UpdateMedicationEventInput.safeParse(input).success).toBe(true);
  });
  it('refuses what the rules refuse', () => {
    const bad = (patch: object) => UpdateMedicationEventInput.safeParse({ ...input, ...patch }).success;
    expect(bad({ childIDs: [7, 8] })).toBe(false);
    expect(bad({ childIDs: [] })).toBe(false);
    expect(bad({ status: 6 })).toBe(false);
    expect(bad({ status: 2 })).toBe(false);
    expect(bad({ notes: 'x'.repeat(1501) })).toBe(false);
    expect(bad({ signatures: [{ signatureType: 'Parent', personID: 1, dataUrl: null }] })).toBe(false);
    expect(
      bad({
        signatures: [{ signatureType: 'Witness', personID: 1, dataUrl: 'data:image/jpeg;base64,AAAA' }],
      }),
    ).toBe(false);
  });
  it('medicationInfo: name 1..50 (not blank), type, the 14 forms, dosage 1..50, limits', () => {
    const ok = (patch: object) => MedicationInfo.safeParse({ ...info, ...patch }).success;
    expect(ok({})).toBe(true);
    expect(ok({ name: '   ' })).toBe(false);
    expect(ok({ name: 'x'.repeat(51) })).toBe(false);
    expect(ok({ type: 'Herbal' })).toBe(false);
    expect(ok({ form: 'Spray' })).toBe(true);
    expect(ok({ form: 'Pill' })).toBe(false);
    expect(ok({ dosage: '' })).toBe(false);
    expect(ok({ strength: 'x'.repeat(51) })).toBe(false);
    expect(ok({ frequency: 'x'.repeat(51) })).toBe(false);
    expect(ok({ storageAndDisposalInstructions: 'x'.repeat(1501) })).toBe(false);
    expect(ok({ expiryDate: '2024-02-30' })).toBe(false);
  });
});
