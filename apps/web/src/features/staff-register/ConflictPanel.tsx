// The conflict panel (spec 002 §2 "Staff register", §4 "Conflict: the user picks use mine or use
// theirs"): a change the server refused because someone else changed the shift meanwhile. Two cards,
// My changes and Their changes, each listing every field that differs (the domain's diffShifts) with
// its explanation; Use mine resends my change against their version, Use theirs drops mine. Several
// conflicts are settled one after another.
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { diffShifts, type ShiftConflictField, type ShiftStatus } from '@nursery/domain/registers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import type { ConflictChoice, ShiftConflict } from './changeTypes';
import { applyAction, breakText, conflictShiftOf } from './staffRegisterView';

export interface ConflictPanelProps {
  conflict: ShiftConflict;
  /** Conflicts waiting after this one. */
  remaining: number;
  name: string;
  statuses: readonly ShiftStatus[];
  roomNames: ReadonlyMap<number, string>;
  workingStatusID: number;
  busy: boolean;
  onResolve: (conflict: ShiftConflict, choice: ConflictChoice) => void;
}

export function ConflictPanel({
  conflict,
  remaining,
  name,
  statuses,
  roomNames,
  workingStatusID,
  busy,
  onResolve,
}: ConflictPanelProps) {
  const { t } = useTranslation();
  const mine = applyAction(conflict.change.before, conflict.change.action, workingStatusID);
  const differences = diffShifts(mine, conflictShiftOf(conflict.theirs));
  const heading = useRef<HTMLHeadingElement>(null);
  // A new conflict takes the focus, so a keyboard or screen reader user meets it at once.
  const conflictID = conflict.change.localID;
  useEffect(() => {
    if (conflictID) heading.current?.focus();
  }, [conflictID]);

  const show = (field: ShiftConflictField, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('staff-register-none');
    if (field === 'breaks') {
      const list = value as { timeFrom: string; timeTo: string | null }[];
      return list.length === 0 ? t('staff-register-none') : list.map(breakText).join(', ');
    }
    if (field === 'statusID') return statuses.find((s) => s.id === value)?.value ?? String(value);
    if (field === 'roomID') return roomNames.get(value as number) ?? t('staff-register-no-room');
    return String(value);
  };

  const card = (side: 'mine' | 'theirs') => (
    <Paper withBorder radius="md" p="md" data-qa={`staff-conflict-${side}`}>
      <Text fw={700} mb={6}>
        {side === 'mine' ? t('staff-register-my-changes') : t('staff-register-their-changes')}
      </Text>
      <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {differences.map((d) => (
          <li key={d.field} data-qa="staff-conflict-field" data-field={d.field}>
            <Text size="sm">
              <strong>{t(`staff-register-field-${d.field}`)}:</strong>{' '}
              <span data-qa="staff-conflict-value">{show(d.field, side === 'mine' ? d.mine : d.theirs)}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {t(d.explanation)}
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="region"
      aria-labelledby="staff-conflict-title"
      data-qa="staff-conflict"
      data-shift-id={conflict.change.shiftID}
      style={{ borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <AlertIcon color="var(--mantine-color-red-8)" />
          <Title order={2} fz="h4" id="staff-conflict-title" ref={heading} tabIndex={-1}>
            {t('staff-register-conflict-title', { name })}
          </Title>
        </Group>
        <Text size="sm">{t('conflict-detected')}</Text>
        {remaining > 0 && (
          <Text size="sm" fw={600} data-qa="staff-conflict-remaining">
            {t('staff-register-conflicts-remain', { count: remaining })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {card('mine')}
          {card('theirs')}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            onClick={() => onResolve(conflict, 'mine')}
            disabled={busy}
            data-qa="staff-conflict-use-mine"
          >
            {t('staff-register-use-mine')}
          </Button>
          <Button
            variant="default"
            onClick={() => onResolve(conflict, 'theirs')}
            disabled={busy}
            data-qa="staff-conflict-use-theirs"
          >
            {t('staff-register-use-theirs')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
