// The Event Checker's results (spec 001 §2, §4, §6, §8, §9): the Spotlight / Two Year Check toggle
// (only when there are staff results), then per staff member a section with the warning count of the
// mode ('This key person has N child/children with warnings.') and the key children as photo tiles.
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { SiteConfig } from '@nursery/domain/account';
import { formatDate } from '@nursery/domain/common';
import type { EventCheckerAnswer, EventCheckerStaff } from '@nursery/domain/spotlight';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { SectionPanel } from '../../../components/SectionPanel';
import classes from './EventChecker.module.css';
import { type EventCheckerMode, KeyChildTile } from './KeyChildTile';

function StaffSection({
  staff,
  mode,
  asOf,
  roomName,
}: {
  staff: EventCheckerStaff;
  mode: EventCheckerMode;
  asOf: string;
  roomName: (id: number | null) => string | undefined;
}) {
  const { t } = useTranslation();
  const warnings = mode === 'spotlight' ? staff.spotlightWarningCount : staff.twoYearCheckWarningCount;
  return (
    <SectionPanel
      title={`${staff.forename} ${staff.surname}`}
      qa="event-checker-staff-section"
      // Right under the page's title: its sections are level 2 (heading order).
      headingLevel={2}
      aside={
        <Text size="sm" c="dimmed" data-qa="event-checker-total">
          {t('event-checker-total-spotlights', { count: staff.totalSpotlights })}
        </Text>
      }
    >
      {warnings > 0 && (
        <Notice color="orange" icon={<AlertIcon />} qa="event-checker-warnings">
          {t('event-checker-key-person-warnings', { count: warnings })}
        </Notice>
      )}
      {staff.keyChildren.length === 0 ? (
        <Text size="sm" c="dimmed" data-qa="event-checker-no-key-children">
          {t('staff-no-key-children')}
        </Text>
      ) : (
        <ul className={classes.tiles} aria-label={`${staff.forename} ${staff.surname}`}>
          {staff.keyChildren.map((c) => (
            <KeyChildTile key={c.id} child={c} mode={mode} asOf={asOf} roomName={roomName(c.roomID)} />
          ))}
        </ul>
      )}
    </SectionPanel>
  );
}

export function EventCheckerResults({
  answer,
  mode,
  onModeChange,
  site,
}: {
  answer: EventCheckerAnswer;
  mode: EventCheckerMode;
  onModeChange: (mode: EventCheckerMode) => void;
  site: SiteConfig;
}) {
  const { t } = useTranslation();
  const roomName = (id: number | null) =>
    id === null ? undefined : site.rooms.find((r) => r.id === id)?.name;
  if (answer.staff.length === 0) {
    return (
      <Text c="dimmed" data-qa="event-checker-no-staff">
        {t(answer.permittedActions.canSelectStaff ? 'select-staff-event-checker' : 'staff-no-key-children')}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-qa="event-checker-results">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('event-checker-mode')}
          value={mode}
          onChange={(v) => onModeChange(v as EventCheckerMode)}
          data={[
            { value: 'spotlight', label: t('event-checker-mode-spotlight') },
            { value: 'twoYear', label: t('event-checker-mode-two-year') },
          ]}
          styles={{ label: { minHeight: '2.75rem', display: 'flex', alignItems: 'center' } }}
          data-qa="event-checker-mode"
        />
        <Text size="sm" c="dimmed">
          {t('event-checker-as-of', { date: formatDate(answer.asOf) })}
        </Text>
      </Group>
      {answer.staff.map((s) => (
        <StaffSection key={s.id} staff={s} mode={mode} asOf={answer.asOf} roomName={roomName} />
      ))}
    </Stack>
  );
}
