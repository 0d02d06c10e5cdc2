// The staff register's header (spec 002 §2): the title with the date, the date picker (DD/MM/YYYY,
// required) between previous-day and next-day buttons, and Refresh.
import '@mantine/dates/styles.layer.css';
import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { addDays, DATE_FORMAT, formatDate } from '@nursery/domain';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, SyncIcon } from '../../components/icons';

export function StaffRegisterHeader({
  date,
  timeZone,
  refreshing,
  onDate,
  onRefresh,
}: {
  date: string;
  timeZone: string;
  refreshing: boolean;
  onDate: (date: string) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Title order={1} fz="h2" data-qa="staff-register-title">
        {t('staff-register-heading', { date: formatDate(date, timeZone) })}
      </Title>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t('staff-register-previous-day')}
          onClick={() => onDate(addDays(date, -1))}
          data-qa="staff-register-previous-day"
        >
          <ChevronLeftIcon />
        </ActionIcon>
        <DatePickerInput
          aria-label={t('staff-register-date')}
          value={date}
          onChange={(value) => {
            if (value) onDate(value);
          }}
          valueFormat={DATE_FORMAT}
          required
          firstDayOfWeek={1}
          popoverProps={{ withinPortal: true }}
          styles={{
            input: { minHeight: '2.75rem' },
            day: { width: '2.75rem', height: '2.75rem' },
            calendarHeaderControl: { width: '2.75rem', height: '2.75rem' },
            calendarHeaderLevel: { height: '2.75rem' },
          }}
          w="10rem"
          data-qa="staff-register-date"
        />
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t('staff-register-next-day')}
          onClick={() => onDate(addDays(date, 1))}
          data-qa="staff-register-next-day"
        >
          <ChevronRightIcon />
        </ActionIcon>
        <Button
          variant="default"
          leftSection={<SyncIcon size={18} />}
          onClick={onRefresh}
          loading={refreshing}
          data-qa="staff-register-refresh"
        >
          {t('staff-register-refresh')}
        </Button>
      </Group>
    </Group>
  );
}
