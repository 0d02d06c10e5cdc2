// The Event Checker's filters (spec 001 §2 "A staff picker; a date range, a framework and event types"):
// the staff picker only for a user who may select staff (at most 50), From and To, the framework
// (or all) and the event types; Filter runs the fetch (results only after Filter, §4).
import { Button, Checkbox, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  EVENT_CHECKER_EVENT_TYPES,
  EVENT_CHECKER_STAFF_MAX,
  type EventCheckerEventType,
} from '@nursery/domain/spotlight';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateTimeInputs';
import type { EventCheckerFilters, filterProblem } from './filters';

const TOUCH = { input: { minHeight: '2.75rem' }, option: { minHeight: '2.75rem' } } as const;
/** The picker's box holds the pills: they (and the placeholder) sit in its middle at 44 px. */
const PICKER = { ...TOUCH, input: { minHeight: '2.75rem', display: 'flex', alignItems: 'center' } } as const;

export interface StaffChoice {
  id: number;
  name: string;
}

export function EventCheckerFilterForm({
  filters,
  onChange,
  canSelectStaff,
  staff,
  staffLoading,
  frameworks,
  problem,
  loading,
  onFilter,
}: {
  filters: EventCheckerFilters;
  onChange: (next: EventCheckerFilters) => void;
  canSelectStaff: boolean;
  staff: readonly StaffChoice[];
  staffLoading: boolean;
  frameworks: readonly { id: string; name: string }[];
  /** What stops a Filter (filterProblem). */
  problem: ReturnType<typeof filterProblem>;
  loading: boolean;
  onFilter: () => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<EventCheckerFilters>) => onChange({ ...filters, ...patch });
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="form"
      aria-label={t('event-checker-filters')}
      onSubmit={(e) => {
        e.preventDefault();
        onFilter();
      }}
      data-qa="event-checker-filters"
    >
      <Stack gap="sm">
        {canSelectStaff ? (
          <MultiSelect
            label={t('event-checker-staff')}
            description={t('event-checker-select-staff-member')}
            placeholder={
              filters.staffIDs.length === 0
                ? t('event-checker-staff-placeholder', { max: String(EVENT_CHECKER_STAFF_MAX) })
                : undefined
            }
            data={staff.map((s) => ({ value: String(s.id), label: s.name }))}
            value={filters.staffIDs.map(String)}
            onChange={(v) => set({ staffIDs: v.map(Number).slice(0, EVENT_CHECKER_STAFF_MAX) })}
            maxValues={EVENT_CHECKER_STAFF_MAX}
            searchable
            disabled={staffLoading}
            hidePickedOptions
            comboboxProps={{ withinPortal: true }}
            styles={PICKER}
            data-qa="event-checker-staff"
          />
        ) : (
          <Text size="sm" data-qa="event-checker-own">
            {t('event-checker-own-key-children')}
          </Text>
        )}
        {canSelectStaff && filters.staffIDs.length > 0 && (
          <Text size="xs" c="dimmed" data-qa="event-checker-staff-count">
            {t('event-checker-staff-count', {
              count: filters.staffIDs.length,
              max: String(EVENT_CHECKER_STAFF_MAX),
            })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField
            label={t('event-checker-date-from')}
            value={filters.dateFrom}
            onChange={(v) => v && set({ dateFrom: v })}
            qa="event-checker-date-from"
          />
          <DateField
            label={t('event-checker-date-to')}
            value={filters.dateTo}
            onChange={(v) => v && set({ dateTo: v })}
            qa="event-checker-date-to"
          />
          <Select
            label={t('event-checker-framework')}
            data={[
              { value: '', label: t('event-checker-all-frameworks') },
              ...frameworks.map((f) => ({ value: f.id, label: f.name })),
            ]}
            value={filters.frameworkID ?? ''}
            onChange={(v) => set({ frameworkID: v ? v : null })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            styles={TOUCH}
            data-qa="event-checker-framework"
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('event-checker-event-types')}
          value={filters.eventTypes}
          onChange={(v) =>
            set({
              eventTypes: EVENT_CHECKER_EVENT_TYPES.filter((type) =>
                v.includes(type),
              ) as EventCheckerEventType[],
            })
          }
          data-qa="event-checker-types"
        >
          <Group gap="md" mt={4}>
            {EVENT_CHECKER_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={t(`event-checker-type-${type}`)}
                styles={{
                  body: { minHeight: '2.75rem', alignItems: 'center' },
                  label: { cursor: 'pointer' },
                }}
                data-qa={`event-checker-type-${type}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {problem && (
          <Text size="sm" c="red.8" role="alert" data-qa="event-checker-problem">
            {t(problem)}
          </Text>
        )}
        <Group>
          <Button type="submit" mih={44} loading={loading} disabled={loading} data-qa="event-checker-filter">
            {t('event-checker-filter')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
