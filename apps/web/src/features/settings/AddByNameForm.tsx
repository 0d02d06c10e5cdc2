// The settings lists' "add one by its name" box (a meal type, a role): the name checked as typed once a
// submit was tried, sent online only, emptied once added; a refusal in a notice under the form.
import { Button, Group, Paper, TextInput, type TextInputProps, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../components/Notice';

export interface AddByNameFormProps<Saved> {
  /** data-qa prefix: `<qa>-add-title` (its heading's id), `<qa>-new-name`, `<qa>-add`, `<qa>-add-problem`. */
  qa: string;
  title: string;
  label: string;
  submitLabel: string;
  offline: boolean;
  /** The name's problem before sending (null: none). */
  problemOf: (name: string) => string | null;
  /** The refusal's words. */
  refusalText: (error: unknown) => string;
  /** The name field's width. */
  nameField?: Pick<TextInputProps, 'maw' | 'style'>;
  add: (name: string) => Promise<Saved>;
  /** After the box is emptied: tell the user, refresh the list. */
  onAdded: (saved: Saved) => unknown;
}

export function AddByNameForm<Saved>(props: AddByNameFormProps<Saved>) {
  const { qa, offline } = props;
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = props.problemOf(name);
  const add = useMutation({
    mutationFn: () => props.add(name),
    onSuccess: (saved) => {
      setName('');
      setTouched(false);
      return props.onAdded(saved);
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${qa}-add-title`}>
      <Title order={2} fz="h4" id={`${qa}-add-title`} mb="sm">
        {props.title}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (problem === null && !offline) add.mutate();
        }}
      >
        <Group align="flex-start">
          <TextInput
            label={props.label}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched ? problem : null}
            data-qa={`${qa}-new-name`}
            {...props.nameField}
          />
          <Button type="submit" mt={26} disabled={offline} loading={add.isPending} data-qa={`${qa}-add`}>
            {props.submitLabel}
          </Button>
        </Group>
        {add.isError && (
          <Notice color="red" role="alert" qa={`${qa}-add-problem`} mt="sm">
            {props.refusalText(add.error)}
          </Notice>
        )}
      </form>
    </Paper>
  );
}
