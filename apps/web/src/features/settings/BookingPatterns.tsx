// A child's booking patterns on their settings page (issue 29): each pattern as a line (session, days,
// every 1 or 2 weeks, from, to, status), Remove after a confirmation, and Add: a session of the child's
// site, weekdays, the interval, from and an optional to. The registers read them as bookings (the server
// writes them); removing one leaves past and attended bookings alone.
import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate, todayInZone } from '@nursery/domain/common';
import {
  type BookingPattern,
  type ChildRecord,
  type ChildRecordOptions,
  type FieldProblem,
  patternProblems,
  WEEKDAYS,
} from '@nursery/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import classes from './ChildrenAdmin.module.css';
import { childRecordQuery, childrenAdminApi } from './childrenApi';

/** Filled, as the Event Checker's badges (the theme darkens the filled shades for AA contrast). */
const STATUS_COLOUR = { Active: 'green', Future: 'blue', Inactive: 'gray' } as const;

/** "Mon, Wed · every 2 weeks · from 01/01/2027 until 31/03/2027" */
export function usePatternSummary(): (p: BookingPattern) => string {
  const { t } = useTranslation();
  return (p) =>
    [
      p.weekdays.map((d) => t(`weekday-short-${d as (typeof WEEKDAYS)[number]}`)).join(', '),
      t(p.intervalWeeks === 2 ? 'booking-patterns-every-2' : 'booking-patterns-every'),
      t('booking-patterns-since', { date: formatDate(p.from) }),
      ...(p.to ? [t('booking-patterns-until', { date: formatDate(p.to) })] : []),
    ].join(' · ');
}

