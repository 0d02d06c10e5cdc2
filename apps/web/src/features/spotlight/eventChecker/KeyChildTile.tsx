// One key child of the Event Checker (spec 001 §9 "Event Checker, key-children display"): a photo tile
// (ChildAvatar, name, age, room) with a snapshot cell and a learning-story cell (Spotlight mode) or a
// two-year-check cell (Two Year Check mode): the status as colour and text, dates DD/MM/YYYY, the
// latest event linked to its editor (/spotlight/{eventID}). The statuses are the server's.
import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import { type CalendarDate, formatDate } from '@nursery/domain/common';
import type { EventCheckerChild, EventCheckerSpotlightCell } from '@nursery/domain/spotlight';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAvatar } from '../../../components/ChildAvatar';
import { TWO_YEAR_CHECK_COLOURS } from '../../../components/twoYearCheckColours';
import { childPhotoUrl } from '../../children';
import classes from './EventChecker.module.css';

export type EventCheckerMode = 'spotlight' | 'twoYear';

/** Colours by status: green up to date, orange soon, red overdue or missing, blue due, grey not yet. */
const SPOTLIGHT_COLOURS = { done: 'green', warning: 'orange', overdue: 'red', missing: 'red' } as const;
function SpotlightCell({
  type,
  cell,
}: {
  type: 'snapshot' | 'learningStory';
  cell: EventCheckerSpotlightCell;
}) {
  const { t } = useTranslation();
  const typeName = t(`event-checker-type-${type}`);
  return (
    <div className={classes.cell} data-qa={`event-checker-${type}-cell`} data-status={cell.status}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {typeName}
        </Text>
        <Badge color={SPOTLIGHT_COLOURS[cell.status]} variant="filled" data-qa="event-checker-status">
          {t(`event-checker-status-${cell.status}`)}
        </Badge>
      </Group>
      {cell.latest ? (
        <Anchor
          component={Link}
          to={`/spotlight/${cell.latest.id}`}
          size="sm"
          className={classes.link}
          data-qa="event-checker-latest"
        >
          {/* The name starts with the visible text (WCAG 2.5.3), then says what opens. */}
          {t('event-checker-latest', { date: formatDate(cell.latest.date) })}
          <VisuallyHidden>
            {' '}
            {t('event-checker-open-event', { type: typeName, date: formatDate(cell.latest.date) })}
          </VisuallyHidden>
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" className={classes.line}>
          {t('event-checker-none-in-range')}
        </Text>
      )}
      <Text size="sm" className={classes.line} data-qa="event-checker-due">
        {t('event-checker-due', { date: formatDate(cell.dueDate) })}
      </Text>
    </div>
  );
}

function TwoYearCell({ check }: { check: EventCheckerChild['twoYearCheck'] }) {
  const { t } = useTranslation();
  return (
    <div className={classes.cell} data-qa="event-checker-two-year-cell" data-status={check.status}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('event-checker-two-year-check')}
        </Text>
        <Badge color={TWO_YEAR_CHECK_COLOURS[check.status]} variant="filled" data-qa="event-checker-status">
          {t(`event-checker-two-year-${check.status}`)}
        </Badge>
      </Group>
      {check.id !== null && check.date !== null ? (
        <Anchor
          component={Link}
          to={`/spotlight/${check.id}`}
          size="sm"
          className={classes.link}
          data-qa="event-checker-latest"
        >
          {t('event-checker-two-year-done-on', { date: formatDate(check.date) })}
          <VisuallyHidden>
            {' '}
            {t('event-checker-open-event', {
              type: t('event-checker-two-year-check'),
              date: formatDate(check.date),
            })}
          </VisuallyHidden>
        </Anchor>
      ) : (
        <Text size="sm" className={classes.line} data-qa="event-checker-due">
          {t('event-checker-due', { date: formatDate(check.due) })}
        </Text>
      )}
    </div>
  );
}

export function KeyChildTile({
  child,
  mode,
  asOf,
  roomName,
}: {
  child: EventCheckerChild;
  mode: EventCheckerMode;
  asOf: CalendarDate;
  roomName: string | undefined;
}) {
  const name = `${child.forename} ${child.surname}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      className={classes.tile}
      data-qa="event-checker-child"
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ChildAvatar child={child} photoUrl={childPhotoUrl} small />
          <div>
            <Text fw={600} size="sm" data-qa="event-checker-child-name">
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {[ageLabel(child.dob, asOf), roomName].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </Group>
        {mode === 'spotlight' ? (
          <>
            {child.snapshot && <SpotlightCell type="snapshot" cell={child.snapshot} />}
            {child.learningStory && <SpotlightCell type="learningStory" cell={child.learningStory} />}
          </>
        ) : (
          <TwoYearCell check={child.twoYearCheck} />
        )}
      </Stack>
    </Paper>
  );
}
