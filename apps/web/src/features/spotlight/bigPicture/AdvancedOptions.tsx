/**
 * The Big Picture's advanced options (spec 001 §3, §5, §8): gender, cohort (September school years),
 * ethnicity, EAL / EYPP / SEND / 2YF each only / exclude / unset (clicking the active choice clears it),
 * and an attribute with one of its values ('Loading attributes…', 'There are no child attributes to
 * filter by.'). The lists load when the options are first opened.
 */
import { Button, Collapse, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CalendarDate, cohortOptions } from '@nursery/domain/common';
import { type ChildGender, type TriStateFilter, toggleTriState } from '@nursery/domain/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { attributesQuery, ethnicitiesQuery } from './api';
import { advancedCount, type FilterForm, TRI_STATE_FIELDS, type TriStateField } from './filterForm';

const GENDERS: readonly ChildGender[] = ['M', 'F', 'O'];
const CHOICES: readonly TriStateFilter[] = ['ONLY', 'EXCLUDE'];
const CHOICE_LABEL = { ONLY: 'big-picture-only', EXCLUDE: 'big-picture-exclude' } as const;
const ANY = '';

interface AdvancedProps {
  form: FilterForm;
  onChange: (change: (f: FilterForm) => FilterForm) => void;
  today: CalendarDate;
  disabled: boolean;
}

export function AdvancedOptions({ form, onChange, today, disabled }: AdvancedProps) {
  const { t } = useTranslation();
  const count = advancedCount(form);
  const [open, setOpen] = useState(count > 0);
  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="subtle"
          mih={44}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="big-picture-advanced"
          data-qa="big-picture-advanced"
        >
          {count > 0 ? t('big-picture-advanced-count', { count }) : t('big-picture-advanced')}
        </Button>
      </Group>
      <Collapse expanded={open} id="big-picture-advanced">
        {open && <AdvancedFields form={form} onChange={onChange} today={today} disabled={disabled} />}
      </Collapse>
    </Stack>
  );
}

function AdvancedFields({ form, onChange, today, disabled }: AdvancedProps) {
  const { t } = useTranslation();
  const ethnicities = useQuery(ethnicitiesQuery());
  const attributes = useQuery(attributesQuery());
  const attribute = attributes.data?.find((a) => a.id === form.attributeID) ?? null;
  const any = { value: ANY, label: t('big-picture-any') };
  return (
    <Stack gap="md" data-qa="big-picture-advanced-fields">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label={t('big-picture-gender')}
          data={[any, ...GENDERS.map((g) => ({ value: g, label: t(`big-picture-gender-${g}`) }))]}
          value={form.gender ?? ANY}
          onChange={(v) => onChange((f) => ({ ...f, gender: v ? (v as ChildGender) : null }))}
          allowDeselect={false}
          disabled={disabled}
          size="md"
          data-qa="big-picture-gender"
        />
        <Select
          label={t('big-picture-cohort')}
          data={[any, ...cohortOptions(today).map((c) => ({ value: String(c.value), label: c.label }))]}
          value={form.cohort === null ? ANY : String(form.cohort)}
          onChange={(v) => onChange((f) => ({ ...f, cohort: v ? Number(v) : null }))}
          allowDeselect={false}
          disabled={disabled}
          size="md"
          data-qa="big-picture-cohort"
        />
        <Select
          label={t('big-picture-ethnicity')}
          data={[any, ...(ethnicities.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))]}
          value={form.ethnicityID === null ? ANY : String(form.ethnicityID)}
          onChange={(v) => onChange((f) => ({ ...f, ethnicityID: v ? Number(v) : null }))}
          allowDeselect={false}
          disabled={disabled || ethnicities.isPending}
          error={ethnicities.isError ? ethnicities.error.message : undefined}
          searchable
          size="md"
          data-qa="big-picture-ethnicity"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TRI_STATE_FIELDS.map((field) => (
          <TriState
            key={field}
            field={field}
            value={form[field]}
            disabled={disabled}
            onClick={(choice) => onChange((f) => ({ ...f, [field]: toggleTriState(f[field], choice) }))}
          />
        ))}
      </SimpleGrid>
      {attributes.isPending ? (
        <LoadingLine text={t('loading-attributes')} qa="big-picture-attributes-loading" />
      ) : attributes.isError ? (
        <RetryAlert
          message={t('big-picture-attributes-failed')}
          onRetry={() => attributes.refetch()}
          retrying={attributes.isFetching}
        />
      ) : attributes.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-qa="big-picture-no-attributes">
          {t('no-child-attributes')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('big-picture-attribute')}
            data={[any, ...attributes.data.map((a) => ({ value: String(a.id), label: a.name }))]}
            value={form.attributeID === null ? ANY : String(form.attributeID)}
            onChange={(v) =>
              onChange((f) => ({ ...f, attributeID: v ? Number(v) : null, attributeValue: null }))
            }
            allowDeselect={false}
            disabled={disabled}
            size="md"
            data-qa="big-picture-attribute"
          />
          <Select
            label={t('big-picture-attribute-value')}
            data={[any, ...(attribute?.listItems ?? []).map((i) => ({ value: i.value, label: i.item }))]}
            value={form.attributeValue ?? ANY}
            onChange={(v) => onChange((f) => ({ ...f, attributeValue: v || null }))}
            allowDeselect={false}
            disabled={disabled || attribute === null}
            size="md"
            data-qa="big-picture-attribute-value"
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function TriState({
  field,
  value,
  disabled,
  onClick,
}: {
  field: TriStateField;
  value: TriStateFilter | null;
  disabled: boolean;
  onClick: (choice: TriStateFilter) => void;
}) {
  const { t } = useTranslation();
  const labelID = `big-picture-${field}-label`;
  return (
    <Stack gap={4} role="group" aria-labelledby={labelID} data-qa={`big-picture-${field}`}>
      <Text size="sm" fw={500} id={labelID}>
        {t(`big-picture-${field}`)}
      </Text>
      <Button.Group>
        {CHOICES.map((choice) => (
          <Button
            key={choice}
            variant={value === choice ? 'filled' : 'default'}
            mih={44}
            miw={96}
            aria-pressed={value === choice}
            disabled={disabled}
            onClick={() => onClick(choice)}
            data-qa={`big-picture-${field}-${choice.toLowerCase()}`}
          >
            {t(CHOICE_LABEL[choice])}
          </Button>
        ))}
      </Button.Group>
    </Stack>
  );
}
