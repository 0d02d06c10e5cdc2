/**
 * The one rule both editors' forms follow for their simple fields (issue 28): a field is declared once,
 * beside its control, with its empty value and the event types that have it; the same name in the
 * stored answer, the form and the save's input. A form is made, read from an answer, switched to
 * another type and turned into its input by these functions, so a new simple field is one line in its
 * slice (and its control), never one line in each of them.
 */

/** A simple field's value in a form (text, a checkbox). */
export type SimpleValue = string | boolean;

/** Simple fields with their empty values: the slice a control declares. */
export type FieldSlice = Record<string, SimpleValue>;

/** The slice's fields of a stored answer: a field the answer holds as null (or not at all) reads empty. */
export function sliceFromAnswer<S extends FieldSlice>(empty: S, answer: { [K in keyof S]?: S[K] | null }): S {
  const fields = { ...empty };
  for (const k of Object.keys(empty) as (keyof S)[]) fields[k] = answer[k] ?? empty[k];
  return fields;
}

/** The slice's fields of a form as they are sent (the save's input names them as the form does). */
export function sliceToInput<S extends FieldSlice>(empty: S, form: NoInfer<S>): S {
  const fields = { ...empty };
  for (const k of Object.keys(empty) as (keyof S)[]) fields[k] = form[k];
  return fields;
}

/** A field that only some types have: the types, and the strings key of its label. */
export interface TypedField<Tag extends string, Label extends string = string> {
  types: readonly Tag[];
  label: Label;
}

/** The fields of the declaration the type has, in their declared order. */
export function fieldsOfType<Tag extends string, F extends string>(
  fields: Record<F, TypedField<Tag>>,
  tag: Tag,
): F[] {
  return (Object.keys(fields) as F[]).filter((f) => fields[f].types.includes(tag));
}

/** Switching type: a text field the new type does not have is emptied, the others stay. */
export function keepFieldsOfType<Tag extends string, F extends string, Form extends Record<F, string>>(
  form: Form,
  fields: Record<F, TypedField<Tag>>,
  tag: Tag,
): Form {
  const next: Record<F, string> = { ...form };
  for (const f of Object.keys(fields) as F[]) if (!fields[f].types.includes(tag)) next[f] = '';
  return next as Form;
}

/**
 * The typed fields as a save sends them: a field the type does not have is sent as null (a server
 * refuses a field a type does not have), and a blank one too.
 */
export function typedFieldsToInput<Tag extends string, F extends string>(
  fields: Record<F, TypedField<Tag>>,
  form: NoInfer<Record<F, string>>,
  tag: NoInfer<Tag>,
): Record<F, string | null> {
  const keys = Object.keys(fields) as F[];
  return Object.fromEntries(
    keys.map((f) => [f, fields[f].types.includes(tag) && form[f].trim() !== '' ? form[f] : null]),
  ) as Record<F, string | null>;
}
