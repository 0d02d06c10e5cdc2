/**
 * The medication record's GraphQL calls (spec 002 §3 "Medication event", §4, §5, §7; issue 31):
 * - mutation `updateMedicationEvent(input)`: add (id null) or save a medication event with its
 *   medicationInfo and signatures, answering `{ id, version, statusID }` (spec: "Returns id");
 * - `medicationEvent(id)`: one medication record as the form loads it;
 * - `medicationSetup(siteID, childID)`: what the form needs at a site (and for a child): the type
 *   and its codes, the staff who may sign, the child's contacts (Consent), allergies and medical
 *   notes, and the child's doses of the last 48 hours (the interval check).
 * The GraphQL types are generated from these schemas (apps/server/src/modules/graphql); the input
 * schemas are the mutation's argument types AND the server's validation. Answer ids are `z.int()`,
 * instants ISO strings, dates YYYY-MM-DD.
 */
import { z } from 'zod';
import {
  MEDICATION_FORMS,
  MEDICATION_LIMITS,
  MEDICATION_STATUS_IDS,
  MEDICATION_TYPES,
  SIGNATURE_TYPES,
} from '../medication.ts';
import { Id, Instant, IsoDate, SafeText } from './primitives.ts';
import { SignatureDataUrl } from './signatures.ts';

/* ------------------------------------------------------------------------- enums */

export const MedicationTypeValue = z.enum(MEDICATION_TYPES).meta({ title: 'MedicationType' });
export const MedicationFormValue = z.enum(MEDICATION_FORMS).meta({ title: 'MedicationForm' });
export const MedicationSignatureTypeValue = z
  .enum(SIGNATURE_TYPES)
  .meta({ title: 'MedicationSignatureType' });

/** The GraphQL names of the enums, for the answers' `types.names`. */
export const MEDICATION_ENUM_NAMES = {
  type: 'MedicationType',
  form: 'MedicationForm',
  signatureType: 'MedicationSignatureType',
} as const;

/* ------------------------------------------------------------------------- input */

const limited = (max: number) => SafeText.max(max);
/** Required text: at least one character that is not a space. */
const required = (max: number) => SafeText.max(max).refine((s) => s.trim().length > 0, 'required');

/** medicationInfo (spec 002 §3; limits §5, §9). */
export const MedicationInfo = z
  .object({
    name: required(MEDICATION_LIMITS.name),
    type: MedicationTypeValue,
    /** One of the 14 forms, or null (absent: null). */
    form: MedicationFormValue.nullable().optional(),
    dosage: required(MEDICATION_LIMITS.dosage),
    strength: limited(MEDICATION_LIMITS.strength).nullable().optional(),
    frequency: limited(MEDICATION_LIMITS.frequency).nullable().optional(),
    expiryDate: IsoDate.nullable().optional(),
    storageAndDisposalInstructions: limited(MEDICATION_LIMITS.storageAndDisposalInstructions)
      .nullable()
      .optional(),
  })
  .meta({ title: 'MedicationInfoInput' });
export type MedicationInfo = z.infer<typeof MedicationInfo>;

/**
 * One signature of a save (spec 002 §3): the signer is a staff id for AdministeredBy and Witness,
 * a contact id (of the record's child) for Consent. `dataUrl`: the PNG of a newly drawn signature,
 * or null to keep the one already stored for that type and signer.
 */
export const MedicationSignatureInput = z
  .object({
    signatureType: MedicationSignatureTypeValue,
    personID: Id,
    dataUrl: SignatureDataUrl.nullable().optional(),
  })
  .meta({ title: 'MedicationSignatureInput' });
export type MedicationSignatureInput = z.infer<typeof MedicationSignatureInput>;

/** A status a medication event may be saved as: Draft 1, Pending 3, Archived 4, Published 5. */
export const MedicationStatusID = Id.refine(
  (n) => (MEDICATION_STATUS_IDS as readonly number[]).includes(n),
  'a medication status (1, 3, 4 or 5)',
);

/** The variables of updateMedicationEvent (spec 002 §7), as its `input`. */
export const UpdateMedicationEventInput = z
  .object({
    /** The event to save; null for an add. */
    id: Id.nullable().optional(),
    /** The version read (an edit's conflict check); null for an add. */
    version: Id.nullable().optional(),
    /**
     * An add's client id (the offline outbox's replay): the same uuid again answers the event stored
     * the first time, never a second record.
     */
    uuid: z.uuid().nullable().optional(),
    /** The event's date and time. */
    raised: Instant,
    notes: limited(MEDICATION_LIMITS.notes).nullable().optional(),
    /** Exactly one child. */
    childIDs: z.array(Id).length(1, 'exactly one child'),
    codeID: Id,
    status: MedicationStatusID,
    medicationInfo: MedicationInfo,
    /** At most one per type; every signature the record keeps (a stored one left out is removed). */
    signatures: z.array(MedicationSignatureInput).max(SIGNATURE_TYPES.length),
  })
  .meta({ title: 'UpdateMedicationEventInput' });
export type UpdateMedicationEventInput = z.infer<typeof UpdateMedicationEventInput>;

export const UpdateMedicationEventArgs = z.object({ input: UpdateMedicationEventInput });

/** updateMedicationEvent's answer: the event's id (spec), its new version and status. */
export const MedicationSaveResult = z.object({
  id: z.int(),
  version: z.int(),
  statusID: z.int(),
  /** True when the save added the record (or replayed an add). */
  created: z.boolean(),
});
export type MedicationSaveResult = z.infer<typeof MedicationSaveResult>;

/* ------------------------------------------------------------------------- medicationEvent */

export const MedicationEventArgs = z.object({ id: Id });

