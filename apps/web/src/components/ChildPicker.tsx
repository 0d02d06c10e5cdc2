import {
  Badge,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickableChild {
  id: number;
  forename: string;
  surname: string;
}

interface ChildPickerProps {
  options: readonly PickableChild[];
  /** The user's key children: listed first. */
  keyChildIDs: readonly number[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** 120 for most events, 1 for assessments (spec 000 §9). */
  max: number;
  disabled?: boolean;
  error?: string | null;
  label: string;
}

const fullName = (c: PickableChild) => `${c.forename} ${c.surname}`;

/**
 * Choose children: key children first, then everyone else by name; a search box narrows both lists.
 * With max 1 a choice replaces the previous one. Selected children show as removable badges.
 */
export function ChildPicker({
  options: children,
  keyChildIDs,
  selected,
  onChange,
  max,
  disabled = false,
  error,
  label,
}: ChildPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const byId = useMemo(() => new Map(children.map((c) => [c.id, c])), [children]);
  const keySet = useMemo(() => new Set(keyChildIDs), [keyChildIDs]);
  const groups = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase('en-GB');
    const sorted = [...children]
      .filter((c) => needle === '' || fullName(c).toLocaleLowerCase('en-GB').includes(needle))
      .sort((a, b) => fullName(a).localeCompare(fullName(b), 'en-GB'));
    return {
      key: sorted.filter((c) => keySet.has(c.id)),
      others: sorted.filter((c) => !keySet.has(c.id)),
    };
  }, [children, keySet, search]);

  const chosen = new Set(selected);
  const atMax = max > 1 && selected.length >= max;
  const toggle = (id: number) => {
    if (chosen.has(id)) onChange(selected.filter((x) => x !== id));
    else if (max === 1) onChange([id]);
    else if (!atMax) onChange([...selected, id]);
  };

  const row = (c: PickableChild) => (
    <Checkbox
      key={c.id}
      label={fullName(c)}
      checked={chosen.has(c.id)}
      disabled={disabled || (!chosen.has(c.id) && atMax)}
      onChange={() => toggle(c.id)}
      data-qa={`child-option-${c.id}`}
      styles={{ body: { alignItems: 'center' }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
    />
  );

  return (
    <Stack gap="xs" data-qa="child-picker">
      <Group justify="space-between" align="baseline">
        <Text fw={600} component="h3" fz="md" m={0}>
          {label}
        </Text>
        <Text fz="sm" c="dimmed" data-qa="child-picker-count">
          {t('child-picker-count', { count: selected.length, max: String(max) })}
        </Text>
      </Group>
      {selected.length > 0 && (
        <Group gap={6} data-qa="child-picker-selected">
          {selected.map((id) => {
            const c = byId.get(id);
            const name = c ? fullName(c) : t('child-unknown', { id: String(id) });
            return (
              <Badge
                key={id}
                size="lg"
                variant="light"
                radius="sm"
                tt="none"
                rightSection={
                  disabled ? undefined : (
                    <CloseButton
                      size="xs"
                      aria-label={t('child-remove', { name })}
                      onClick={() => onChange(selected.filter((x) => x !== id))}
                    />
                  )
                }
              >
                {name}
              </Badge>
            );
          })}
        </Group>
      )}
      {!disabled && (
        <Paper withBorder radius="md" p="xs">
          <TextInput
            placeholder={t('child-search')}
            aria-label={t('child-search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            mb="xs"
            data-qa="child-search"
          />
          <ScrollArea.Autosize mah={260} type="auto">
            <Stack gap={8} p={4}>
              {groups.key.length > 0 && (
                <>
                  <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
                    {t('child-picker-key-children')}
                  </Text>
                  {groups.key.map(row)}
                </>
              )}
              {groups.others.length > 0 && (
                <>
                  {groups.key.length > 0 && (
                    <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mt={4}>
                      {t('child-picker-other-children')}
                    </Text>
                  )}
                  {groups.others.map(row)}
                </>
              )}
              {groups.key.length + groups.others.length === 0 && (
                <Text c="dimmed" fz="sm">
                  {t('child-picker-none')}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
      {error && (
        <Text c="red.8" fz="sm" role="alert" data-qa="child-picker-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
