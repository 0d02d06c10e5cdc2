// The day navigation of the registers (spec 002 §2): previous-day and next-day buttons either side of
// a DD/MM/YYYY date picker (DateTimeInputs' base; no visible label), every control a 44 px target.
// The labels come translated from the feature (components never import a feature); `qa` keeps each
// screen's data-qa (`<qa>-previous-day`, ...).
import '@mantine/dates/styles.layer.css';
import { ActionIcon, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { addDays } from '@nursery/domain/common';
import type { ReactNode } from 'react';
import { DATE_PICKER_BASE } from './DateTimeInputs';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** The picker's parts at 2.75rem (44 px): the input, the calendar's days and its header controls. */
const TOUCH_STYLES = {
  input: { minHeight: '2.75rem' },
  day: { width: '2.75rem', height: '2.75rem' },
  calendarHeaderControl: { width: '2.75rem', height: '2.75rem' },
  calendarHeaderLevel: { height: '2.75rem' },
};

export interface DayNavigatorProps {
  /** The day shown, YYYY-MM-DD. */
  date: string;
  /** A day chosen by either button or the picker, YYYY-MM-DD. */
  onDate: (date: string) => void;
  /** The earliest day the picker offers. */
  minDate?: string;
  previousDisabled?: boolean;
  /** The picker cannot be cleared. */
  required?: boolean;
  /** Accessible names, already translated. */
  labels: { previous: string; next: string; date: string };
  /** data-qa prefix: `<qa>-previous-day`, `<qa>-date`, `<qa>-next-day`. */
  qa: string;
  /** More header controls after the next-day button (e.g. Refresh), in the same row. */
  children?: ReactNode;
}

export function DayNavigator({
  date,
  onDate,
  minDate,
  previousDisabled,
  required,
  labels,
  qa,
  children,
}: DayNavigatorProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="xl"
        aria-label={labels.previous}
        disabled={previousDisabled}
        onClick={() => onDate(addDays(date, -1))}
        data-qa={`${qa}-previous-day`}
      >
        <ChevronLeftIcon />
      </ActionIcon>
      <DatePickerInput
        aria-label={labels.date}
        value={date}
        onChange={(value) => {
          if (value) onDate(value);
        }}
        {...DATE_PICKER_BASE}
        required={required}
        minDate={minDate}
        styles={TOUCH_STYLES}
        w="10rem"
        data-qa={`${qa}-date`}
      />
      <ActionIcon
        variant="default"
        size="xl"
        aria-label={labels.next}
        onClick={() => onDate(addDays(date, 1))}
        data-qa={`${qa}-next-day`}
      >
        <ChevronRightIcon />
      </ActionIcon>
      {children}
    </Group>
  );
}
