import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDate, OUTSTANDING_NEXT_STEPS_PAGE_SIZE } from '@nursery/domain/common';
import { EVENT_SEARCH_MAX_ITEMS } from '@nursery/domain/events';
import { areaIDOf } from '@nursery/domain/frameworks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../../components/icons';
import { QueryState } from '../../../components/QueryState';
import { SectionPanel } from '../../../components/SectionPanel';
import { TouchList, TouchRow, touchTargetClass } from '../../../components/TouchList';
import { useSession } from '../../auth';
import { eventsApi } from '../api';
import type { PanelProps } from '../panelProps';
import { itemNames } from './frameworkTree';

export const assessmentKeys = {
  lastEvent: (childID: number, typeID: number) => ['last-event', childID, typeID] as const,
  outstanding: (childIDs: readonly number[]) => ['outstanding-next-steps', childIDs.join(',')] as const,
  pastObservations: (childID: number, itemIDs: string) => ['past-observations', childID, itemIDs] as const,
};

/**
 * The assessment side panel (spec 000 §2 "Assessment extras"): the child's last assessment with a
 * View link and help, the outstanding next steps (5 a page, mark complete), and the child's past
 * published observations of the items graded in this form.
 */
export function AssessmentSide(props: PanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="md" component="aside" aria-labelledby={headingId} data-qa="assessment-side">
      <Title order={3} size="h4" id={headingId}>
        {t('assessment-side-title')}
      </Title>
      <LastAssessment {...props} />
      <OutstandingNextSteps {...props} />
      <PastObservations {...props} />
    </Stack>
  );
}

function LastAssessment({ form, type, site }: PanelProps) {
  const { t } = useTranslation();
  const childID = form.childIDs.length === 1 ? form.childIDs[0]! : null;
  const query = useQuery({
    queryKey: assessmentKeys.lastEvent(childID ?? 0, type.id),
    queryFn: ({ signal }) => eventsApi.lastEvent({ childID: childID ?? 0, typeID: type.id }, signal),
    enabled: childID !== null,
  });

  let body: ReactNode;
  if (childID === null) body = <Text size="sm">{t('last-assessment-select-child')}</Text>;
  else if (query.isPending) body = <Loader size="xs" aria-label={t('last-assessment-help-label')} />;
  else if (query.isError) body = <Text size="sm">{t('last-assessment-failed')}</Text>;
  else if (query.data.eventID === null || query.data.raised === null)
    body = (
      <Text size="sm" data-qa="last-assessment-none">
        {t('last-assessment-none')}
      </Text>
    );
  else
    body = (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} data-qa="last-assessment-date">
          {t('last-assessment', { date: formatDate(query.data.raised, site.timeZone) })}
        </Text>
        <Button
          component="a"
          href={`#/view/${query.data.eventID}`}
          size="compact-sm"
          variant="light"
          data-qa="last-assessment-view"
        >
          {t('last-assessment-view')}
        </Button>
      </Group>
    );

  return (
    <Card withBorder padding="sm" data-qa="last-assessment">
      <Group justify="space-between" wrap="nowrap" align="center">
        {body}
        <Popover width={280} position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              aria-label={t('last-assessment-help-label')}
              data-qa="last-assessment-help"
            >
              <InfoIcon size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown data-qa="last-assessment-help-text">
            <Text size="sm">{t('last-assessment-help')}</Text>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Card>
  );
}

type StepFilter = 'all' | 'matching';

