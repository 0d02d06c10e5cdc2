// The medication record's fields in the spec's order (spec 002 §5): date, time, child, the medicine
// (name, type, form, dosage, strength, frequency, expiry), notes, storage and disposal, then the three
// signature rows (§4). Each field's problem shows beside it; the rules are medicationForm.ts.
import { NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  MEDICATION_FORMS,
  MEDICATION_LIMITS,
  MEDICATION_TYPES,
  type MedicationField,
  type MedicationFieldProblems,
  type MedicationSignature,
  type SignatureType,
  signerChoices,
  signersOf,
  withChildChanged,
  withSigner,
} from '@nursery/domain/events';
import { useTranslation } from 'react-i18next';
import { ChildPicker, type PickableChild, type PickerRoom } from '../../components/ChildPicker';
import { DateField, TimeField } from '../../components/DateTimeInputs';
import { translateKey } from '../../lib/i18n';
import { type MedicationFormState, mayChooseSigner, withSignature } from './medicationForm';
import { type PersonChoice, SignatureRow } from './SignatureRow';

export interface MedicationFieldsProps {
  form: MedicationFormState;
  update: (change: (form: MedicationFormState) => MedicationFormState) => void;
  readOnly: boolean;
  /** Problems are shown once a save was tried (or for a field already touched). */
  problems: MedicationFieldProblems;
  /** The stored record's signatures (their images and signers' names). */
  storedSignatures: readonly MedicationSignature[];
  siteChildren: readonly PickableChild[];
  keyChildIDs: readonly number[];
  rooms: readonly PickerRoom[];
  photoUrl: (childID: number) => string;
  staff: readonly PersonChoice[];
  /** The chosen child's parents and guardians (by contact id); undefined while unknown. */
  contacts: readonly PersonChoice[] | undefined;
  today: string;
}

const section = (children: React.ReactNode, qa: string) => (
  <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa={qa}>
    <Stack gap="md">{children}</Stack>
  </Paper>
);

