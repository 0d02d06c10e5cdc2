import '@mantine/dates/styles.css';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { DATE_FORMAT } from '@nursery/domain';

/**
 * Date and time inputs that always show the product's formats (DD/MM/YYYY, 24-hour HH:mm), whatever
 * the tablet's language: native inputs follow the device locale and showed US formats on some.
 * Values stay in route format: 'YYYY-MM-DD' and 'HH:mm'.
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
}

export function DateField({ label, value, onChange, disabled, required, error, qa, maxDate }: FieldProps) {
  return (
    <DatePickerInput
      label={label}
      value={value === '' ? null : value}
      onChange={(v) => onChange(v ?? '')}
      valueFormat={DATE_FORMAT}
      disabled={disabled}
      required={required}
      error={error}
      maxDate={maxDate}
      firstDayOfWeek={1}
      popoverProps={{ withinPortal: true }}
      data-qa={qa}
    />
  );
}

export function TimeField({ label, value, onChange, disabled, required, error, qa }: FieldProps) {
  return (
    <TimePicker
      label={label}
      value={value}
      onChange={(v) => onChange(v.slice(0, 5))}
      format="24h"
      withDropdown
      disabled={disabled}
      required={required}
      error={error}
      hoursInputLabel={`${label}: hours`}
      minutesInputLabel={`${label}: minutes`}
      hoursInputProps={{ 'data-qa': `${qa}-hours` }}
      minutesInputProps={{ 'data-qa': `${qa}-minutes` }}
      data-qa={qa}
    />
  );
}
