import {
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { textLimit } from '@nursery/domain/common';
import { textLimitKindOf } from '@nursery/domain/events';
import { indexFramework } from '@nursery/domain/frameworks';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { useSession } from '../../auth';
import { itemNames, schemeFor } from '../assessment/frameworkTree';
import { newKey } from '../form/core';
import type { FormNextStep } from '../form/eventsPart';
import type { PanelProps } from '../panelProps';

/** Items offered at once in the link search (the list filters as the user types). */
const LINK_OPTIONS_SHOWN = 50;

interface LinkOption {
  value: string;
  label: string;
}

/**
 * The form's next steps (spec 000 §2, §4, §5): add, write notes (limit from the server flags), link
 * framework items (the items graded in this form, or any gradable item of a framework whose scheme
 * allows next steps), mark completed, delete after "Delete this next step?". A step is read-only when
 * the event is not editable or the stored step is completed.
 */
export function NextStepsPanel(props: PanelProps) {
  const { form, update, type, editable, event, frameworks } = props;
  const { t } = useTranslation();
  const { config } = useSession();
  const headingId = useId();
  const code = type.codes.find((c) => c.id === form.codeID);
  const limit = textLimit(config.flags, textLimitKindOf(type.tag, code?.key ?? null), 'nextSteps');
  const names = useMemo(() => itemNames(frameworks), [frameworks]);

  // Gradable items of the frameworks whose scheme for this type allows next steps.
  const linkable = useMemo(() => {
    const options: LinkOption[] = [];
    const ids = new Set<string>();
    for (const f of frameworks?.frameworks ?? []) {
      const scheme = schemeFor(f, type.id);
      if (!scheme?.allowNextSteps) continue;
      const index = indexFramework(f, scheme);
      for (const item of index.statements) {
        ids.add(item.id);
        options.push({ value: item.id, label: item.name });
      }
    }
    return { options, ids };
  }, [frameworks, type.id]);

  const storedCompleted = useMemo(
    () => new Set((event?.nextSteps ?? []).filter((s) => s.completed).map((s) => s.id)),
    [event],
  );
  const graded = Object.keys(form.values).filter((id) => linkable.ids.has(id));

  const change = (key: string, fn: (s: FormNextStep) => FormNextStep) =>
    update((f) => ({ ...f, nextSteps: f.nextSteps.map((s) => (s.key === key ? fn(s) : s)) }));
  const add = () =>
    update((f) => ({
      ...f,
      nextSteps: [...f.nextSteps, { key: newKey('next-step'), notes: '', links: [], completed: false }],
    }));
  const remove = (key: string) =>
    openConfirmDialog({
      title: t('delete-next-step'),
      confirmLabel: t('next-step-delete-confirm'),
      cancelLabel: t('next-step-cancel'),
      confirmQa: 'next-step-delete-confirm',
      cancelQa: 'next-step-delete-cancel',
      onConfirm: () => update((f) => ({ ...f, nextSteps: f.nextSteps.filter((s) => s.key !== key) })),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-qa="next-steps-panel">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {t('next-steps-title')}
          </Title>
          <Badge
            variant="light"
            circle={form.nextSteps.length < 10}
            aria-label={t('next-steps-count', { count: form.nextSteps.length })}
            data-qa="next-steps-count"
          >
            {form.nextSteps.length}
          </Badge>
        </Group>
        {editable && (
          <Button variant="light" onClick={add} data-qa="next-step-add">
            {t('next-steps-add')}
          </Button>
        )}
      </Group>
      {form.nextSteps.length === 0 && (
        <Text size="sm" c="dimmed" data-qa="next-steps-empty">
          {t('next-steps-empty')}
        </Text>
      )}
      {form.nextSteps.map((step, i) => (
        <NextStepCard
          key={step.key}
          step={step}
          n={i + 1}
          readOnly={!editable || (step.id !== undefined && storedCompleted.has(step.id))}
          lockedCompleted={step.id !== undefined && storedCompleted.has(step.id)}
          limit={limit}
          names={names}
          graded={graded}
          options={linkable.options}
          onChange={(fn) => change(step.key, fn)}
          onDelete={() => remove(step.key)}
        />
      ))}
    </Stack>
  );
}

function NextStepCard(props: {
  step: FormNextStep;
  n: number;
  readOnly: boolean;
  lockedCompleted: boolean;
  limit: number | null;
  names: Map<string, string>;
  graded: string[];
  options: LinkOption[];
  onChange: (fn: (s: FormNextStep) => FormNextStep) => void;
  onDelete: () => void;
}) {
  const { step, n, readOnly, lockedCompleted, limit, names, graded, options, onChange, onDelete } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const unlinkedGraded = graded.filter((id) => !step.links.includes(id));
  const searchOptions = useMemo(
    () => options.filter((o) => !step.links.includes(o.value)),
    [options, step.links],
  );
  const link = (itemID: string) =>
    onChange((s) => (s.links.includes(itemID) ? s : { ...s, links: [...s.links, itemID] }));

  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-labelledby={titleId}
      data-qa="next-step"
      data-step-key={step.key}
      data-step-id={step.id ?? ''}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" id={titleId}>
            {t('next-step-label', { n: String(n) })}
          </Text>
          {!readOnly && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('next-step-delete-label', { n: String(n) })}
              data-qa="next-step-delete"
            >
              {t('next-step-delete')}
            </Button>
          )}
        </Group>
        {lockedCompleted && (
          <Text size="xs" c="dimmed" data-qa="next-step-read-only">
            {t('next-step-read-only-completed')}
          </Text>
        )}
        <Textarea
          label={t('next-step-notes-label')}
          placeholder={readOnly ? undefined : t('next-step-notes-placeholder')}
          value={step.notes}
          onChange={(e) => {
            const notes = e.currentTarget.value;
            onChange((s) => ({ ...s, notes }));
          }}
          readOnly={readOnly}
          maxLength={limit ?? undefined}
          autosize
          minRows={2}
          maxRows={8}
          description={
            limit !== null && !readOnly
              ? t('next-step-characters', { count: step.notes.length, max: String(limit) })
              : undefined
          }
          data-qa="next-step-notes"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('next-step-links-label')}
          </Text>
          {step.links.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('next-step-links-none')}
            </Text>
          ) : (
            <Group gap={6} data-qa="next-step-links">
              {step.links.map((id) => {
                const name = names.get(id) ?? t('next-step-unknown-item');
                return (
                  <Badge
                    key={id}
                    variant="light"
                    tt="none"
                    size="lg"
                    h="auto"
                    py={4}
                    maw="100%"
                    styles={{ label: { whiteSpace: 'normal' } }}
                    data-qa="next-step-link"
                    data-item-id={id}
                    rightSection={
                      readOnly ? undefined : (
                        <CloseButton
                          size="xs"
                          aria-label={t('next-step-unlink', { item: name })}
                          onClick={() => onChange((s) => ({ ...s, links: s.links.filter((x) => x !== id) }))}
                          data-qa="next-step-unlink"
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
        </Stack>
        {!readOnly && unlinkedGraded.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('next-step-link-graded')}
            </Text>
            <Group gap={6}>
              {unlinkedGraded.map((id) => (
                <Button
                  key={id}
                  size="compact-sm"
                  variant="default"
                  onClick={() => link(id)}
                  data-qa="next-step-link-graded"
                  data-item-id={id}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                >
                  + {names.get(id) ?? id}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        {!readOnly && options.length > 0 && (
          <Select
            label={t('next-step-link-search')}
            placeholder={t('next-step-link-search-placeholder')}
            data={searchOptions}
            value={null}
            onChange={(v) => {
              if (v) link(v);
              setSearch('');
            }}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            limit={LINK_OPTIONS_SHOWN}
            nothingFoundMessage={t('next-step-link-none-found')}
            data-qa="next-step-link-search"
          />
        )}
        <Checkbox
          label={t('next-step-completed')}
          checked={step.completed}
          onChange={(e) => {
            const completed = e.currentTarget.checked;
            onChange((s) => ({ ...s, completed }));
          }}
          disabled={readOnly}
          data-qa="next-step-completed"
        />
      </Stack>
    </Card>
  );
}
