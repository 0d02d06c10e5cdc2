// One event of the timeline (issue 31): the child's photo tile (name, age, room), type, code, time,
// status, author, a notes excerpt, media and comment counts, and Open (the drawer, keeping the filters).
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import { formatTime, todayInZone } from '@nursery/domain/common';
import type { EventSummary } from '@nursery/domain/events';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAvatar } from '../../components/ChildAvatar';
import { now } from '../../lib/clock';
import { useSession } from '../auth';
import { childPhotoUrl } from '../children';
import { CardAuthor, MediaStrip, mediaTiles } from '../drafts';
import { notesExcerpt } from './timeline';

export interface TimelineCardProps {
  event: EventSummary;
  /** The drawer's address for this event, with the filters' query. */
  openTo: string;
}

export const TimelineCard = memo(function TimelineCard({ event, openTo }: TimelineCardProps) {
  const { t } = useTranslation();
  const { config, site } = useSession();
  const type = config.eventTypes.find((x) => x.id === event.typeID);
  const code = type?.codes.find((c) => c.id === event.codeID);
  const status = config.eventStatuses.find((s) => s.id === event.statusID);
  const tz = config.sitesByID[String(event.siteID)]?.timeZone ?? site.timeZone;
  const name = event.child
    ? `${event.child.forename} ${event.child.surname}`.trim()
    : t('timeline-card-no-child');
  const typeName = type?.value ?? t('timeline-card-unknown-type', { id: String(event.typeID) });
  const time = formatTime(event.raised, tz);
  const dob = event.child?.dob;
  const meta = [dob && ageLabel(dob, todayInZone(now(), tz)), event.child?.roomName]
    .filter(Boolean)
    .join(' · ');
  const media = event.mediaIDs
    ? mediaTiles(event.mediaIDs)
    : {
        shown: event.firstMediaID ? [event.firstMediaID] : [],
        more: Math.max(0, (event.mediaCount ?? 0) - 1),
      };
  const mediaCount = event.mediaCount ?? event.mediaIDs?.length ?? 0;
  const headingID = `timeline-card-${event.id}`;

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={headingID}
      data-qa="timeline-card"
      data-event-id={event.id}
      style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {event.child ? (
          <ChildAvatar child={event.child} photoUrl={childPhotoUrl} />
        ) : (
          <ChildAvatar child={{ id: 0, forename: '?', surname: '' }} />
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text
              id={headingID}
              component="h3"
              fw={700}
              fz="md"
              m={0}
              style={{ overflowWrap: 'anywhere' }}
              data-qa="timeline-card-child"
            >
              {name}
            </Text>
            <Text component="time" dateTime={event.raised} fw={600} data-qa="timeline-card-time">
              {time}
            </Text>
          </Group>
          {meta && (
            <Text size="sm" c="dimmed" data-qa="timeline-card-meta">
              {meta}
            </Text>
          )}
        </Stack>
      </Group>

      <Group gap={6}>
        <Badge variant="light" tt="none" data-qa="timeline-card-type">
          {typeName}
        </Badge>
        {code && code.value !== type?.value && (
          <Badge variant="outline" tt="none" data-qa="timeline-card-code">
            {code.value}
          </Badge>
        )}
        <Badge variant="light" color="gray" c="dark.7" tt="none" data-qa="timeline-card-status">
          {status?.value ?? `#${event.statusID}`}
        </Badge>
      </Group>

      {(event.notes ?? '') !== '' && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-qa="timeline-card-notes">
          {notesExcerpt(event.notes)}
        </Text>
      )}
      {media.shown.length > 0 && <MediaStrip shown={media.shown} more={media.more} />}

      <Group justify="space-between" align="center" gap="sm" mt="auto">
        <Stack gap={0}>
          <CardAuthor author={event.author} />
          <Text size="sm" c="dimmed" data-qa="timeline-card-counts">
            {[
              t('timeline-card-media', { count: mediaCount }),
              event.commentCount !== undefined && t('timeline-card-comments', { count: event.commentCount }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={openTo}
          variant="light"
          aria-label={t('timeline-card-open-label', { child: name, type: typeName, time })}
          data-qa="timeline-card-open"
        >
          {t('timeline-card-open')}
        </Button>
      </Group>
    </Paper>
  );
});
