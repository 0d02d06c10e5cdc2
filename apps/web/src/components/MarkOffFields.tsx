// The fields both registers' mark-off modals ask for (spec 002 §2, §4, §5): a category (a status for
// staff) from the configured list, and notes with a length counter that turns red past the limit.
// Labels, errors and the counter's text come translated from the feature; the rules stay in the domain.
import { Select, Text, Textarea } from '@mantine/core';

export interface MarkOffCategorySelectProps {
  label: string;
  /** The configured categories or statuses (id and shown name). */
  options: readonly { id: number; value: string }[];
  /** The chosen id as a string, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | null;
  qa: string;
}

/** A required choice that cannot be cleared once made. */
export function MarkOffCategorySelect({
  label,
  options,
  value,
  onChange,
  error,
  qa,
}: MarkOffCategorySelectProps) {
  return (
    <Select
      label={label}
      data={options.map((o) => ({ value: String(o.id), label: o.value }))}
      value={value}
      onChange={onChange}
      required
      error={error}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-qa={qa}
    />
  );
}

export interface NotesWithLimitProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The most characters allowed: the counter is red past it. */
  limit: number;
  /** The counter's text from the length and the limit, e.g. '7 / 50'. */
  count: (length: string, limit: string) => string;
  required?: boolean;
  error: string | null;
  minRows: number;
  /** data-qa prefix: `<qa>-notes`, `<qa>-count`. */
  qa: string;
}

/** Notes with a live counter under them, read out politely as it changes. */
export function NotesWithLimit({
  label,
  value,
  onChange,
  limit,
  count,
  required,
  error,
  minRows,
  qa,
}: NotesWithLimitProps) {
  return (
    <div>
      <Textarea
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        required={required}
        error={error}
        autosize
        minRows={minRows}
        data-qa={`${qa}-notes`}
      />
      <Text
        size="xs"
        ta="right"
        c={value.length > limit ? 'red.8' : 'dimmed'}
        aria-live="polite"
        data-qa={`${qa}-count`}
      >
        {count(String(value.length), String(limit))}
      </Text>
    </div>
  );
}
