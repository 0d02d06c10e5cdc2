import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { GRADING_CEILING } from '@nursery/domain/common';
import { countGradings, type FrameworksAnswer, gradingCounts } from '@nursery/domain/frameworks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import { contentBadgeKey, type SpotlightForm } from '../../events';
import { checkpointsQuery } from '../api';

/** The modals and pickers the editor opens (spec 001 §2 "Modals and panels"). */
export type SpotlightPicker = 'gradings' | 'bestFit' | 'checkpoints' | 'guidance' | 'overview';

interface Names {
  item: (id: string) => string;
  ageRange: (id: number | null) => string | null;
}

/** Item and age-range names from the site's frameworks (the picker's data); the id when not known. */
function useNames(frameworks: FrameworksAnswer | undefined): Names {
  return useMemo(() => {
    const items = new Map<string, string>();
    const ranges = new Map<number, string>();
    for (const f of frameworks?.frameworks ?? []) {
      for (const i of f.items) items.set(i.id, i.name);
      for (const r of f.ageRanges) ranges.set(r.id, r.name);
    }
    return {
      item: (id) => items.get(id) ?? id,
      ageRange: (id) => (id === null ? null : (ranges.get(id) ?? String(id))),
    };
  }, [frameworks]);
}

const VALUE_KEY = {
  0: 'spotlight-grade-working-towards',
  1: 'spotlight-grade-achieved',
} as const;

function RemoveButton({ label, onClick, qa }: { label: string; onClick: () => void; qa: string }) {
  return (
    <ActionIcon variant="subtle" color="gray" size={44} onClick={onClick} aria-label={label} data-qa={qa}>
      <CloseIcon size={18} />
    </ActionIcon>
  );
}

/**
 * Framework indicators, best fits and development checkpoints of the event (spec 001 §2): the buttons
 * that open the pickers ('Add framework indicator'; for a learning story 'Add development checkpoint'
 * and, with the Birth to 5 flag and framework, 'Birth to 5 Matters Best Fit'; for a snapshot 'View
 * Birth to 5 Matters Guidance'), what is chosen with a remove button each, the 255 count and the
 * badge when nothing is attached.
 */
