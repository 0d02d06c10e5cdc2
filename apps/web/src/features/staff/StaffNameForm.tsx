// #/staff/{id}'s edit (issue 29): with editStaff the member's title, forename and surname are changed
// here (PUT api/v1/settings/staff/{id}/name), with the spec's limits and words under each field. Online
// only: offline the button is off and what was typed stays.
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StaffAnswer } from '@nursery/domain/registers';
import { STAFF_NAME_MAX, STAFF_TEXT_MAX } from '@nursery/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsOffline } from '../../lib/connectivity';
import { staffApi } from './api';

export function StaffNameForm({ member }: { member: StaffAnswer }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const [name, setName] = useState({
    title: member.title ?? '',
    forename: member.forename,
    surname: member.surname,
  });
  const problem = (value: string, max: number, required: boolean) =>
    required && value.trim() === ''
      ? t('this-field-is-required')
      : value.trim().length > max
        ? t('this-field-has-max-length-of', { limit: String(max) })
        : null;
  const problems = {
    title: problem(name.title, STAFF_TEXT_MAX, false),
    forename: problem(name.forename, STAFF_NAME_MAX, true),
    surname: problem(name.surname, STAFF_NAME_MAX, true),
  };
  const valid = !problems.title && !problems.forename && !problems.surname;
  const save = useMutation({
    mutationFn: () => staffApi.rename(member.id, name),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: t('staff-page-saved') });
      setName({ title: saved.title ?? '', forename: saved.forename, surname: saved.surname });
      return queryClient.invalidateQueries({ queryKey: ['staff', member.id] });
    },
  });
  const field = (key: keyof typeof name, label: string) => (
    <TextInput
      label={label}
      value={name[key]}
      onChange={(e) => {
        // Read now: the event's target is gone by the time the updater runs.
        const value = e.currentTarget.value;
        setName((n) => ({ ...n, [key]: value }));
      }}
      error={problems[key]}
      data-qa={`staff-page-${key}`}
      style={{ flex: '1 1 12rem' }}
    />
  );
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={t('staff-page-edit')}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && !offline) save.mutate();
      }}
    >
      <Group align="flex-start">
        {field('title', t('staff-page-title'))}
        {field('forename', t('staff-page-forename'))}
        {field('surname', t('staff-page-surname'))}
      </Group>
      <Group justify="flex-end" mt="sm">
        {offline && <span>{t('staff-page-edit-offline')}</span>}
        <Button type="submit" disabled={offline || !valid} loading={save.isPending} data-qa="staff-page-save">
          {t('staff-page-save')}
        </Button>
      </Group>
    </Paper>
  );
}