/** medicationInfo as stored. */
export const MedicationInfoAnswer = z.object({
  name: z.string(),
  type: MedicationTypeValue,
  form: MedicationFormValue.nullable(),
  dosage: z.string(),
  strength: z.string().nullable(),
  frequency: z.string().nullable(),
  expiryDate: z.string().nullable(),
  storageAndDisposalInstructions: z.string().nullable(),
});
export type MedicationInfoAnswer = z.infer<typeof MedicationInfoAnswer>;

export const MedicationSignature = z.object({
  id: z.int(),
  signatureType: MedicationSignatureTypeValue,
  /** The signer's person id. */
  personID: z.int(),
  /** The signer as the input names them: the staff id (AdministeredBy, Witness)... */
  staffID: z.int().nullable(),
  /** ...or the contact id (Consent). */
  contactID: z.int().nullable(),
  forename: z.string(),
  surname: z.string(),
  /** The image's path (api/v1/providers/{id}/signature/{id}/{key}), access-checked. */
  imageUrl: z.string(),
  created: z.string(),
});
export type MedicationSignature = z.infer<typeof MedicationSignature>;

export const MedicationPermittedActions = z.object({
  /** The statuses the record may be saved as now (none when it cannot be edited). */
  saveAs: z.array(z.int()),
  /** False when published (a legal record) or when the user's role may not edit it. */
  edit: z.boolean(),
  /** A parent's Consent signature may still be added (after publishing too: at collection). */
  addConsent: z.boolean(),
  /** The history link (viewEventHistory). */
  viewHistory: z.boolean(),
});
export type MedicationPermittedActions = z.infer<typeof MedicationPermittedActions>;

export const MedicationRecord = z.object({
  id: z.int(),
  raised: z.string(),
  notes: z.string().nullable(),
  childID: z.int(),
  typeID: z.int(),
  codeID: z.int(),
  statusID: z.int(),
  version: z.int(),
  siteID: z.int(),
  medicationInfo: MedicationInfoAnswer,
  signatures: z.array(MedicationSignature),
  permittedActions: MedicationPermittedActions,
});
export type MedicationRecord = z.infer<typeof MedicationRecord>;

/* ------------------------------------------------------------------------- medicationSetup */

/** The site (default: the session's) and optionally the child the form is for. */
export const MedicationSetupArgs = z.object({
  siteID: Id.nullable().optional(),
  childID: Id.nullable().optional(),
});

export const MedicationCode = z.object({ id: z.int(), value: z.string() });

/** A member of the site's staff who may sign (AdministeredBy, Witness). */
export const MedicationStaffSigner = z.object({
  /** The staff id (MedicationSignatureInput.personID). */
  id: z.int(),
  personID: z.int(),
  forename: z.string(),
  surname: z.string(),
  hasImage: z.boolean(),
});
export type MedicationStaffSigner = z.infer<typeof MedicationStaffSigner>;

/** A contact of the child (Consent). */
export const MedicationContactSigner = z.object({
  /** The contact id (MedicationSignatureInput.personID). */
  id: z.int(),
  personID: z.int(),
  forename: z.string(),
  surname: z.string(),
  /** The relation to the child ('Mother'), if recorded. */
  relation: z.string().nullable(),
  hasImage: z.boolean(),
});
export type MedicationContactSigner = z.infer<typeof MedicationContactSigner>;

/** A dose given to the child (MedicationDose in medication.ts). */
export const MedicationDoseAnswer = z.object({
  eventID: z.int(),
  name: z.string(),
  raised: z.string(),
  frequency: z.string().nullable(),
});

export const MedicationChild = z.object({
  id: z.int(),
  forename: z.string(),
  surname: z.string(),
  siteID: z.int(),
  /** From the child's record. */
  allergies: z.string().nullable(),
  medicalNotes: z.string().nullable(),
});

export const MedicationSetup = z.object({
  siteID: z.int(),
  /** The medication event type (tag 'medication'); null when the provider has none enabled. */
  typeID: z.int().nullable(),
  /** Its enabled codes in order; the first is the default. */
  codes: z.array(MedicationCode),
  /** The user may add medication records (enableEvents and the type's rights). */
  canAdd: z.boolean(),
  /** The statuses a new record may be saved as. */
  saveAs: z.array(z.int()),
  staff: z.array(MedicationStaffSigner),
  /** Null without a childID (or a child the user may not see). */
  child: MedicationChild.nullable(),
  /** The child's contacts; empty: 'This child has no contacts…'. */
  contacts: z.array(MedicationContactSigner),
  /** The child's medication doses of the last 48 hours, newest first. */
  recentDoses: z.array(MedicationDoseAnswer),
});
export type MedicationSetup = z.infer<typeof MedicationSetup>;

/* ------------------------------------------------------------------ medicationChildSetups */

/** Most children in one medicationChildSetups call (the device prepares a site's children in chunks). */
export const MEDICATION_CHILD_SETUPS_MAX = 200;

/**
 * The children's part of medicationSetup for many children at once (issue 31: the device prepares the
 * medication form for every child of the site at login, not only the key children): a site (default:
 * the session's) and its children's ids.
 */
export const MedicationChildSetupsArgs = z.object({
  siteID: Id.nullable().optional(),
  childIDs: z.array(Id).min(1).max(MEDICATION_CHILD_SETUPS_MAX),
});

/** One child's record, contacts and recent doses, as medicationSetup answers them for that child. */
export const MedicationChildSetup = MedicationSetup.pick({ contacts: true, recentDoses: true }).extend({
  childID: z.int(),
  child: MedicationChild,
});
export type MedicationChildSetup = z.infer<typeof MedicationChildSetup>;
