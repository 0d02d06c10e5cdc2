// The Sites page's inline rows (a room, a session, a closure): one form's fields, its checks before
// sending and the server's refusal under the field it names (siteForms), the same way for adding a new
// row below a section's list and for editing one in place; and the archive / restore pair of a row
// that is archived rather than deleted, and an accordion row's name line (a room, a role).
import { Accordion, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type MutationFunction, useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { Notice } from '../../components/Notice';
import classes from './SitePage.module.css';
import { refusal } from './siteForms';

type Problems<Field extends string> = Record<Field, string | null>;

/** A row's fields as typed, a patch setter, and their problems (`blocked`: any at all). */
export function useRowFields<Form extends object, Field extends string>(
  initial: Form | (() => Form),
  problemsOf: (form: Form) => Problems<Field>,
) {
  const [form, setForm] = useState(initial);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const problems = problemsOf(form);
  const blocked = Object.values<string | null>(problems).some((p) => p !== null);
  return { form, setForm, set, problems, blocked };
}

export interface InlineAddOptions<Form extends object, Field extends string, Saved> {
  /** The empty row, and what the form goes back to once added. */
  empty: Form;
  problemsOf: (form: Form) => Problems<Field>;
  /** The fields drawn: a refusal about any other shows in the notice. */
  fields: readonly Field[];
  offline: boolean;
  add: MutationFunction<Saved, Form>;
  /** After the form is emptied: tell the user, refresh the section. */
  onAdded: (saved: Saved) => unknown;
}

/**
 * A new row's form: a field's problem shows once a submit was tried (the server's refusal at once);
 * sent online only and when nothing is wrong; emptied once added.
 */
export function useInlineAdd<Form extends object, Field extends string, Saved>(
  options: InlineAddOptions<Form, Field, Saved>,
) {
  const { form, setForm, set, problems, blocked } = useRowFields(options.empty, options.problemsOf);
  const [touched, setTouched] = useState(false);
  const add = useMutation({
    mutationFn: options.add,
    onSuccess: (saved) => {
      setForm(options.empty);
      setTouched(false);
      return options.onAdded(saved);
    },
  });
  const refused = refusal(add.error, options.fields);
  return {
    form,
    set,
    problem: (field: Field) => (touched ? problems[field] : null) ?? refused.field(field),
    general: refused.general,
    pending: add.isPending,
    offline: options.offline,
    submit: () => {
      setTouched(true);
      if (!blocked && !options.offline) add.mutate(form);
    },
  };
}

export interface InlineAddFormProps {
  adder: Pick<ReturnType<typeof useInlineAdd>, 'general' | 'pending' | 'offline' | 'submit'>;
  /** The heading's id and words; without them the form is named by `label`. */
  title?: { id: string; text: string };
  label?: string;
  /** data-qa of the form, its refusal notice and its submit button. */
  qa: { form?: string; problem: string; submit: string };
  submitLabel: string;
  /** The row's fields. */
  children: ReactNode;
}

/** A section's add form below its list: the fields, a refusal about no field shown, the add button. */
export function InlineAddForm({ adder, title, label, qa, submitLabel, children }: InlineAddFormProps) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        adder.submit();
      }}
      aria-labelledby={title?.id}
      aria-label={label}
      className={classes.addForm}
      data-qa={qa.form}
    >
      {title && (
        <Title order={3} fz="h5" id={title.id} mb="xs">
          {title.text}
        </Title>
      )}
      <Stack gap="sm">
        {children}
        {adder.general && (
          <Notice color="red" role="alert" qa={qa.problem}>
            {adder.general}
          </Notice>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={adder.offline}
            loading={adder.pending}
            className={classes.touch}
            data-qa={qa.submit}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ArchiveOrRestoreProps {
  archived: boolean;
  disabled: boolean;
  /** data-qa prefix: `<qa>-restore`, `<qa>-archive`, `<qa>-archive-confirm`. */
  qa: string;
  texts: { restore: string; archive: string; confirmTitle: string; confirmBody: string };
  /** Saves the row archived (true) or not (false). */
  onSave: (archived: boolean) => void;
}

/** An archived row's Restore, or an active row's Archive after a confirmation. */
export function ArchiveOrRestore({ archived, disabled, qa, texts, onSave }: ArchiveOrRestoreProps) {
  const { t } = useTranslation();
  return archived ? (
    <Button
      variant="default"
      disabled={disabled}
      onClick={() => onSave(false)}
      className={classes.touch}
      data-qa={`${qa}-restore`}
    >
      {texts.restore}
    </Button>
  ) : (
    <Button
      variant="subtle"
      color="red"
      disabled={disabled}
      onClick={() =>
        openConfirmDialog({
          title: texts.confirmTitle,
          body: texts.confirmBody,
          confirmLabel: texts.archive,
          cancelLabel: t('cancel'),
          confirmQa: `${qa}-archive-confirm`,
          onConfirm: () => onSave(true),
        })
      }
      className={classes.touch}
      data-qa={`${qa}-archive`}
    >
      {texts.archive}
    </Button>
  );
}

export interface RowControlProps {
  name: string;
  /** What the row holds in a line (a room's capacity and ages, who holds a role). */
  summary: string;
  /** The badges' words, each shown when given: the row is archived, it has unsaved changes. */
  archived?: string | null;
  unsaved?: string | null;
}

/** An accordion row's always-visible line: its name, its summary and its state badges. */
export function RowControl({ name, summary, archived, unsaved }: RowControlProps) {
  return (
    <Accordion.Control mih={44}>
      <Group gap="sm">
        <Text fw={600}>{name}</Text>
        <Text c="dimmed" size="sm">
          {summary}
        </Text>
        {archived && (
          <Badge color="gray" variant="light">
            {archived}
          </Badge>
        )}
        {unsaved && (
          <Badge color="yellow" variant="light">
            {unsaved}
          </Badge>
        )}
      </Group>
    </Accordion.Control>
  );
}
