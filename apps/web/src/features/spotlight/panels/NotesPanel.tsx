import { Button, Checkbox, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { SPOTLIGHT_TYPE_NAMES } from '@nursery/domain/events';
import { isIntervention } from '@nursery/domain/spotlight';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import {
  type FormUpdate,
  type SpotlightForm,
  spotlightTextFields,
  type TextLimits,
  textFieldsOf,
  withConsideration,
} from '../../events';
import { CONSIDERATION_STATUS_OPTIONS, considerationTextRows } from '../spotlightScreen';

type Update = FormUpdate<SpotlightForm>;

/** A text area with its character counter ('12 / 2000'), red past the limit (spec 001 §5). */
function CountedText({
  label,
  value,
  onChange,
  max,
  disabled,
  description,
  minRows,
  maxRows,
  qa,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number | null;
  disabled: boolean;
  description?: string;
  minRows?: number;
  maxRows?: number;
  qa: string;
}) {
  const { t } = useTranslation();
  const counterID = useId();
  const over = max !== null && value.length > max;
  return (
    <Stack gap={2}>
      <Textarea
        label={label}
        description={description}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
        autosize
        minRows={minRows ?? 3}
        maxRows={maxRows ?? 12}
        error={over || undefined}
        aria-describedby={counterID}
        data-qa={qa}
      />
      {max !== null && (
        <Text id={counterID} size="xs" ta="right" c={over ? 'red.8' : 'dimmed'} data-qa={`${qa}-counter`}>
          {t('spotlight-counter', { count: value.length, max: String(max) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Notes, Further Observations (childsVoice; snapshots) and parent notes (learning stories; read-only
 * when any contact group can add notes), each with its counter against the type's limit (spec 001 §3,
 * §5).
 */
export function NotesPanel({
  form,
  update,
  limits,
  parentNotesEditable,
  readOnly,
}: {
  form: SpotlightForm;
  update: Update;
  limits: TextLimits;
  parentNotesEditable: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SectionPanel title={t('spotlight-notes')} qa="spotlight-notes-panel">
      {textFieldsOf(form.tag).map((field) => (
        <CountedText
          key={field}
          label={t(spotlightTextFields[field].label)}
          value={form[field]}
          onChange={(value) => update((f) => ({ ...f, [field]: value }))}
          max={limits[field] ?? null}
          disabled={readOnly || (field === 'parentNotes' && !parentNotesEditable)}
          description={
            field === 'parentNotes' && !parentNotesEditable ? t('spotlight-parent-notes-disabled') : undefined
          }
          minRows={field === 'notes' ? 5 : 3}
          qa={`spotlight-${field}`}
        />
      ))}
    </SectionPanel>
  );
}

const STATUS_LABEL: Record<(typeof CONSIDERATION_STATUS_OPTIONS)[number], string> = {
  Monitor: 'Monitor',
  Intervention: 'Intervention',
  StaffSupport: 'Staff Support',
  Resolved: 'Resolved',
};

/**
 * The event's consideration (spec 001 §3, §4): at most one ('Add consideration' only when none), its
 * status, details of 3 to 10 rows at the default maximum, and 'Share with parents' for Intervention
 * only, with the ParentZone note; another status clears the sharing.
 */
export function ConsiderationPanel({
  form,
  update,
  limit,
  readOnly,
}: {
  form: SpotlightForm;
  update: Update;
  limit: number | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const c = form.consideration;
  return (
    <SectionPanel title={t('spotlight-considerations')} qa="spotlight-consideration">
      {!c && (
        <Group>
          <Button
            variant="light"
            leftSection={<PlusIcon size={18} />}
            disabled={readOnly}
            onClick={() =>
              update((f) => ({
                ...f,
                consideration: { status: 'Monitor', notes: '', visibleToParents: false },
              }))
            }
            data-qa="spotlight-add-consideration"
          >
            {t('spotlight-add-consideration')}
          </Button>
        </Group>
      )}
      {c && (
        <Stack gap="sm">
          <Group align="flex-end" justify="space-between">
            <Select
              label={t('spotlight-consideration-status')}
              data={CONSIDERATION_STATUS_OPTIONS.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
              value={c.status}
              onChange={(status) => status && update((f) => withConsideration(f, { status }))}
              allowDeselect={false}
              disabled={readOnly}
              comboboxProps={{ withinPortal: true }}
              data-qa="spotlight-consideration-status"
            />
            {!readOnly && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<CloseIcon size={16} />}
                onClick={() => update((f) => ({ ...f, consideration: null }))}
                data-qa="spotlight-remove-consideration"
              >
                {t('spotlight-remove-consideration')}
              </Button>
            )}
          </Group>
          <CountedText
            label={t('spotlight-consideration-notes')}
            value={c.notes}
            onChange={(notes) => update((f) => withConsideration(f, { notes }))}
            max={limit}
            disabled={readOnly}
            minRows={considerationTextRows(c.notes)}
            maxRows={10}
            qa="spotlight-consideration-notes"
          />
          {isIntervention(c.status) && (
            <Stack gap={4}>
              <Checkbox
                label={t('spotlight-consideration-share')}
                checked={c.visibleToParents}
                onChange={(e) => {
                  const visibleToParents = e.currentTarget.checked;
                  update((f) => withConsideration(f, { visibleToParents }));
                }}
                disabled={readOnly}
                size="md"
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                data-qa="spotlight-consideration-share"
              />
              {c.visibleToParents && (
                <Text size="sm" c="dimmed" data-qa="spotlight-parentzone-note">
                  {t('intervention-visible-in-parentzone', {
                    type: SPOTLIGHT_TYPE_NAMES[form.tag].toLowerCase(),
                  })}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </SectionPanel>
  );
}
