import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import type { BookedChild, BookingState, RoomBookings } from '@nursery/domain/home';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import i18n, { LANGUAGE } from '../../../../lib/i18n';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { HomeWidget } from '../HomeWidget';
import { OverviewState } from '../OverviewState';
import classes from '../widgets.module.css';
import { bookingsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', bookingsStrings);

const STATE_COLOURS: Record<BookingState, string> = {
  due: 'blue',
  in: 'green',
  left: 'gray',
  off: 'orange',
};

/**
 * Today's bookings (spec 002 §2 Home widgets): per room the children booked, the counts due in, in,
 * left and off, and the children with where they are. Shown with viewRegister at a site keeping
 * registers (the overview's `bookings` is null otherwise).
 */
export default function BookingsWidget() {
  const { t } = useTranslation();
  const { site, can } = useSession();
  if (!can('viewRegister') || !site.registersEnabled) return null;
  return (
    <HomeWidget title={t('bookings-title')} qa="widget-bookings">
      <OverviewState
        qa="widget-bookings"
        loading={t('bookings-loading')}
        error={t('bookings-error')}
        offlineWarning={t('home-offline-cache-data')}
      >
        {(overview) =>
          !overview.bookings || overview.bookings.length === 0 ? (
            <Text c="dimmed" data-qa="widget-bookings-empty">
              {t('bookings-empty')}
            </Text>
          ) : (
            <Stack gap="md">
              {overview.bookings.map((room) => (
                <RoomSection key={room.roomID ?? 'none'} room={room} today={overview.date} />
              ))}
            </Stack>
          )
        }
      </OverviewState>
    </HomeWidget>
  );
}

function RoomSection({ room, today }: { room: RoomBookings; today: string }) {
  const { t } = useTranslation();
  const states: BookingState[] = ['due', 'in', 'left', 'off'];
  return (
    <Stack gap={6} data-qa="bookings-room" data-room-id={room.roomID ?? ''}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md">
          {room.name ?? t('bookings-no-room')}
        </Title>
        <Text size="sm" c="dimmed" data-qa="bookings-room-booked">
          {t('bookings-booked', { count: room.counts.booked })}
        </Text>
      </Group>
      <Group gap={6}>
        {states.map((state) => (
          <Badge
            key={state}
            color={STATE_COLOURS[state]}
            c="dark.9"
            variant="light"
            size="lg"
            data-qa={`bookings-count-${state}`}
          >
            {t(`bookings-state-${state}`)}: {room.counts[state]}
          </Badge>
        ))}
      </Group>
      <ul className={classes.rows}>
        {room.children.map((child) => (
          <BookedRow key={child.id} child={child} today={today} roomName={room.name} />
        ))}
      </ul>
    </Stack>
  );
}

function BookedRow({
  child,
  today,
  roomName,
}: {
  child: BookedChild;
  today: string;
  roomName: string | null;
}) {
  const { t } = useTranslation();
  const meta = [
    ageLabel(child.dob, today),
    roomName,
    t('bookings-times', { start: child.start, end: child.end }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <Anchor
        component={Link}
        to={`/child/${child.id}`}
        className={classes.row}
        underline="never"
        c="inherit"
        data-qa="bookings-child"
      >
        <ChildAvatar child={child} photoUrl={childPhotoUrl} small />
        <span className={classes.rowText}>
          <Text fw={600} size="sm" component="span" className={classes.rowName}>
            {child.forename} {child.surname}
          </Text>
          <Text size="xs" c="dimmed" component="span">
            {meta}
          </Text>
        </span>
        <Badge color={STATE_COLOURS[child.state]} c="dark.9" variant="light" data-qa="bookings-child-state">
          {t(`bookings-state-${child.state}`)}
        </Badge>
      </Anchor>
    </li>
  );
}
