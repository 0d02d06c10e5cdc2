/**
 * The general panels of the add/edit screen (spec 000 §2): date and time, event code, notes, child's
 * voice, parent notes, learning styles and the tag checkbox.
 */
import { Alert, Checkbox, Chip, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { type TextLimitField, textLimit } from '@nursery/domain/common';
import { enabledCodes, textLimitKindOf } from '@nursery/domain/events';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../components/DateTimeInputs';
import { useSession } from '../../auth';
import type { PanelProps } from '../panelProps';

interface Problems {
  date?: string | null;
  time?: string | null;
  code?: string | null;
}

/** Date and time are locked once the event leaves draft, and when it is not editable. */
export function DateTimeFields({
  form,
  update,
  locked,
  problems,
}: PanelProps & { locked: boolean; problems: Problems }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      {/* data-problem-field: a failed save focuses the first problem's control (EventEditor). */}
      <div data-problem-field="date">
        <DateField
          label={t('event-date')}
          value={form.date}
          onChange={(date) => update((f) => ({ ...f, date }))}
          disabled={locked}
          required
          error={problems.date}
          qa="event-date"
        />
      </div>
      <div data-problem-field="time">
        <TimeField
          label={t('event-time')}
          value={form.time}
          onChange={(time) => update((f) => ({ ...f, time }))}
          disabled={locked}
          required
          error={problems.time}
          qa="event-time"
        />
      </div>
    </SimpleGrid>
  );
}

