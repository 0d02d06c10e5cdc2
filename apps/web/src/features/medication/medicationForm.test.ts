import { type MedicationRecord, NO_SIGNER } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import {
  doseWarning,
  formFromRecord,
  mayChooseSigner,
  newMedicationForm,
  toSaveInput,
  withSignature,
} from './medicationForm';

const TZ = 'Europe/London';
const PNG = 'data:image/png;base64,AAAA';
const blank = () =>
  newMedicationForm({ now: new Date('2026-12-05T10:30:00Z'), timeZone: TZ, typeID: 9, codeID: 90 });

function filled() {
  const f = blank();
  return {
    ...f,
    childID: 7,
    name: 'Calpol',
    type: 'NonPrescribed' as const,
    dosage: '5 ml',
    frequency: 'every 4 hours',
    signers: {
      AdministeredBy: { personID: 1, dataUrl: PNG, signatureID: null },
      Witness: { personID: 2, dataUrl: null, signatureID: 55 },
      Consent: NO_SIGNER,
    },
  };
}

describe('a new medication form', () => {
  it('starts at the site clock, with the type and its first code, nothing chosen', () => {
    const f = blank();
    expect([f.date, f.time, f.typeID, f.codeID, f.childID]).toEqual(['2026-12-05', '10:30', 9, 90, null]);
  });
});

describe('the signature order (spec 002 §4)', () => {
  it('lets the witness be chosen only after the staff member signed', () => {
    const chosen = {
      ...blank(),
      signers: { ...blank().signers, AdministeredBy: { ...NO_SIGNER, personID: 1 } },
    };
    expect(mayChooseSigner(chosen, 'Witness')).toBe(false);
    expect(mayChooseSigner(withSignature(chosen, 'AdministeredBy', PNG), 'Witness')).toBe(true);
  });

  it('lets consent be chosen only after a child is chosen', () => {
    expect(mayChooseSigner(blank(), 'Consent')).toBe(false);
    expect(mayChooseSigner({ ...blank(), childID: 7 }, 'Consent')).toBe(true);
  });

  it('applies a drawing only to a row with a chosen person, replacing a stored signature', () => {
    expect(withSignature(blank(), 'AdministeredBy', PNG).signers.AdministeredBy.dataUrl).toBeNull();
    const signed = withSignature(filled(), 'Witness', PNG).signers.Witness;
    expect(signed).toEqual({ personID: 2, dataUrl: PNG, signatureID: null });
  });
});

describe('toSaveInput', () => {
  it('writes the raised instant in the site zone, empty texts as null and only signed signers', () => {
    const input = toSaveInput(filled(), { id: null, version: null, uuid: 'u-1', status: 5, timeZone: TZ });
    expect(input.raised).toBe('2026-12-05T10:30:00.000Z');
    expect(input.childIDs).toEqual([7]);
    expect(input.codeID).toBe(90);
    expect(input.medicationInfo).toEqual({
      name: 'Calpol',
      type: 'NonPrescribed',
      form: null,
      dosage: '5 ml',
      strength: null,
      frequency: 'every 4 hours',
      expiryDate: null,
      storageAndDisposalInstructions: null,
    });
    expect(input.signatures).toEqual([
      { signatureType: 'AdministeredBy', personID: 1, dataUrl: PNG },
      { signatureType: 'Witness', personID: 2, dataUrl: null },
    ]);
  });
});

describe('formFromRecord', () => {
  it('reads a stored record back with its signers by their stored signatures', () => {
    const record: MedicationRecord = {
      id: 3,
      raised: '2026-07-01T08:15:00.000Z',
      notes: null,
      childID: 7,
      typeID: 9,
      codeID: 90,
      statusID: 5,
      version: 2,
      siteID: 1,
      medicationInfo: {
        name: 'Calpol',
        type: 'Prescribed',
        form: 'Liquid',
        dosage: '5 ml',
        strength: null,
        frequency: null,
        expiryDate: '2027-01-01',
        storageAndDisposalInstructions: null,
      },
      signatures: [
        {
          id: 11,
          signatureType: 'AdministeredBy',
          personID: 100,
          staffID: 1,
          contactID: null,
          forename: 'A',
          surname: 'B',
          imageUrl: '/x',
          created: '',
        },
        {
          id: 12,
          signatureType: 'Consent',
          personID: 300,
          staffID: null,
          contactID: 30,
          forename: 'C',
          surname: 'D',
          imageUrl: '/y',
          created: '',
        },
      ],
      permittedActions: { saveAs: [], edit: false, addConsent: true, viewHistory: true },
    };
    const f = formFromRecord(record, TZ);
    expect([f.date, f.time, f.form, f.expiryDate, f.strength]).toEqual([
      '2026-07-01',
      '09:15',
      'Liquid',
      '2027-01-01',
      '',
    ]);
    expect(f.signers.AdministeredBy).toEqual({ personID: 1, dataUrl: null, signatureID: 11 });
    expect(f.signers.Consent).toEqual({ personID: 30, dataUrl: null, signatureID: 12 });
    expect(f.signers.Witness).toEqual(NO_SIGNER);
  });
});

describe('doseWarning (issue 31)', () => {
  const dose = (raised: string, name = 'calpol', frequency: string | null = null) => ({
    eventID: 1,
    name,
    raised,
    frequency,
  });

  it('names the last dose of the same medicine within the form frequency', () => {
    const w = doseWarning(filled(), [dose('2026-12-05T08:00:00Z'), dose('2026-12-05T07:00:00Z')], {
      eventID: null,
      timeZone: TZ,
    });
    expect(w).toEqual({ name: 'calpol', date: '05/12/2026', time: '08:00', frequency: 'every 4 hours' });
  });

  it('asks nothing outside the interval, for another medicine or without a stated interval', () => {
    const o = { eventID: null, timeZone: TZ };
    expect(doseWarning(filled(), [dose('2026-12-05T06:00:00Z')], o)).toBeNull();
    expect(doseWarning(filled(), [dose('2026-12-05T10:00:00Z', 'Piriton')], o)).toBeNull();
    expect(
      doseWarning({ ...filled(), frequency: 'as needed' }, [dose('2026-12-05T10:00:00Z')], o),
    ).toBeNull();
  });

  it("uses the earlier dose's frequency when the form states none", () => {
    const w = doseWarning({ ...filled(), frequency: '' }, [dose('2026-12-05T09:00:00Z', 'Calpol', 'bd')], {
      eventID: null,
      timeZone: TZ,
    });
    expect(w?.frequency).toBe('bd');
  });
});