export function MedicationFields(props: MedicationFieldsProps) {
  const { form, update, readOnly, problems } = props;
  const { t } = useTranslation();
  const problem = (field: MedicationField) => {
    const p = problems[field];
    return p ? translateKey(p.key, p.params) : null;
  };
  const text = (
    field: 'name' | 'dosage' | 'strength' | 'frequency',
    label: 'medication-name' | 'medication-dosage' | 'medication-strength' | 'medication-frequency',
    required = false,
  ) => (
    <TextInput
      label={t(label)}
      required={required}
      value={form[field]}
      maxLength={MEDICATION_LIMITS[field] + 20}
      onChange={(e) => {
        const value = e.currentTarget.value;
        update((f) => ({ ...f, [field]: value }));
      }}
      disabled={readOnly}
      error={problem(field)}
      data-qa={`medication-${field}`}
      data-problem-field={field}
    />
  );
  const longText = (
    field: 'notes' | 'storageAndDisposalInstructions',
    label: 'medication-notes' | 'medication-storage',
  ) => (
    <Textarea
      label={t(label)}
      value={form[field]}
      autosize
      minRows={3}
      maxRows={10}
      onChange={(e) => {
        const value = e.currentTarget.value;
        update((f) => ({ ...f, [field]: value }));
      }}
      disabled={readOnly}
      error={problem(field)}
      description={`${form[field].length}/${MEDICATION_LIMITS[field]}`}
      data-qa={`medication-${field}`}
      data-problem-field={field}
    />
  );

  const stored = (type: SignatureType) => props.storedSignatures.find((x) => x.signatureType === type);
  /** The role's choices, with a stored signer who is no longer among them (a former member of staff). */
  const choicesOf = (type: SignatureType, people: readonly PersonChoice[]): PersonChoice[] => {
    const choices = signerChoices(type, people, signersOf(form));
    const s = stored(type);
    const id = s ? (type === 'Consent' ? s.contactID : s.staffID) : null;
    if (s && id !== null && !choices.some((c) => c.id === id))
      choices.push({ id, name: `${s.forename} ${s.surname}` });
    return choices;
  };
  const row = (
    type: SignatureType,
    people: readonly PersonChoice[],
    o: { waitingNote: string | null; emptyNote: string | null; error: string | null },
  ) => (
    <SignatureRow
      type={type}
      choices={choicesOf(type, people)}
      signer={form.signers[type]}
      storedImageUrl={stored(type)?.imageUrl ?? null}
      enabled={mayChooseSigner(form, type)}
      waitingNote={o.waitingNote}
      emptyNote={o.emptyNote}
      readOnly={readOnly}
      error={o.error}
      onChoose={(personID) => update((f) => withSigner(f, type, personID))}
      onSigned={(dataUrl) => update((f) => withSignature(f, type, dataUrl))}
    />
  );
  const noContacts = form.childID !== null && props.contacts !== undefined && props.contacts.length === 0;

  return (
    <Stack gap="md">
      {section(
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <div data-problem-field="date">
              <DateField
                label={t('medication-date')}
                value={form.date}
                onChange={(date) => update((f) => ({ ...f, date }))}
                disabled={readOnly}
                required
                error={problem('date')}
                maxDate={props.today}
                minDate="2001-01-01"
                qa="medication-date"
              />
            </div>
            <div data-problem-field="time">
              <TimeField
                label={t('medication-time')}
                value={form.time}
                onChange={(time) => update((f) => ({ ...f, time }))}
                disabled={readOnly}
                required
                error={problem('time')}
                qa="medication-time"
              />
            </div>
          </SimpleGrid>
          <div data-problem-field="childID" data-qa="medication-child">
            <ChildPicker
              label={t('medication-child')}
              options={props.siteChildren}
              keyChildIDs={props.keyChildIDs}
              rooms={props.rooms}
              photoUrl={props.photoUrl}
              selected={form.childID === null ? [] : [form.childID]}
              onChange={(ids) => update((f) => withChildChanged(f, ids[0] ?? null))}
              max={1}
              disabled={readOnly}
              error={problem('childID')}
              headingLevel={3}
            />
          </div>
        </>,
        'medication-section-who-when',
      )}
      {section(
        <>
          {text('name', 'medication-name', true)}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label={t('medication-type')}
              required
              value={form.type ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                update((f) => ({
                  ...f,
                  type: MEDICATION_TYPES.find((m) => m === value) ?? null,
                }));
              }}
              data={[
                { value: '', label: '—' },
                ...MEDICATION_TYPES.map((m) => ({ value: m, label: t(`medication-type-${m}`) })),
              ]}
              disabled={readOnly}
              error={problem('type')}
              data-qa="medication-type"
              data-problem-field="type"
            />
            <NativeSelect
              label={t('medication-form')}
              value={form.form ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                update((f) => ({ ...f, form: MEDICATION_FORMS.find((m) => m === value) ?? null }));
              }}
              data={[
                { value: '', label: '—' },
                ...MEDICATION_FORMS.map((m) => ({ value: m, label: t(`medication-form-${m}`) })),
              ]}
              disabled={readOnly}
              data-qa="medication-form"
            />
            {text('dosage', 'medication-dosage', true)}
            {text('strength', 'medication-strength')}
            {text('frequency', 'medication-frequency')}
            <div data-problem-field="expiryDate">
              <DateField
                label={t('medication-expiry')}
                value={form.expiryDate ?? ''}
                onChange={(expiryDate) => update((f) => ({ ...f, expiryDate }))}
                disabled={readOnly}
                error={problem('expiryDate')}
                clearable
                qa="medication-expiry"
              />
            </div>
          </SimpleGrid>
          {longText('notes', 'medication-notes')}
          {longText('storageAndDisposalInstructions', 'medication-storage')}
        </>,
        'medication-section-medicine',
      )}
      {section(
        <>
          <Title order={3} size="h4">
            {t('medication-signatures')}
          </Title>
          {row('AdministeredBy', props.staff, {
            waitingNote: null,
            emptyNote: null,
            error: problem('administeredBy'),
          })}
          {row('Witness', props.staff, {
            waitingNote: t('medication-witness-after-staff'),
            emptyNote: null,
            error: problem('witness'),
          })}
          {row('Consent', props.contacts ?? [], {
            waitingNote: t('medication-consent-after-child'),
            emptyNote: noContacts ? t('medication-child-has-no-contacts') : null,
            error: null,
          })}
        </>,
        'medication-section-signatures',
      )}
    </Stack>
  );
}