export function FrameworkPanel({
  form,
  update,
  frameworks,
  birthToFive,
  readOnly,
  onOpen,
}: {
  form: SpotlightForm;
  update: (change: (f: SpotlightForm) => SpotlightForm) => void;
  frameworks: FrameworksAnswer | undefined;
  birthToFive: boolean;
  readOnly: boolean;
  onOpen: (picker: SpotlightPicker) => void;
}) {
  const { t } = useTranslation();
  const names = useNames(frameworks);
  const story = form.tag === 'learningStory';
  const gradings = form.gradings.filter(gradingCounts);
  const count = countGradings(form.gradings, story ? form.bestFits : []);
  const badge = contentBadgeKey(form);
  const checkpoints = useQuery({ ...checkpointsQuery(), enabled: story && form.checkpointIDs.length > 0 });
  const checkpointName = (id: number) => {
    const c = checkpoints.data?.find((x) => x.id === id);
    return c
      ? `${c.section}${c.subsection ? ` – ${c.subsection}` : ''}: ${c.description}`
      : t('spotlight-checkpoint', { id: String(id) });
  };

  return (
    <SectionPanel
      title={t('spotlight-indicators')}
      qa="spotlight-framework"
      aside={
        <Text size="sm" c={count > GRADING_CEILING ? 'red' : 'dimmed'} data-qa="spotlight-grading-count">
          {t('spotlight-indicators-count', { count, max: String(GRADING_CEILING) })}
        </Text>
      }
    >
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<PlusIcon size={18} />}
          onClick={() => onOpen('gradings')}
          disabled={readOnly}
          data-qa="spotlight-add-indicator"
        >
          {t('spotlight-add-indicator')}
        </Button>
        {story && (
          <Button
            variant="light"
            leftSection={<PlusIcon size={18} />}
            onClick={() => onOpen('checkpoints')}
            disabled={readOnly}
            data-qa="spotlight-add-checkpoint"
          >
            {t('spotlight-add-checkpoint')}
          </Button>
        )}
        {story && birthToFive && (
          <Button
            variant="light"
            onClick={() => onOpen('bestFit')}
            disabled={readOnly}
            data-qa="spotlight-best-fit"
          >
            {t('spotlight-best-fit')}
          </Button>
        )}
        {!story && birthToFive && (
          <Button variant="default" onClick={() => onOpen('guidance')} data-qa="spotlight-guidance">
            {t('spotlight-guidance')}
          </Button>
        )}
        {count > 0 && (
          <Button variant="subtle" onClick={() => onOpen('overview')} data-qa="spotlight-overview">
            {t('spotlight-overview')}
          </Button>
        )}
      </Group>
      {badge && (
        <Text
          size="sm"
          fw={600}
          // Dark orange on pale orange (about 9:1): Mantine's orange shades fail AA contrast here.
          c="#7c2d12"
          bg="#ffedd5"
          px="sm"
          py={4}
          style={{ alignSelf: 'flex-start', borderRadius: 16 }}
          data-qa="spotlight-content-badge"
        >
          {t(badge)}
        </Text>
      )}
      {gradings.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-qa="spotlight-gradings">
          {gradings.map((g) => {
            const range = names.ageRange(g.ageRangeID);
            const value = g.value === null ? t('spotlight-grade-best-fit') : t(VALUE_KEY[g.value]);
            return (
              <Group
                key={g.itemID}
                component="li"
                justify="space-between"
                wrap="nowrap"
                data-qa="spotlight-grading"
              >
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {names.item(g.itemID)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[range, value, g.notes.trim()].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                {!readOnly && (
                  <RemoveButton
                    label={t('spotlight-remove-grading', { item: names.item(g.itemID) })}
                    qa="spotlight-remove-grading"
                    onClick={() =>
                      update((f) => ({ ...f, gradings: f.gradings.filter((x) => x.itemID !== g.itemID) }))
                    }
                  />
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {story && form.bestFits.length > 0 && (
        <Stack gap={4} data-qa="spotlight-best-fits">
          <Text size="sm" fw={700}>
            {t('spotlight-best-fits')}
          </Text>
          {form.bestFits.map((b) => (
            <Group key={b.itemID} justify="space-between" wrap="nowrap" data-qa="spotlight-best-fit-row">
              <Text size="sm">
                {names.item(b.itemID)} · {names.ageRange(b.ageRangeID)}
              </Text>
              {!readOnly && (
                <RemoveButton
                  label={t('spotlight-remove-best-fit', { item: names.item(b.itemID) })}
                  qa="spotlight-remove-best-fit"
                  onClick={() =>
                    update((f) => ({ ...f, bestFits: f.bestFits.filter((x) => x.itemID !== b.itemID) }))
                  }
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
      {story && form.checkpointIDs.length > 0 && (
        <Stack gap={4} data-qa="spotlight-checkpoints">
          <Text size="sm" fw={700}>
            {t('spotlight-checkpoints')}
          </Text>
          {form.checkpointIDs.map((id) => (
            <Group key={id} justify="space-between" wrap="nowrap" data-qa="spotlight-checkpoint-row">
              <Text size="sm">{checkpointName(id)}</Text>
              {!readOnly && (
                <RemoveButton
                  label={t('spotlight-remove-checkpoint', { item: checkpointName(id) })}
                  qa="spotlight-remove-checkpoint"
                  onClick={() =>
                    update((f) => ({
                      ...f,
                      checkpointIDs: f.checkpointIDs.filter((x) => x !== id),
                      checkpointNotes: f.checkpointNotes.filter((x) => x.checkpointID !== id),
                    }))
                  }
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
    </SectionPanel>
  );
}