function OutstandingNextSteps({ form, update, editable, site, frameworks }: PanelProps) {
  const { t } = useTranslation();
  const childIDs = useMemo(() => [...form.childIDs].sort((a, b) => a - b), [form.childIDs]);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<StepFilter>('all');
  const names = useMemo(() => itemNames(frameworks), [frameworks]);
  const query = useQuery({
    queryKey: assessmentKeys.outstanding(childIDs),
    queryFn: ({ signal }) => eventsApi.outstandingNextSteps(childIDs, signal),
    enabled: childIDs.length > 0,
  });

  const gradedAreas = useMemo(() => new Set(Object.keys(form.values).map(areaIDOf)), [form.values]);
  const steps = useMemo(() => {
    const all = query.data ?? [];
    if (filter === 'all') return all;
    return all.filter((s) => s.links.some((l) => gradedAreas.has(areaIDOf(l.itemID))));
  }, [query.data, filter, gradedAreas]);
  const pages = Math.max(1, Math.ceil(steps.length / OUTSTANDING_NEXT_STEPS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = steps.slice(
    (current - 1) * OUTSTANDING_NEXT_STEPS_PAGE_SIZE,
    current * OUTSTANDING_NEXT_STEPS_PAGE_SIZE,
  );
  const completed = new Set(form.completedNextStepIDs);
  const toggleComplete = (id: number) =>
    update((f) => ({
      ...f,
      completedNextStepIDs: f.completedNextStepIDs.includes(id)
        ? f.completedNextStepIDs.filter((x) => x !== id)
        : [...f.completedNextStepIDs, id],
    }));

  let body: ReactNode;
  if (childIDs.length === 0) {
    body = (
      <Text size="sm" data-qa="outstanding-next-steps-message">
        {t('select-child-for-next-steps')}
      </Text>
    );
  } else {
    let emptyKey: 'no-next-steps-children' | 'add-gradings-for-next-steps' | 'no-next-steps-observation' =
      'no-next-steps-children';
    if (filter === 'matching' && (query.data?.length ?? 0) > 0) {
      emptyKey = gradedAreas.size === 0 ? 'add-gradings-for-next-steps' : 'no-next-steps-observation';
    }
    body = (
      <QueryState
        query={query}
        qa="outstanding-next-steps"
        loading={t('outstanding-next-steps-loading')}
        error={() => t('next-steps-failed-to-load')}
        loaderSize="xs"
        empty={{
          when: () => steps.length === 0,
          show: (
            <Text size="sm" data-qa="outstanding-next-steps-message">
              {t(emptyKey)}
            </Text>
          ),
        }}
      >
        {() => (
          <Stack gap="xs">
            {shown.map((s) => {
              const done = completed.has(s.id);
              return (
                <Card
                  key={s.id}
                  withBorder
                  padding="xs"
                  data-qa="outstanding-next-step"
                  data-step-id={s.id}
                  bg={done ? 'green.0' : undefined}
                >
                  <Stack gap={4}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={s.notes ? undefined : 'dimmed'}>
                      {s.notes?.trim() || t('outstanding-next-step-no-notes')}
                    </Text>
                    {s.links.length > 0 && (
                      <Group gap={4}>
                        {s.links.map((l) => (
                          <Badge
                            key={l.itemID}
                            variant="light"
                            size="sm"
                            tt="none"
                            h="auto"
                            py={2}
                            maw="100%"
                            styles={{ label: { whiteSpace: 'normal' } }}
                          >
                            {names.get(l.itemID) ?? t('next-step-unknown-item')}
                          </Badge>
                        ))}
                      </Group>
                    )}
                    {childIDs.length > 1 && (
                      <Text size="xs" c="dimmed">
                        {t('outstanding-next-step-child', {
                          child: `${s.child.forename} ${s.child.surname}`,
                        })}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" data-qa="outstanding-next-step-by">
                      {t('outstanding-next-step-by', {
                        author: `${s.author.forename} ${s.author.surname}`,
                        date: formatDate(s.created, site.timeZone),
                      })}
                    </Text>
                    {editable && (
                      <Group justify="space-between" gap="xs">
                        {done ? (
                          <Text size="xs" c="green.9">
                            {t('outstanding-next-step-will-complete')}
                          </Text>
                        ) : (
                          <span />
                        )}
                        <Button
                          size="compact-sm"
                          variant={done ? 'filled' : 'light'}
                          color={done ? 'green' : undefined}
                          aria-pressed={done}
                          onClick={() => toggleComplete(s.id)}
                          data-qa="outstanding-next-step-complete"
                        >
                          {t(
                            done
                              ? 'outstanding-next-step-marked-complete'
                              : 'outstanding-next-step-mark-complete',
                          )}
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Card>
              );
            })}
            {pages > 1 && (
              <Pagination
                total={pages}
                value={current}
                onChange={setPage}
                size="sm"
                getControlProps={(control) =>
                  control === 'previous' || control === 'next' ? { 'aria-label': control } : {}
                }
                aria-label={t('outstanding-next-steps-pages')}
                data-qa="outstanding-next-steps-pagination"
              />
            )}
          </Stack>
        )}
      </QueryState>
    );
  }

  return (
    <SectionPanel
      variant="card"
      title={t('outstanding-next-steps-title')}
      qa="outstanding-next-steps"
      aside={
        query.data && (
          <Badge variant="light" data-qa="outstanding-next-steps-count">
            {steps.length}
          </Badge>
        )
      }
    >
      {childIDs.length > 0 && (
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => {
            setFilter(v === 'matching' ? 'matching' : 'all');
            setPage(1);
          }}
          aria-label={t('outstanding-next-steps-filter')}
          data={[
            { value: 'all', label: t('outstanding-next-steps-all') },
            { value: 'matching', label: t('outstanding-next-steps-matching') },
          ]}
          data-qa="outstanding-next-steps-filter"
        />
      )}
      {body}
    </SectionPanel>
  );
}

function PastObservations({ form, event, site, frameworks }: PanelProps) {
  const { t } = useTranslation();
  const { config } = useSession();
  const childID = form.childIDs.length === 1 ? form.childIDs[0]! : null;
  const names = useMemo(() => itemNames(frameworks), [frameworks]);
  const gradedIDs = useMemo(() => Object.keys(form.values).sort(), [form.values]);
  const [chosen, setChosen] = useState<string | null>(null);
  const itemIDs = chosen !== null && gradedIDs.includes(chosen) ? [chosen] : gradedIDs;
  const ids = itemIDs.slice(0, EVENT_SEARCH_MAX_ITEMS).join(',');
  const publishedID = config.eventStatuses.find((s) => s.published)?.id;
  const observationTypeID = config.eventTypes.find((x) => x.tag === 'observation')?.id;
  const query = useQuery({
    queryKey: assessmentKeys.pastObservations(childID ?? 0, ids),
    queryFn: ({ signal }) =>
      eventsApi.search(
        { childIDs: childID, itemIDs: ids, statusID: publishedID, typeID: observationTypeID, limit: 25 },
        signal,
      ),
    enabled: childID !== null && ids !== '',
  });
  const events = (query.data?.events ?? []).filter((e) => e.id !== event?.id);

  // Spec 000 §2: shown only when exactly one child is selected.
  if (childID === null) return null;

  let body: ReactNode;
  if (gradedIDs.length === 0) {
    body = (
      <Text size="sm" c="dimmed" data-qa="past-observations-message">
        {t('past-observations-add-gradings')}
      </Text>
    );
  } else {
    body = (
      <QueryState
        query={query}
        qa="past-observations"
        loading={t('past-observations-loading')}
        error={() => t('past-observations-failed')}
        loaderSize="xs"
        empty={{
          when: () => events.length === 0,
          show: (
            <Text size="sm" data-qa="past-observations-message">
              {t('no-published-observations-for-area')}
            </Text>
          ),
        }}
      >
        {() => (
          <TouchList gap={6}>
            {events.map((e) => {
              const date = formatDate(e.raised, site.timeZone);
              return (
                <TouchRow key={e.id} data-qa="past-observation" data-event-id={e.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {date}
                      </Text>
                      <Text size="sm" c={e.notes ? undefined : 'dimmed'} lineClamp={2}>
                        {e.notes?.trim() || t('past-observations-no-notes')}
                      </Text>
                    </div>
                    <Anchor
                      href={`#/view/${e.id}`}
                      size="sm"
                      className={touchTargetClass}
                      aria-label={t('past-observations-view-label', { date })}
                      data-qa="past-observation-view"
                    >
                      {t('past-observations-view')}
                    </Anchor>
                  </Group>
                </TouchRow>
              );
            })}
          </TouchList>
        )}
      </QueryState>
    );
  }

  return (
    <SectionPanel variant="card" title={t('past-observations-title')} qa="past-observations">
      {gradedIDs.length > 0 && (
        <Select
          label={t('past-observations-item-label')}
          data={[
            { value: '', label: t('past-observations-all-items') },
            ...gradedIDs.map((id) => ({ value: id, label: names.get(id) ?? id })),
          ]}
          value={chosen !== null && gradedIDs.includes(chosen) ? chosen : ''}
          onChange={(v) => setChosen(v === '' ? null : v)}
          allowDeselect={false}
          size="sm"
          data-qa="past-observations-item"
        />
      )}
      {body}
    </SectionPanel>
  );
}
