// The medication record's GraphQL fields (spec 002 §7; issue 31): arguments and answers as the domain's
// zod schemas (packages/domain/src/schemas/medication.ts), from which the types are generated. The
// resolvers are in graphql.ts.
import {
  MEDICATION_ENUM_NAMES,
  MedicationChildSetup,
  MedicationChildSetupsArgs,
  MedicationEventArgs,
  MedicationRecord,
  MedicationSaveResult,
  MedicationSetup,
  MedicationSetupArgs,
  UpdateMedicationEventArgs,
} from '@nursery/domain/events';
import { z } from 'zod';
import { mutationFields, queryFields } from '../../lib/graphql-fields.ts';

export const medicationQuery = queryFields({
  medicationEvent: {
    description:
      'medicationEvent: one medication record (medicationInfo, signatures with their access-checked images, what the user may do with it).',
    args: MedicationEventArgs,
    answer: MedicationRecord,
    types: {
      name: 'MedicationRecord',
      names: {
        medicationInfo: 'MedicationInfo',
        'medicationInfo.type': MEDICATION_ENUM_NAMES.type,
        'medicationInfo.form': MEDICATION_ENUM_NAMES.form,
        signatures: 'MedicationSignature',
        'signatures.signatureType': MEDICATION_ENUM_NAMES.signatureType,
        permittedActions: 'MedicationPermittedActions',
      },
    },
  },
  medicationSetup: {
    description:
      'medicationSetup: what the medication form needs at a site (default: the session’s) and for a child: the type and codes, the staff who may sign, the child’s contacts, allergies, medical notes and doses of the last 48 hours.',
    args: MedicationSetupArgs,
    answer: MedicationSetup,
    types: {
      name: 'MedicationSetup',
      names: {
        codes: 'MedicationCode',
        staff: 'MedicationStaffSigner',
        child: 'MedicationChild',
        contacts: 'MedicationContactSigner',
        recentDoses: 'MedicationDose',
      },
    },
  },
  medicationChildSetups: {
    description:
      'medicationChildSetups: medicationSetup’s child part (record, contacts, doses of the last 48 hours) for up to 200 children of a site at once, for the device’s offline preparation; any child the user may not use answers not found for the whole call.',
    args: MedicationChildSetupsArgs,
    answer: z.array(MedicationChildSetup),
    types: {
      name: 'MedicationChildSetup',
      names: {
        child: 'MedicationChild',
        contacts: 'MedicationContactSigner',
        recentDoses: 'MedicationDose',
      },
    },
  },
});

export const medicationMutation = mutationFields({
  updateMedicationEvent: {
    description:
      'updateMedicationEvent: adds (id null) or saves a medication record with its medicationInfo and signatures in one transaction; a published record cannot be changed. Returns id.',
    args: UpdateMedicationEventArgs,
    answer: MedicationSaveResult,
    types: { name: 'MedicationSaveResult' },
  },
});
