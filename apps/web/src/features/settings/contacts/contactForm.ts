// The contact form's model (issue 29): its values as typed, the checks the server makes (so a problem
// shows under its field before anything is sent), and the field a server 400 names.
import {
  COLLECTION_PASSWORD_MAX,
  CONTACT_ADDRESS_LINE_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_POSTCODE_MAX,
  CONTACT_TITLE_MAX,
  CONTACT_TYPES,
  type ContactDetail,
  type ContactDetailsInput,
  type ContactType,
} from '@nursery/domain/settings';

export const TEXT_FIELDS = [
  'title',
  'forename',
  'surname',
  'email',
  'telmob',
  'telhome',
  'telwork',
  'address1',
  'address2',
  'address3',
  'address4',
  'address5',
  'postCode',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type FormField = TextField | 'type' | 'collectionPassword';

export type ContactFormValues = Record<TextField, string> & {
  type: ContactType | '';
  /** null: leave the stored password as it is; '' with `clearPassword`: remove it. */
  collectionPassword: string | null;
};

export const LIMITS: Record<TextField | 'collectionPassword', number> = {
  title: CONTACT_TITLE_MAX,
  forename: CONTACT_NAME_MAX,
  surname: CONTACT_NAME_MAX,
  email: CONTACT_EMAIL_MAX,
  telmob: CONTACT_PHONE_MAX,
  telhome: CONTACT_PHONE_MAX,
  telwork: CONTACT_PHONE_MAX,
  address1: CONTACT_ADDRESS_LINE_MAX,
  address2: CONTACT_ADDRESS_LINE_MAX,
  address3: CONTACT_ADDRESS_LINE_MAX,
  address4: CONTACT_ADDRESS_LINE_MAX,
  address5: CONTACT_ADDRESS_LINE_MAX,
  postCode: CONTACT_POSTCODE_MAX,
  collectionPassword: COLLECTION_PASSWORD_MAX,
};

export const emptyContactForm = (): ContactFormValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>),
  type: '',
  collectionPassword: '',
});

/** The stored contact as form values (the password is never loaded: null leaves it unchanged). */
export function contactFormOf(c: ContactDetail): ContactFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, c[f] ?? ''])) as Record<TextField, string>;
  const type = (CONTACT_TYPES as readonly string[]).includes(c.type ?? '') ? (c.type as ContactType) : '';
  return { ...text, type, collectionPassword: null };
}

/** A problem message key with its values, as i18n takes them. */
export type ProblemKey =
  | 'this-field-is-required'
  | 'this-field-has-max-length-of'
  | 'contact-invalid-email'
  | 'contact-problem';

export interface FieldProblem {
  key: ProblemKey;
  limit?: number;
  /** The server's words, for a refusal the page has no words of its own for. */
  message?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the server would refuse, by field (empty when the form may be sent). */
export function contactFormProblems(v: ContactFormValues): Partial<Record<FormField, FieldProblem>> {
  const problems: Partial<Record<FormField, FieldProblem>> = {};
  for (const field of TEXT_FIELDS) {
    const value = v[field].trim();
    if ((field === 'forename' || field === 'surname') && value === '')
      problems[field] = { key: 'this-field-is-required' };
    else if (value.length > LIMITS[field])
      problems[field] = { key: 'this-field-has-max-length-of', limit: LIMITS[field] };
  }
  const email = v.email.trim();
  if (!problems.email && email !== '' && !EMAIL.test(email))
    problems.email = { key: 'contact-invalid-email' };
  const password = v.collectionPassword?.trim() ?? '';
  if (password.length > COLLECTION_PASSWORD_MAX)
    problems.collectionPassword = { key: 'this-field-has-max-length-of', limit: COLLECTION_PASSWORD_MAX };
  return problems;
}

/** The body of POST/PUT: empty texts are sent as null; the password only when it was typed or removed. */
export function contactBody(v: ContactFormValues): ContactDetailsInput {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f].trim() === '' ? null : v[f]]));
  return {
    ...(text as Record<TextField, string | null>),
    forename: v.forename,
    surname: v.surname,
    type: v.type === '' ? null : v.type,
    ...(v.collectionPassword === null ? {} : { collectionPassword: v.collectionPassword || null }),
  };
}

const FORM_FIELDS: readonly string[] = [...TEXT_FIELDS, 'type', 'collectionPassword'];

/** The field and message of a server 400 ('surname: this-field-is-required'), when it names one. */
export function serverFieldProblem(message: string): { field: FormField; problem: FieldProblem } | null {
  const match = /^(\w+): (.+)$/.exec(message);
  if (!match || !FORM_FIELDS.includes(match[1]!)) return null;
  const field = match[1] as FormField;
  const key = match[2]!;
  if (key === 'this-field-has-max-length-of' && field !== 'type')
    return { field, problem: { key, limit: LIMITS[field] } };
  if (key === 'this-field-is-required') return { field, problem: { key } };
  if (key === 'err-invalid-email') return { field, problem: { key: 'contact-invalid-email' } };
  return { field, problem: { key: 'contact-problem', message: key } };
}
