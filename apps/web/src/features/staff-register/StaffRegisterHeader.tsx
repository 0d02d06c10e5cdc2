// The staff register's header (spec 002 §2): the title with the date, the date picker (DD/MM/YYYY,
// required) between previous-day and next-day buttons, and Refresh.
import { Button, Group, Title } from '@mantine/core';
import { formatDate } from '@nursery/domain/common';
import { useTranslation } from 'react-i18next';
import { DayNavigator } from '../../components/DayNavigator';
import { SyncIcon } from '../../components/icons';

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
      {/* Refresh wraps under the day on a phone instead of pushing the page sideways (issue 27). */}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DayNavigator
          date={date}
          onDate={onDate}
          required
          labels={{
            previous: t('staff-register-previous-day'),
            next: t('staff-register-next-day'),
            date: t('staff-register-date', { date: formatDate(date, timeZone) }),
          }}
          qa="staff-register"
        />
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
