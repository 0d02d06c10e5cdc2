import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatTime, toCalendarDate } from '@nursery/domain/common';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../components/DateTimeInputs';
import { now } from '../../../lib/clock';
import type { PanelProps } from '../panelProps';

/**
 * Sleep end (spec 000 §3 endTime sent as date2, §5 "end time must be after start time"). The end date
 * defaults to the start date and is only needed when the sleep runs past midnight: the field shows
 * the start date until the user picks another day. "Now" fills the current time at the site.
 */
export function SleepFields(props: PanelProps & { error?: string | null }) {
  const { form, update, editable, site, error } = props;
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const dateHintId = useId();
  const shownEndDate = form.endDate || form.date;
  // The lead may pass a message key or a text.
  const errorText = error
    ? i18n.exists(error)
      ? t(error as 'end-time-must-be-after-start-time')
      : error
    : null;

  const setEndDate = (value: string) =>
    update((f) => ({ ...f, endDate: value === '' || value === f.date ? '' : value }));
  const setEndTime = (value: string) => update((f) => ({ ...f, endTime: value }));
  const fillNow = () => {
    const at = now();
    const date = toCalendarDate(at, site.timeZone);
    const time = formatTime(at, site.timeZone);
    update((f) => ({ ...f, endTime: time, endDate: date === f.date ? '' : date }));
  };
  const clear = () => update((f) => ({ ...f, endTime: '', endDate: '' }));

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-qa="sleep-fields">
      <Title order={3} fz="md" id={headingId}>
        {t('sleep-end-title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label={t('sleep-end-date')}
          value={shownEndDate}
          onChange={setEndDate}
          disabled={!editable}
          qa="sleep-end-date"
        />
        <TimeField
          label={t('sleep-end-time')}
          value={form.endTime}
          onChange={setEndTime}
          error={errorText}
          disabled={!editable}
          qa="sleep-end-time"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" id={dateHintId}>
        {t('sleep-end-date-hint')}
      </Text>
      {editable && (
        <Group gap="xs">
          <Button
            variant="light"
            onClick={fillNow}
            aria-label={t('sleep-end-now-label')}
            data-qa="sleep-end-now"
          >
            {t('sleep-end-now')}
          </Button>
          {form.endTime !== '' && (
            <Button variant="subtle" color="gray" onClick={clear} data-qa="sleep-end-clear">
              {t('sleep-end-clear')}
            </Button>
          )}
        </Group>
      )}
      {form.endTime === '' && (
        <Text size="sm" c="dimmed" id={hintId} data-qa="sleep-end-open">
          {t('sleep-end-open')}
        </Text>
      )}
    </Stack>
  );
}
