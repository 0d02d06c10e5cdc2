// The child's photo tile (name, age, room) and the event a conversation is about (type, date and time,
// the start of its notes): the start screen and the thread show the same card.
import { Badge, Paper, Text } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import { formatDate, formatTime, todayInZone } from '@nursery/domain/common';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import { now } from '../../lib/clock';
import { childPhotoUrl } from '../children';
import classes from './Conversations.module.css';

export interface AboutChild {
  id: number;
  forename: string;
  surname: string;
  hasImage: boolean;
  dob: string;
  roomName: string | null;
}

export interface AboutEvent {
  typeName: string;
  raised: string;
  notesExcerpt: string | null;
}

export function AboutCard({
  child,
  childID,
  event,
  timeZone,
}: {
  child: AboutChild | null;
  childID: number;
  event: AboutEvent | null;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('conversation-about')}
      data-qa="conversation-about"
    >
      <div className={classes.about}>
        <div className={classes.child} data-qa="conversation-child" data-child-id={childID}>
          {child && <ChildAvatar child={child} photoUrl={childPhotoUrl} />}
          <div>
            <Text fw={700}>
              {child
                ? `${child.forename} ${child.surname}`
                : t('conversation-child-unknown', { id: String(childID) })}
            </Text>
            {child && (
              <Text size="sm" c="dimmed">
                {[ageLabel(child.dob, todayInZone(now(), timeZone)), child.roomName]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </div>
        </div>
        {event && (
          <div className={classes.event} data-qa="conversation-event">
            <Badge variant="light" tt="none" mb={4}>
              {event.typeName}
            </Badge>
            <Text size="sm">
              {formatDate(event.raised, timeZone)} {formatTime(event.raised, timeZone)}
            </Text>
            {event.notesExcerpt && (
              <Text size="sm" className={classes.excerpt} data-qa="conversation-event-notes">
                {event.notesExcerpt}
              </Text>
            )}
          </div>
        )}
      </div>
    </Paper>
  );
}
