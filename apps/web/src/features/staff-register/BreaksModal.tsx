// The breaks modal (spec 002 §2, §4, §5 "Staff register"): the shift's timed breaks (start, end,
// duration; edit, end the running one, remove), add a break, additional minutes (empty = 0, 0-1440)
// and the total. A break ending before it starts shows the warning with its icon and blocks saving.
// A signed start or end shows its signature while its time is the one signed (the server drops a
// signature whose time changes).
import { Button, Group, Modal, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  type BreakInput,
  END_TIME_MUST_BE_AFTER_START_TIME,
  parseAdditionalMinutes,
  type SaveBreaksProblem,
  saveBreaksProblems,
  shiftBreakDuration,
  shiftBreakMins,
  sortShiftBreaks,
} from '@nursery/domain/registers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../components/DateTimeInputs';
import { AlertIcon } from '../../components/icons';
import classes from './StaffRegisterPage.module.css';
import type { ShiftRowItem } from './staffRegisterView';
import { BREAK_COLOUR, SignatureThumb } from './TimesTab';

type ShiftBreakItem = ShiftRowItem['shift']['breaks'][number];

interface DraftBreak {
  key: number;
  id: number | null;
  timeFrom: string;
  timeTo: string | null;
  /** The break as stored: its times and their signatures' image URLs (none for a new break). */
  saved: ShiftBreakItem | null;
}

export interface BreaksModalProps {
  row: ShiftRowItem;
  /** Now on the site's clock ('HH:mm'): a new break's times, a running break's end. */
  nowTime: string;
  saving: boolean;
  onSave: (breaks: BreakInput[], additionalMins: number | null) => void;
  onClose: () => void;
}

const problemAt = (problems: SaveBreaksProblem[], index: number) =>
  problems.some((p) => p.kind === END_TIME_MUST_BE_AFTER_START_TIME && p.index === index);

