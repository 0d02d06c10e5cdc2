// The contact's details as form fields (issue 29): names, relationship type, phones, e-mail, address and,
// for a new contact, the collection password. Each problem shows under its field.
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { CONTACT_TYPES } from '@nursery/domain/settings';
import { useTranslation } from 'react-i18next';
import type { ContactFormValues, FieldProblem, FormField, TextField } from './contactForm';

export interface ContactFormProps {
  values: ContactFormValues;
  onChange: (patch: Partial<ContactFormValues>) => void;
  problems: Partial<Record<FormField, FieldProblem>>;
  disabled: boolean;
  /** A new contact: its collection password is typed with the rest. */
  withPassword: boolean;
}

const GROUPS: readonly (readonly TextField[])[] = [
  ['title', 'forename', 'surname'],
  ['telmob', 'telhome', 'telwork', 'email'],
  ['address1', 'address2', 'address3', 'address4', 'address5', 'postCode'],
];

export function useProblemText() {
  const { t } = useTranslation();
  return (p: FieldProblem | undefined) =>
    p ? t(p.key, { limit: String(p.limit ?? ''), message: p.message ?? '' }) : null;
}

export function ContactForm({ values, onChange, problems, disabled, withPassword }: ContactFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const field = (name: TextField) => (
    <TextInput
      key={name}
      label={t(`contact-field-${name}`)}
      value={values[name]}
      onChange={(e) => onChange({ [name]: e.currentTarget.value })}
      error={problemText(problems[name])}
      withAsterisk={name === 'forename' || name === 'surname'}
      type={name === 'email' ? 'email' : name.startsWith('tel') ? 'tel' : 'text'}
      autoComplete="off"
      disabled={disabled}
      size="md"
      data-qa={`contact-${name}`}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {GROUPS[0]!.map(field)}
        <NativeSelect
          label={t('contact-field-type')}
          value={values.type}
          onChange={(e) => onChange({ type: e.currentTarget.value as ContactFormValues['type'] })}
          data={[
            { value: '', label: t('contact-field-type-none') },
            ...CONTACT_TYPES.map((type) => ({ value: type, label: type })),
          ]}
          disabled={disabled}
          size="md"
          data-qa="contact-type"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{GROUPS[1]!.map(field)}</SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{GROUPS[2]!.map(field)}</SimpleGrid>
      {withPassword && (
        <TextInput
          label={t('contact-field-collectionPassword')}
          description={t('contact-password-help')}
          value={values.collectionPassword ?? ''}
          onChange={(e) => onChange({ collectionPassword: e.currentTarget.value })}
          error={problemText(problems.collectionPassword)}
          autoComplete="off"
          disabled={disabled}
          size="md"
          maw={420}
          data-qa="contact-collectionPassword"
        />
      )}
    </>
  );
}
