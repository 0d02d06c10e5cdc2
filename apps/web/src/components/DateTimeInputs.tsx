import '@mantine/dates/styles.layer.css';
import { ActionIcon, Group, Input, Popover, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DATE_FORMAT } from '@nursery/domain/common';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './DateTimeInputs.module.css';
import { lineIcon } from './icons';

/**
 * Date and time inputs that always show the product's formats (DD/MM/YYYY, 24-hour HH:mm), whatever
 * the tablet's language: native inputs follow the device locale and showed US formats on some.
 * Values stay in route format: 'YYYY-MM-DD' and 'HH:mm'. Every part is a 44 × 44 px target.
 */
interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  error?: string | null;
  qa: string;
  /** Latest allowed date (YYYY-MM-DD). */
  maxDate?: string;
  /** Earliest allowed date (YYYY-MM-DD). */
  minDate?: string;
  /** An optional filter's date: a clear button empties it (onChange('')). */
  clearable?: boolean;
}

/**
 * What every date picker of the product shares: DD/MM/YYYY whatever the tablet's language, weeks from
 * Monday, the calendar above the rest of the screen.
 */
export const DATE_PICKER_BASE = {
  valueFormat: DATE_FORMAT,
  firstDayOfWeek: 1,
  popoverProps: { withinPortal: true },
} as const;

/** The calendar's days, arrows and month/year cells are touch-sized too (Mantine's are 36 px). */
const CALENDAR_STYLES = {
  day: { width: '2.75rem', height: '2.75rem' },
  calendarHeaderControl: { width: '2.75rem', height: '2.75rem' },
  calendarHeaderLevel: { height: '2.75rem' },
  monthsListControl: { height: '2.75rem' },
  yearsListControl: { height: '2.75rem' },
} as const;

export function DateField({
  label,
  value,
  onChange,
  disabled,
  required,
  error,
  qa,
  maxDate,
  minDate,
  clearable,
}: FieldProps) {
  const { t } = useTranslation();
  return (
    <DatePickerInput
      label={label}
      value={value === '' ? null : value}
      onChange={(v) => onChange(v ?? '')}
      {...DATE_PICKER_BASE}
      disabled={disabled}
      required={required}
      error={error}
      maxDate={maxDate}
      minDate={minDate}
      clearable={clearable}
      // The clear button is a 44 px target: its section is as wide, inside the field's border, and
      // transparent (its own background painted over that border).
      clearButtonProps={
        clearable
          ? { 'aria-label': t('date-clear-of', { label }), style: { backgroundColor: 'transparent' } }
          : undefined
      }
      rightSectionWidth={clearable ? '2.75rem' : undefined}
      styles={CALENDAR_STYLES}
      data-qa={qa}
    />
  );
}