/** Event codes: none is an error, one is chosen for the user, several ask for a choice. */
export function CodeField({ form, update, type, editable, error }: PanelProps & { error?: string | null }) {
  const { t } = useTranslation();
  const codes = enabledCodes(type);
  if (codes.length === 0) {
    return (
      <Alert color="red" variant="light" data-qa="event-no-codes">
        {t('no-event-codes')}
      </Alert>
    );
  }
  if (codes.length === 1) return null;
  return (
    <Stack gap={6} data-qa="event-code">
      <Text fw={500} fz="sm" id="event-code-label">
        {t('event-code')}{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      <Chip.Group
        multiple={false}
        value={form.codeID === null ? '' : String(form.codeID)}
        onChange={(v) => update((f) => ({ ...f, codeID: Number(v) }))}
      >
        <Group gap="xs" role="radiogroup" aria-labelledby="event-code-label">
          {codes.map((c) => (
            <Chip
              key={c.id}
              value={String(c.id)}
              disabled={!editable}
              variant="outline"
              wrapperProps={{ 'data-qa': `event-code-${c.id}` }}
            >
              {c.value}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error && (
        <Text c="red.8" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function useLimit(props: PanelProps, field: TextLimitField): number | undefined {
  const { config } = useSession();
  const code = props.type.codes.find((c) => c.id === props.form.codeID);
  const max = textLimit(config.flags, textLimitKindOf(props.type.tag, code?.key ?? null), field);
  return max ?? undefined;
}

function LimitedText({
  value,
  max,
  ...rest
}: {
  value: string;
  max: number | undefined;
  label: string;
  onChange: (v: string) => void;
  disabled: boolean;
  qa: string;
  minRows?: number;
  description?: string;
}) {
  const { t } = useTranslation();
  const over = max !== undefined && value.length > max;
  return (
    <Textarea
      label={rest.label}
      description={rest.description}
      value={value}
      onChange={(e) => rest.onChange(e.currentTarget.value)}
      disabled={rest.disabled}
      autosize
      minRows={rest.minRows ?? 3}
      maxRows={14}
      error={over ? t('text-over-limit', { max: String(max) }) : undefined}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      rightSectionPointerEvents="none"
      data-qa={rest.qa}
      styles={{ input: { paddingBottom: max ? 22 : undefined } }}
      rightSection={
        max ? (
          <Text
            fz={11}
            c={over ? 'red.8' : 'dimmed'}
            pos="absolute"
            bottom={4}
            right={10}
            data-qa={`${rest.qa}-count`}
          >
            {value.length}/{max}
          </Text>
        ) : undefined
      }
    />
  );
}

/**
 * The simple fields of these panels (same name in the event answer, the form and the payload) with
 * their empty values; form/eventsPart.ts maps them generically. Parent notes (ref2), learning styles
 * (a sum of ids) and the tag (type defaults) are mapped there by hand.
 */
export const generalFormFields = { notes: '', childsVoice: '' };

export function NotesField(props: PanelProps) {
  const { t } = useTranslation();
  const max = useLimit(props, 'notes');
  return (
    <LimitedText
      label={t('event-notes')}
      value={props.form.notes}
      max={max}
      minRows={4}
      onChange={(notes) => props.update((f) => ({ ...f, notes }))}
      disabled={!props.editable}
      qa="event-notes"
    />
  );
}

/** Observation only. */
export function ChildsVoiceField(props: PanelProps) {
  const { t } = useTranslation();
  const max = useLimit(props, 'childVoice');
  return (
    <LimitedText
      label={t('event-childs-voice')}
      description={t('event-childs-voice-help')}
      value={props.form.childsVoice}
      max={max}
      minRows={2}
      onChange={(childsVoice) => props.update((f) => ({ ...f, childsVoice }))}
      disabled={!props.editable}
      qa="event-childs-voice"
    />
  );
}

/** Assessment only; read-only unless the provider's flag parentsCanAddNotes is set. */
export function ParentNotesField(props: PanelProps) {
  const { t } = useTranslation();
  const { config } = useSession();
  const max = useLimit(props, 'parentNotes');
  const writable = config.flags.parentsCanAddNotes === true;
  if (!writable && props.form.parentNotes.trim() === '') return null;
  return (
    <LimitedText
      label={t('event-parent-notes')}
      description={writable ? undefined : t('event-parent-notes-read-only')}
      value={props.form.parentNotes}
      max={max}
      minRows={2}
      onChange={(parentNotes) => props.update((f) => ({ ...f, parentNotes }))}
      disabled={!props.editable || !writable}
      qa="event-parent-notes"
    />
  );
}

/** Observation only, with addLearningStyles; stored as the sum of the selected ids. */
export function LearningStylesField(props: PanelProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  const styles = props.frameworks?.learningStyles ?? [];
  if (!can('addLearningStyles') || styles.length === 0) return null;
  const top = styles.filter((s) => s.parentID === null);
  const under = (id: number) => styles.filter((s) => s.parentID === id);
  const selected = new Set(props.form.learningStyleIDs);
  const toggle = (id: number) =>
    props.update((f) => ({
      ...f,
      learningStyleIDs: selected.has(id)
        ? f.learningStyleIDs.filter((x) => x !== id)
        : [...f.learningStyleIDs, id],
    }));
  return (
    <Stack gap={6} data-qa="event-learning-styles">
      <Text fw={600} fz="sm">
        {t('event-learning-styles')}
      </Text>
      {top.map((s) => (
        <div key={s.id}>
          <Chip
            checked={selected.has(s.id)}
            onChange={() => toggle(s.id)}
            disabled={!props.editable}
            data-qa={`learning-style-${s.id}`}
          >
            {s.name}
          </Chip>
          {under(s.id).length > 0 && (
            <Group gap={6} mt={6} ml="md">
              {under(s.id).map((c) => (
                <Chip
                  key={c.id}
                  size="sm"
                  variant="outline"
                  checked={selected.has(c.id)}
                  onChange={() => toggle(c.id)}
                  disabled={!props.editable}
                  data-qa={`learning-style-${c.id}`}
                >
                  {c.name}
                </Chip>
              ))}
            </Group>
          )}
        </div>
      ))}
    </Stack>
  );
}

/**
 * Tag for documents (type.canTag and tagEventsForDocuments). A tagged event is meant for a document, so
 * the warnings say what it still lacks when the early-years and learning-style frameworks exist.
 */
export function TagField(props: PanelProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  if (!props.type.canTag || !can('tagEventsForDocuments')) return null;
  const hasEyfs = (props.frameworks?.frameworks ?? []).some((f) =>
    f.schemes.some((s) => s.eventTypeID === props.type.id),
  );
  const hasStyles = (props.frameworks?.learningStyles.length ?? 0) > 0;
  const warnings: string[] = [];
  if (props.form.tagged && hasEyfs && hasStyles) {
    if (Object.values(props.form.values).every((v) => v.value === null && v.ageRangeID === null))
      warnings.push(t('tag-warning-no-gradings'));
    if (props.type.tag === 'observation' && props.form.learningStyleIDs.length === 0)
      warnings.push(t('tag-warning-no-learning-styles'));
  }
  return (
    <Stack gap={6}>
      <Checkbox
        label={t('event-tagged')}
        description={t('event-tagged-help')}
        checked={props.form.tagged}
        onChange={(e) => {
          const tagged = e.currentTarget.checked;
          props.update((f) => ({ ...f, tagged }));
        }}
        disabled={!props.editable}
        data-qa="event-tagged"
      />
      {warnings.map((w) => (
        <Alert key={w} color="yellow" variant="light" py={6} data-qa="event-tag-warning">
          {w}
        </Alert>
      ))}
    </Stack>
  );
}
