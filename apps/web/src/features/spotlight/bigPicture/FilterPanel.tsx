/**
 * The Big Picture filters (spec 001 §2, §5, §9): the report (frameworks or Birth to 5 Matters, when the
 * site has Birth to 5: the framework dropdown is hidden for it and the event type forced to learning
 * story), the framework, the site, the From date (required, not clearable) with Today / 6 Months / 1 Year,
 * the event types (default Snapshot + Learning story) and the advanced options. Filter runs the query;
 * the buttons are disabled while the report loads, and offline Filter is disabled with the reason.
 */
import { Alert, Button, Chip, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { SiteConfig } from '@nursery/domain/account';
import type { CalendarDate } from '@nursery/domain/common';
import type { SpotlightTag } from '@nursery/domain/events';
import type { Framework } from '@nursery/domain/frameworks';
import {
  BIG_PICTURE_QUICK_DATES,
  BIRTH_TO_FIVE_FRAMEWORK_ID,
  type BigPictureQuickDate,
  quickDateFrom,
  showFrameworkPicker,
} from '@nursery/domain/spotlight';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateTimeInputs';
import { AdvancedOptions } from './AdvancedOptions';
import { type FilterForm, filterProblem, withDateFrom, withFramework } from './filterForm';

const QUICK_LABEL = {
  today: 'big-picture-quick-today',
  sixMonths: 'big-picture-quick-six-months',
  oneYear: 'big-picture-quick-one-year',
} as const satisfies Record<BigPictureQuickDate, string>;
const TYPE_LABEL = {
  snapshot: 'big-picture-type-snapshot',
  learningStory: 'big-picture-type-learning-story',
} as const satisfies Record<SpotlightTag, string>;

export const FilterPanel = memo(function FilterPanel({
  form,
  onChange,
  frameworks,
  birthToFive,
  defaultFrameworkID,
  sites,
  types,
  today,
  loading,
  offline,
  onFilter,
}: {
  form: FilterForm;
  onChange: (change: (f: FilterForm) => FilterForm) => void;
  /** The frameworks the dropdown offers (Birth to 5 not among them). */
  frameworks: readonly Framework[];
  /** Birth to 5 Matters when the account and the site have it. */
  birthToFive: Framework | null;
  defaultFrameworkID: string | null;
  sites: readonly SiteConfig[];
  /** The Spotlight types the account has (the event type chips). */
  types: readonly SpotlightTag[];
  today: CalendarDate;
  loading: boolean;
  offline: boolean;
  onFilter: () => void;
}) {
  const { t } = useTranslation();
  const frameworkID = form.frameworkID;
  const pickerShown = frameworkID === null || showFrameworkPicker(frameworkID);
  const problem = filterProblem(form);
  const reason = offline
    ? t('big-picture-offline')
    : problem === 'framework'
      ? t('big-picture-need-framework')
      : problem === 'event-types'
        ? t('big-picture-need-event-type')
        : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa="big-picture-filters">
      <Stack gap="md">
        <Text fw={700}>{t('big-picture-filters')}</Text>
        {birthToFive && (
          <SegmentedControl
            value={pickerShown ? 'frameworks' : 'birth-to-five'}
            onChange={(value) =>
              onChange((f) =>
                withFramework(f, value === 'birth-to-five' ? BIRTH_TO_FIVE_FRAMEWORK_ID : defaultFrameworkID),
              )
            }
            data={[
              { value: 'frameworks', label: t('big-picture-kind-frameworks') },
              { value: 'birth-to-five', label: birthToFive.name },
            ]}
            disabled={loading}
            aria-label={t('big-picture-kind')}
            data-qa="big-picture-kind"
            styles={{
              label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
            }}
          />
        )}
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false}>
          {pickerShown && (
            <Select
              label={t('big-picture-framework')}
              required
              data={frameworks.map((f) => ({ value: f.id, label: f.name }))}
              value={frameworkID}
              onChange={(value) => value && onChange((f) => withFramework(f, value))}
              allowDeselect={false}
              disabled={loading}
              size="md"
              data-qa="big-picture-framework"
            />
          )}
          <Select
            label={t('big-picture-site')}
            required
            data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
            value={String(form.siteID)}
            onChange={(value) => value && onChange((f) => ({ ...f, siteID: Number(value), childIDs: [] }))}
            allowDeselect={false}
            disabled={loading || sites.length < 2}
            size="md"
            data-qa="big-picture-site"
          />
        </Group>
        <Group gap="sm" align="flex-end">
          <DateField
            label={t('big-picture-date-from')}
            value={form.dateFrom}
            onChange={(value) => onChange((f) => withDateFrom(f, value || null))}
            required
            maxDate={today}
            disabled={loading}
            qa="big-picture-date-from"
          />
          <Group gap={6}>
            {BIG_PICTURE_QUICK_DATES.map((kind) => {
              const date = quickDateFrom(kind, today);
              return (
                <Button
                  key={kind}
                  variant={form.dateFrom === date ? 'filled' : 'default'}
                  mih={44}
                  disabled={loading}
                  aria-pressed={form.dateFrom === date}
                  onClick={() => onChange((f) => withDateFrom(f, date))}
                  data-qa={`big-picture-quick-${kind}`}
                >
                  {t(QUICK_LABEL[kind])}
                </Button>
              );
            })}
          </Group>
        </Group>
        {pickerShown ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="big-picture-event-types">
              {t('big-picture-event-types')}
            </Text>
            <Chip.Group
              multiple
              value={form.eventTypes}
              onChange={(value) => onChange((f) => ({ ...f, eventTypes: value as SpotlightTag[] }))}
            >
              <Group gap="xs" role="group" aria-labelledby="big-picture-event-types">
                {types.map((tag) => (
                  <Chip
                    key={tag}
                    value={tag}
                    size="md"
                    disabled={loading}
                    styles={{ label: { height: 44 } }}
                    data-qa={`big-picture-type-${tag}`}
                  >
                    {t(TYPE_LABEL[tag])}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-qa="big-picture-learning-stories-only">
            {t('big-picture-learning-stories-only')}
          </Text>
        )}
        <AdvancedOptions form={form} onChange={onChange} today={today} disabled={loading} />
        {reason && (
          <Alert color={offline ? 'orange' : 'gray'} variant="light" data-qa="big-picture-filter-reason">
            {reason}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            size="md"
            mih={44}
            onClick={onFilter}
            disabled={reason !== null || loading}
            loading={loading}
            data-qa="big-picture-filter"
          >
            {t('big-picture-filter')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
});