const ClockIcon = lineIcon('M12 7v5l3 2', 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z');

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = Array.from({ length: 12 }, (_, i) => String(i * 5).padStart(2, '0'));

type Part = 'hours' | 'minutes';
const MAX: Record<Part, number> = { hours: 23, minutes: 59 };

/** 'HH:mm' → its two parts ('' when empty or not a time). */
export function splitTime(value: string): { hours: string; minutes: string } {
  const m = /^(\d{1,2}):(\d{2})/.exec(value);
  return m ? { hours: m[1]!.padStart(2, '0'), minutes: m[2]! } : { hours: '', minutes: '' };
}

/** The two typed parts as 'HH:mm', or '' while either is missing or out of range. */
export function joinTime(hours: string, minutes: string): string {
  if (!/^\d{1,2}$/.test(hours) || !/^\d{1,2}$/.test(minutes)) return '';
  const h = Number(hours);
  const m = Number(minutes);
  if (h > MAX.hours || m > MAX.minutes) return '';
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * A 24-hour time: an hours box and a minutes box (each a plain numeric text field, so the tablet shows
 * its number pad, Tab moves from hours to minutes, and typing two digits of the hour moves on by
 * itself), and a clock button opening a grid of hours and five-minute steps to tap. The grid opens
 * only from its button (never over the next field while typing), closes on Escape, outside taps and
 * a choice of minutes, and gives focus back to the button.
 */
export function TimeField({ label, value, onChange, disabled, required, error, qa }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [parts, setParts] = useState(() => splitTime(value));
  // The latest parts for handlers that run before a re-render (a blur right after typing).
  const latest = useRef(parts);
  const [open, setOpen] = useState(false);
  const emitted = useRef(value);
  const hoursRef = useRef<HTMLInputElement>(null);
  const minutesRef = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, "Now", a loaded event) replaces what is shown.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      latest.current = splitTime(value);
      setParts(latest.current);
    }
  }, [value]);

  const commit = (next: { hours: string; minutes: string }) => {
    latest.current = next;
    setParts(next);
    const joined = joinTime(next.hours, next.minutes);
    if (joined !== emitted.current) {
      emitted.current = joined;
      onChange(joined);
    }
  };

  const type = (part: Part, raw: string) => {
    const before = latest.current[part];
    // What was typed over a partial value keeps its last two digits ("0" then "30" gives "30").
    const digits = raw.replace(/\D/g, '').slice(-2);
    commit({ ...latest.current, [part]: digits });
    // Completing the hour (two digits, or one that cannot start two: 3-9) moves on to the minutes.
    const completed = digits.length === 2 && before.length < 2;
    if (part === 'hours' && (completed || (digits.length === 1 && Number(digits) > 2))) {
      minutesRef.current?.focus();
    }
  };

  // Focusing a box selects its digits, so typing replaces them; the click's mouseup keeps it so.
  const justFocused = useRef(false);

  /** On leaving a box, "9" reads "09"; a number out of range is kept for the error to show. */
  const pad = (part: Part) => {
    const v = latest.current[part];
    if (v.length === 1) commit({ ...latest.current, [part]: v.padStart(2, '0') });
  };

  const step = (part: Part, e: KeyboardEvent<HTMLInputElement>) => {
    justFocused.current = false;
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const size = MAX[part] + 1;
    const now = latest.current[part];
    const current = now === '' ? (e.key === 'ArrowUp' ? -1 : 0) : Number(now);
    const next = (current + (e.key === 'ArrowUp' ? 1 : -1) + size) % size;
    commit({ ...latest.current, [part]: String(next).padStart(2, '0') });
  };

  const pick = (part: Part, v: string) => {
    const next = { ...latest.current, [part]: v };
    if (part === 'minutes' && next.hours === '') next.hours = '00';
    commit(next);
    if (part === 'minutes') setOpen(false);
  };

  const box = (part: Part) => (
    <input
      ref={part === 'hours' ? hoursRef : minutesRef}
      id={`${id}-${part}`}
      className={classes.part}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={part === 'hours' ? t('time-hours-placeholder') : t('time-minutes-placeholder')}
      aria-label={t(part === 'hours' ? 'time-hours-of' : 'time-minutes-of', { label })}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      aria-required={required || undefined}
      value={parts[part]}
      disabled={disabled}
      onChange={(e) => type(part, e.currentTarget.value)}
      onFocus={(e) => {
        e.currentTarget.select();
        justFocused.current = true;
      }}
      onMouseUp={(e) => {
        if (justFocused.current) e.preventDefault();
        justFocused.current = false;
      }}
      onBlur={() => pad(part)}
      onKeyDown={(e) => step(part, e)}
      data-qa={`${qa}-${part}`}
    />
  );

  const grid = (part: Part, values: string[], cols: number) => (
    <Stack gap={4}>
      <Text fz="sm" fw={600} id={`${id}-${part}-grid`}>
        {t(part === 'hours' ? 'time-pick-hours' : 'time-pick-minutes')}
      </Text>
      <SimpleGrid cols={cols} spacing={4} role="group" aria-labelledby={`${id}-${part}-grid`}>
        {values.map((v) => (
          <UnstyledButton
            key={v}
            className={classes.choice}
            aria-pressed={parts[part] === v}
            onClick={() => pick(part, v)}
            data-qa={`${qa}-pick-${part}-${v}`}
          >
            {v}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      errorProps={{ id: errorId }}
      labelProps={{ htmlFor: `${id}-hours`, id: `${id}-label` }}
      data-qa={qa}
    >
      <Group
        gap={0}
        wrap="nowrap"
        role="group"
        aria-labelledby={`${id}-label`}
        className={classes.field}
        data-error={error ? true : undefined}
        data-disabled={disabled || undefined}
      >
        {box('hours')}
        <span className={classes.separator} aria-hidden="true">
          :
        </span>
        {box('minutes')}
        <Popover
          opened={open}
          onChange={setOpen}
          position="bottom-end"
          shadow="md"
          withinPortal
          trapFocus
          returnFocus
          closeOnEscape
          middlewares={{ flip: true, shift: true }}
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              ml="auto"
              disabled={disabled}
              onClick={() => setOpen((o) => !o)}
              aria-label={t('time-pick', { label })}
              aria-expanded={open}
              aria-haspopup="dialog"
              data-qa={`${qa}-open`}
            >
              <ClockIcon size={20} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown role="dialog" aria-label={t('time-pick', { label })} data-qa={`${qa}-dropdown`}>
            <Stack gap="sm">
              {grid('hours', HOURS, 6)}
              {grid('minutes', MINUTES, 6)}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Input.Wrapper>
  );
}