export function PatternLine({ pattern, children }: { pattern: BookingPattern; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const summary = usePatternSummary();
  return (
    <div className={classes.patternRow} data-qa="booking-pattern" data-pattern-id={pattern.id}>
      <div>
        <Text fw={600}>
          {pattern.comboName} ({pattern.start}–{pattern.end})
        </Text>
        <Text size="sm" c="dimmed">
          {summary(pattern)}
        </Text>
      </div>
      <Group gap="sm">
        <Badge color={STATUS_COLOUR[pattern.status]} variant="filled" data-qa="booking-pattern-status">
          {t(`booking-patterns-status-${pattern.status}`)}
        </Badge>
        {children}
      </Group>
    </div>
  );
}

interface Props {
  record: ChildRecord;
  sessions: ChildRecordOptions['sessions'];
  offline: boolean;
}

export function BookingPatterns({ record, sessions, offline }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: childRecordQuery(record.id).queryKey });
  const [editing, setEditing] = useState<BookingPattern | null>(null);
  const remove = useMutation({
    mutationFn: (patternID: number) => childrenAdminApi.removePattern(patternID),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('booking-patterns-removed') });
      return reload();
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="booking-patterns-title">
      <Title order={2} fz="h4" id="booking-patterns-title" mb="sm">
        {t('booking-patterns-title')}
      </Title>
      <Stack gap="sm" data-qa="booking-patterns">
        {record.patterns.length === 0 && <Text c="dimmed">{t('booking-patterns-empty')}</Text>}
        {record.patterns.map((p) => (
          <PatternLine key={p.id} pattern={p}>
            {!record.archived && (
              <Button
                variant="subtle"
                mih={44}
                disabled={offline}
                onClick={() => setEditing(p)}
                data-qa="booking-pattern-edit"
              >
                {t('booking-patterns-edit')}
              </Button>
            )}
            {!record.archived && (
              <Button
                variant="subtle"
                color="red"
                mih={44}
                disabled={offline}
                onClick={() =>
                  openConfirmDialog({
                    title: t('booking-patterns-remove-title'),
                    body: t('booking-patterns-remove-body'),
                    confirmLabel: t('booking-patterns-remove'),
                    cancelLabel: t('cancel'),
                    confirmQa: 'booking-pattern-remove-confirm',
                    onConfirm: () => remove.mutate(p.id),
                  })
                }
                data-qa="booking-pattern-remove"
              >
                {t('booking-patterns-remove')}
              </Button>
            )}
          </PatternLine>
        ))}
        {remove.isError && (
          <Notice color="red" role="alert" qa="booking-patterns-problem">
            {t('child-record-problem', { message: remove.error.message })}
          </Notice>
        )}
        {!record.archived && (
          <PatternForm
            key={editing?.id ?? 'new'}
            childID={record.id}
            editing={editing}
            sessions={sessions}
            offline={offline}
            onDone={() => {
              setEditing(null);
              return reload();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** Adds a pattern, or changes the one being edited (its untouched bookings from today are rewritten). */
function PatternForm({
  childID,
  editing,
  sessions,
  offline,
  onDone,
  onCancel,
}: {
  childID: number;
  editing: BookingPattern | null;
  sessions: Props['sessions'];
  offline: boolean;
  onDone: () => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [comboID, setComboID] = useState<number | null>(editing?.comboID ?? null);
  const [weekdays, setWeekdays] = useState<number[]>(editing?.weekdays ?? []);
  const [intervalWeeks, setInterval] = useState<1 | 2>(editing?.intervalWeeks === 2 ? 2 : 1);
  const [from, setFrom] = useState(() => editing?.from ?? todayInZone(now()));
  const [to, setTo] = useState(editing?.to ?? '');
  const [touched, setTouched] = useState(false);
  const [serverProblem, setServerProblem] = useState<FieldProblem | null>(null);
  const problems: FieldProblem[] = [
    ...(comboID === null ? [{ field: 'comboID', message: t('booking-patterns-choose-session') }] : []),
    ...patternProblems({ weekdays, intervalWeeks, from, to: to || null }),
  ];
  const problemOf = (field: string) =>
    (touched ? problems.find((p) => p.field === field)?.message : undefined) ??
    (serverProblem?.field === field ? serverProblem.message : undefined);
  const add = useMutation({
    mutationFn: () => {
      const body = { comboID: comboID!, weekdays, intervalWeeks, from, to: to || null };
      return editing
        ? childrenAdminApi.updatePattern(editing.id, body)
        : childrenAdminApi.addPattern(childID, body);
    },
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t(editing ? 'booking-patterns-saved' : 'booking-patterns-added'),
      });
      setWeekdays([]);
      setTouched(false);
      return onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && typeof error.details.field === 'string')
        setServerProblem({ field: error.details.field, message: error.message });
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (problems.length === 0 && !offline) add.mutate();
      }}
    >
      <Stack gap="sm">
        <div className={classes.grid}>
          <Select
            label={t('booking-patterns-session')}
            size="md"
            value={comboID === null ? null : String(comboID)}
            placeholder={t('booking-patterns-choose-session')}
            data={sessions.map((s) => ({ value: String(s.id), label: `${s.name} (${s.start}–${s.end})` }))}
            onChange={(v) => {
              setComboID(v ? Number(v) : null);
              setServerProblem(null);
            }}
            error={problemOf('comboID')}
            data-qa="booking-pattern-session"
          />
          <Select
            label={t('booking-patterns-interval')}
            size="md"
            allowDeselect={false}
            value={String(intervalWeeks)}
            data={[
              { value: '1', label: t('booking-patterns-interval-1') },
              { value: '2', label: t('booking-patterns-interval-2') },
            ]}
            onChange={(v) => setInterval(v === '2' ? 2 : 1)}
            data-qa="booking-pattern-interval"
          />
          <TextInput
            label={t('booking-patterns-from')}
            type="date"
            size="md"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={problemOf('from')}
            data-qa="booking-pattern-from"
          />
          <TextInput
            label={t('booking-patterns-to')}
            type="date"
            size="md"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            error={problemOf('to')}
            data-qa="booking-pattern-to"
          />
        </div>
        <Checkbox.Group
          label={t('booking-patterns-days')}
          value={weekdays.map(String)}
          onChange={(v) => setWeekdays(v.map(Number).sort())}
          error={problemOf('weekdays')}
          data-qa="booking-pattern-days"
        >
          <Group gap="md" mt={4}>
            {WEEKDAYS.map((d) => (
              <Checkbox
                key={d}
                size="md"
                value={String(d)}
                label={t(`weekday-short-${d}`)}
                py={10}
                styles={{ label: { minWidth: 48 } }}
                data-qa={`booking-pattern-day-${d}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {editing && (
          <Text fw={600} data-qa="booking-pattern-editing">
            {t('booking-patterns-editing', { session: editing.comboName })}
          </Text>
        )}
        <Group justify="flex-end">
          {editing && (
            <Button variant="default" mih={44} onClick={onCancel} data-qa="booking-pattern-cancel">
              {t('cancel')}
            </Button>
          )}
          <Button
            type="submit"
            mih={44}
            disabled={offline}
            loading={add.isPending}
            data-qa="booking-pattern-add"
          >
            {t(editing ? 'booking-patterns-save' : 'booking-patterns-add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
