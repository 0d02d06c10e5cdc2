import { Accordion, Checkbox, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import type { Framework, FrameworkItem } from '@nursery/domain/frameworks';
import { useMemo } from 'react';
import { useSession } from '../../auth';
import { useFrameworks } from '../../events';
import { FrameworksState } from './FrameworksState';
import { birthToFiveAreaNames, birthToFiveOf, gradedBirthToFiveAreaNames } from './overview';
import type { PickerGrading } from './pickerModel';
import classes from './pickers.module.css';
import { rangeColours } from './StatementRow';
import { usePickerT } from './usePickerT';

export interface GuidanceSidebarProps {
  opened: boolean;
  onClose: () => void;
  /** The event's gradings: the graded Birth to 5 areas give the headers. */
  gradings: PickerGrading[];
  /** The notes hold the guidance-note headers (the checkbox's state; the editor owns the notes). */
  headersInserted: boolean;
  /**
   * The checkbox changed: insert the headers of `areaNames` (the graded Birth to 5 areas) into the notes,
   * or remove those of `areaNames` (every Birth to 5 area). The editor applies the domain's
   * insertGuidanceHeaders / removeGuidanceHeaders.
   */
  onHeadersChange: (inserted: boolean, areaNames: string[]) => void;
  readOnly?: boolean;
}

/**
 * The Birth to 5 Matters guidance sidebar (spec 001 §2, §4 "Guidance notes"): the graded Birth to 5
 * statements, the guidance of every area (aspects with what each range looks like, and help text), and
 * the checkbox that inserts or removes the guidance-note headers.
 */
export function GuidanceSidebar(props: GuidanceSidebarProps) {
  const t = usePickerT();
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={t('guidance-title')}
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': t('picker-close'), className: classes.control }}
      data-qa="guidance-sidebar-drawer"
    >
      {props.opened && <GuidanceBody {...props} />}
    </Drawer>
  );
}

function GuidanceBody({
  gradings,
  headersInserted,
  onHeadersChange,
  readOnly = false,
}: GuidanceSidebarProps) {
  const t = usePickerT();
  const { site } = useSession();
  const query = useFrameworks(site.id);
  const b5 = birthToFiveOf(query.data);
  const gradedAreas = useMemo(() => gradedBirthToFiveAreaNames(query.data, gradings), [query.data, gradings]);
  const canInsert = gradedAreas.length > 0;

  return (
    <Stack gap="md" data-qa="guidance-sidebar">
      <FrameworksState query={query} qa="guidance">
        {!b5 ? (
          <Text c="dimmed" data-qa="guidance-unavailable">
            {t('guidance-unavailable')}
          </Text>
        ) : (
          <>
            <div>
              <Checkbox
                size="md"
                label={t('guidance-headers')}
                checked={headersInserted}
                disabled={readOnly || (!headersInserted && !canInsert)}
                onChange={(e) =>
                  onHeadersChange(
                    e.currentTarget.checked,
                    e.currentTarget.checked ? gradedAreas : birthToFiveAreaNames(query.data),
                  )
                }
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                data-qa="guidance-headers"
              />
              {!canInsert && (
                <Text size="sm" c="dimmed" data-qa="guidance-headers-none">
                  {t('guidance-headers-none')}
                </Text>
              )}
            </div>
            <GradedList framework={b5} gradings={gradings} />
            <AreaGuidance framework={b5} />
          </>
        )}
      </FrameworksState>
    </Stack>
  );
}

function GradedList({ framework, gradings }: { framework: Framework; gradings: PickerGrading[] }) {
  const t = usePickerT();
  const byID = useMemo(() => new Map(framework.items.map((i) => [i.id, i])), [framework]);
  const ranges = useMemo(() => new Map(framework.ageRanges.map((r) => [r.id, r])), [framework]);
  const graded = gradings.filter((g) => byID.has(g.itemID));
  if (graded.length === 0) return null;
  return (
    <section data-qa="guidance-graded">
      <Title order={3} size="h5" mb={4}>
        {t('guidance-graded')}
      </Title>
      <Stack gap={4}>
        {graded.map((g) => {
          const range = g.ageRangeID === null ? undefined : ranges.get(g.ageRangeID);
          return (
            <Group key={g.itemID} gap="xs" wrap="nowrap" align="flex-start">
              {range && (
                <Text size="xs" className={classes.rangeChip} style={rangeColours(range)}>
                  {range.shortLabel ?? range.name}
                </Text>
              )}
              <Text size="sm">{byID.get(g.itemID)?.name}</Text>
            </Group>
          );
        })}
      </Stack>
    </section>
  );
}

/** Every area's aspects with the statements of each range: what the range looks like (the guidance). */
function AreaGuidance({ framework }: { framework: Framework }) {
  const t = usePickerT();
  const root = `/${framework.id}/`;
  const childrenOf = useMemo(() => {
    const map = new Map<string, FrameworkItem[]>();
    for (const i of framework.items) {
      if (i.parentID === null) continue;
      const list = map.get(i.parentID);
      if (list) list.push(i);
      else map.set(i.parentID, [i]);
    }
    return map;
  }, [framework]);
  const areas = childrenOf.get(root) ?? [];
  const ranges = framework.ageRanges;
  return (
    <Accordion multiple variant="separated" data-qa="guidance-areas">
      {areas.map((area) => (
        <Accordion.Item key={area.id} value={area.id} data-qa="guidance-area">
          <Accordion.Control className={classes.control}>{area.name}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              {area.helpText && <Text size="sm">{area.helpText}</Text>}
              {(childrenOf.get(area.id) ?? []).map((aspect) => {
                const statements = childrenOf.get(aspect.id) ?? [];
                return (
                  <div key={aspect.id}>
                    <Text fw={600} size="sm">
                      {aspect.name}
                    </Text>
                    {aspect.helpText && (
                      <Text size="sm" c="dimmed">
                        {aspect.helpText}
                      </Text>
                    )}
                    <Stack gap={2} mt={4}>
                      {ranges.map((r) => {
                        const inRange = statements.filter((s) => s.ageRangeID === r.id);
                        if (inRange.length === 0) return null;
                        return (
                          <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start">
                            <Text
                              size="xs"
                              fw={600}
                              className={classes.rangeChip}
                              style={{ ...rangeColours(r), whiteSpace: 'nowrap' }}
                              title={r.name}
                            >
                              {r.shortLabel ? t('guidance-range', { label: r.shortLabel }) : r.name}
                            </Text>
                            <Text size="sm">{inRange.map((s) => s.name).join('; ')}</Text>
                          </Group>
                        );
                      })}
                    </Stack>
                  </div>
                );
              })}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
