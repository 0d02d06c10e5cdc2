import { Accordion, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FrameworkAgeRange, FrameworkItem } from '@nursery/domain/frameworks';
import { type KeyboardEvent, useMemo, useRef } from 'react';
import { Notice } from '../../../components/Notice';
import { FrameworksState } from './FrameworksState';
import {
  bestFitTargets,
  isBestFitRange,
  isBirthToFive,
  type PickerBestFit,
  withBestFit,
} from './pickerModel';
import classes from './pickers.module.css';
import { rangeColours } from './StatementRow';
import { usePickerFrameworks } from './usePickerFrameworks';
import { usePickerT } from './usePickerT';

export interface BestFitPickerProps {
  opened: boolean;
  onClose: () => void;
  value: PickerBestFit[];
  onChange: (next: PickerBestFit[]) => void;
  readOnly?: boolean;
}

/**
 * The Birth to 5 Matters best-fit picker (spec 001 §2, §3): for each aspect of each area, the range
 * (Range 1 … Range 6, ids -2500 to -2506) that best fits the child; choosing it again clears it. For
 * learning stories (the editor shows the button only with the flag and the framework).
 */
export function BestFitPicker(props: BestFitPickerProps) {
  const t = usePickerT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('best-fit-picker-title')}
      size="xl"
      transitionProps={{ duration: 0 }}
      data-qa="best-fit-picker-modal"
    >
      {props.opened && <BestFitBody {...props} />}
    </Modal>
  );
}

function BestFitBody({ value, onChange, onClose, readOnly = false }: BestFitPickerProps) {
  const t = usePickerT();
  const { query, frameworks } = usePickerFrameworks('learningStory');
  const pf = frameworks.find((f) => isBirthToFive(f.framework));
  const ranges = useMemo(() => (pf ? pf.ageRanges.filter((r) => isBestFitRange(r.id)) : []), [pf]);
  const targets = useMemo(() => (pf ? bestFitTargets(pf) : []), [pf]);
  const byItem = new Map(value.map((b) => [b.itemID, b.ageRangeID]));

  return (
    <Stack gap="sm" data-qa="best-fit-picker">
      <Group justify="space-between">
        <Badge size="lg" variant="light" data-qa="best-fit-picker-count" data-count={value.length}>
          {t('best-fit-picker-count', { count: value.length })}
        </Badge>
        <Button className={classes.control} onClick={onClose} data-qa="best-fit-picker-done">
          {t('picker-done')}
        </Button>
      </Group>
      <FrameworksState query={query} qa="best-fit-picker">
        {!pf || ranges.length === 0 ? (
          <Text c="dimmed" data-qa="best-fit-picker-unavailable">
            {t('best-fit-picker-unavailable')}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('best-fit-picker-intro')}</Text>
            {readOnly && (
              <Notice color="gray" qa="best-fit-picker-read-only">
                {t('picker-read-only')}
              </Notice>
            )}
            <Accordion multiple defaultValue={pf.areas.slice(0, 1).map((a) => a.id)} variant="separated">
              {pf.areas.map((area) => {
                const aspects = targets.filter((a) => a.id.startsWith(area.id));
                const chosen = aspects.filter((a) => byItem.has(a.id)).length;
                return (
                  <Accordion.Item
                    key={area.id}
                    value={area.id}
                    data-qa="best-fit-area"
                    data-item-id={area.id}
                  >
                    <Accordion.Control className={classes.control}>
                      <Group gap="xs">
                        <Text fw={600}>{area.name}</Text>
                        {chosen > 0 && (
                          <Badge variant="light" color="teal">
                            {chosen}
                          </Badge>
                        )}
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Stack gap="sm">
                        {aspects.map((aspect) => (
                          <AspectRanges
                            key={aspect.id}
                            aspect={aspect}
                            ranges={ranges}
                            selected={byItem.get(aspect.id) ?? null}
                            readOnly={readOnly}
                            onSelect={(rangeID) => onChange(withBestFit(value, aspect.id, rangeID))}
                          />
                        ))}
                      </Stack>
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
            </Accordion>
          </>
        )}
      </FrameworksState>
    </Stack>
  );
}

function AspectRanges(props: {
  aspect: FrameworkItem;
  ranges: FrameworkAgeRange[];
  selected: number | null;
  readOnly: boolean;
  onSelect: (rangeID: number) => void;
}) {
  const { aspect, ranges, selected, readOnly, onSelect } = props;
  const t = usePickerT();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusIndex = Math.max(
    0,
    ranges.findIndex((r) => r.id === selected),
  );
  // Arrow keys move between the ranges without choosing (choosing the same again clears it).
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    refs.current[(i + step + ranges.length) % ranges.length]?.focus();
  };
  return (
    <div data-qa="best-fit-aspect" data-item-id={aspect.id} data-selected={selected ?? ''}>
      <Text size="sm" fw={500} mb={4}>
        {aspect.name}
      </Text>
      <Group gap={4} role="group" aria-label={t('best-fit-picker-range-group', { item: aspect.name })}>
        {ranges.map((r, i) => {
          const on = r.id === selected;
          return (
            <Button
              key={r.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              className={classes.control}
              variant={on ? 'filled' : 'default'}
              aria-pressed={on}
              tabIndex={i === focusIndex ? 0 : -1}
              disabled={readOnly}
              onClick={() => onSelect(r.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              title={r.name}
              style={on ? undefined : rangeColours(r)}
              data-qa="best-fit-range"
              data-age-range-id={r.id}
            >
              {r.name}
            </Button>
          );
        })}
      </Group>
    </div>
  );
}