export function BreaksModal({ row, nowTime, saving, onSave, onClose }: BreaksModalProps) {
  const { t } = useTranslation();
  const { shift, member } = row;
  const [draft, setDraft] = useState<DraftBreak[]>(() =>
    shift.breaks.map((b, i) => ({ key: i, id: b.id, timeFrom: b.timeFrom, timeTo: b.timeTo, saved: b })),
  );
  const [nextKey, setNextKey] = useState(shift.breaks.length);
  const [editing, setEditing] = useState<number | null>(null);
  const [additional, setAdditional] = useState<string | number>(
    shift.additionalMins === 0 ? '' : shift.additionalMins,
  );

  const problems = saveBreaksProblems(draft, additional);
  // The domain's total reads ids; new breaks have none yet and count the same.
  const timed = draft.map((b) => ({ id: b.id ?? 0, timeFrom: b.timeFrom, timeTo: b.timeTo }));
  const minutes = parseAdditionalMinutes(additional);
  const incomplete = draft.some((b) => b.timeFrom === '');
  const total = shiftBreakMins({ breaks: timed, additionalMins: minutes ?? 0 });
  const blocked = problems.length > 0 || incomplete;

  const change = (key: number, patch: Partial<DraftBreak>) =>
    setDraft((list) => list.map((b) => (b.key === key ? { ...b, ...patch } : b)));

  const add = () => {
    setDraft((list) => [
      ...list,
      { key: nextKey, id: null, timeFrom: nowTime, timeTo: nowTime, saved: null },
    ]);
    setEditing(nextKey);
    setNextKey(nextKey + 1);
  };

  const save = () => {
    if (blocked) return;
    const breaks = sortShiftBreaks(draft.map((b, i) => ({ ...b, id: b.id ?? -(i + 1) }))).map((b) => ({
      id: b.id > 0 ? b.id : null,
      timeFrom: b.timeFrom,
      timeTo: b.timeTo,
    }));
    onSave(breaks, additional === '' ? null : minutes);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff-register-breaks-title', { name: member.display })}
      size="xl"
      data-qa="staff-breaks-modal"
    >
      <Stack gap="md">
        {draft.length === 0 ? (
          <Text size="sm" data-qa="staff-breaks-none">
            {t('staff-register-breaks-none')}
          </Text>
        ) : (
          <Table verticalSpacing={4} data-qa="staff-breaks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff-register-break-start')}</Table.Th>
                <Table.Th>{t('staff-register-break-end')}</Table.Th>
                <Table.Th>{t('staff-register-break-duration')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('staff-register-col-actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft.map((b, index) => {
                const duration = shiftBreakDuration(b);
                const wrong = problemAt(problems, index);
                const isEditing = editing === b.key;
                return (
                  <Table.Tr
                    key={b.key}
                    data-qa="staff-break-row"
                    data-running={b.timeTo === null || undefined}
                  >
                    <Table.Td>
                      {isEditing ? (
                        <TimeField
                          label={t('staff-register-break-start')}
                          value={b.timeFrom}
                          onChange={(v) => change(b.key, { timeFrom: v })}
                          required
                          qa="staff-break-from"
                        />
                      ) : (
                        <Group gap={6} wrap="nowrap">
                          <span data-qa="staff-break-from-text">{b.timeFrom}</span>
                          {b.saved?.signatures.timeFrom && b.saved.timeFrom === b.timeFrom && (
                            <SignatureThumb
                              src={b.saved.signatures.timeFrom}
                              qa="staff-break-signature-from"
                            />
                          )}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {isEditing ? (
                        <TimeField
                          label={t('staff-register-break-end')}
                          value={b.timeTo ?? ''}
                          onChange={(v) => change(b.key, { timeTo: v === '' ? null : v })}
                          qa="staff-break-to"
                        />
                      ) : (
                        <Group gap={6} wrap="nowrap">
                          <span data-qa="staff-break-to-text">
                            {b.timeTo ?? t('staff-register-break-running')}
                          </span>
                          {b.saved?.signatures.timeTo && b.saved.timeTo === b.timeTo && (
                            <SignatureThumb src={b.saved.signatures.timeTo} qa="staff-break-signature-to" />
                          )}
                        </Group>
                      )}
                      {wrong && (
                        <span className={classes.warning} role="alert" data-qa="staff-break-warning">
                          <AlertIcon size={16} />
                          {t(END_TIME_MUST_BE_AFTER_START_TIME)}
                        </span>
                      )}
                    </Table.Td>
                    <Table.Td data-qa="staff-break-duration">
                      {duration === null
                        ? t('staff-register-break-running')
                        : t('staff-register-break-minutes', { minutes: String(duration) })}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button
                          size="sm"
                          variant="default"
                          onClick={() => setEditing(isEditing ? null : b.key)}
                          aria-label={
                            isEditing ? undefined : t('staff-register-break-edit-row', { time: b.timeFrom })
                          }
                          data-qa="staff-break-edit"
                        >
                          {isEditing ? t('staff-register-break-done') : t('staff-register-break-edit')}
                        </Button>
                        {b.timeTo === null && (
                          <Button
                            size="sm"
                            variant="outline"
                            color={BREAK_COLOUR}
                            onClick={() => change(b.key, { timeTo: nowTime })}
                            aria-label={t('staff-register-break-end-row', { time: b.timeFrom })}
                            data-qa="staff-break-end"
                          >
                            {t('staff-register-end-break')}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="subtle"
                          color="red.8"
                          onClick={() => {
                            setDraft((list) => list.filter((x) => x.key !== b.key));
                            if (isEditing) setEditing(null);
                          }}
                          aria-label={t('staff-register-break-remove-row', { time: b.timeFrom })}
                          data-qa="staff-break-remove"
                        >
                          {t('staff-register-break-remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="space-between" align="flex-end">
          <Button variant="light" onClick={add} data-qa="staff-break-add">
            {t('staff-register-break-add')}
          </Button>
          <NumberInput
            label={t('staff-register-additional-minutes')}
            value={additional}
            onChange={setAdditional}
            min={0}
            max={1440}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={minutes === null ? t('break-minutes-out-of-range') : null}
            w="12rem"
            data-qa="staff-breaks-additional"
          />
        </Group>
        <Text fw={700} aria-live="polite" data-qa="staff-breaks-total">
          {t('staff-register-breaks-total-label', { minutes: String(total) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-qa="staff-breaks-cancel">
            {t('staff-register-cancel')}
          </Button>
          <Button onClick={save} disabled={blocked} loading={saving} data-qa="staff-breaks-save">
            {t('staff-register-save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
