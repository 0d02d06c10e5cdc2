import { Paper, Stack, Text } from '@mantine/core';
import { ageLabel, formatDate, type RegisterChild, sessionState } from '@nursery/domain';
import { useTranslation } from 'react-i18next';
import classes from './RegisterPage.module.css';
import { RegisterAvatar, SessionTimes, statusKey } from './RegisterRows';

/** The side panel (spec 002 §2): the selected child's tile and all their sessions that day. */
export function ChildDetails({
  child,
  date,
  today,
  roomNames,
}: {
  child: RegisterChild | null;
  date: string;
  today: string;
  roomNames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  if (!child) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="dimmed" size="sm" data-qa="register-details-none">
          {t('register-details-none')}
        </Text>
      </Paper>
    );
  }
  const room = child.roomID != null ? roomNames.get(child.roomID) : undefined;
  return (
    <Paper withBorder radius="md" p="md" data-qa="register-details-child" data-child-id={child.id}>
      <Stack gap="sm">
        <div className={classes.tile}>
          <RegisterAvatar child={child} />
          <div>
            <Text fw={700} component="h2" fz="lg" m={0}>
              {child.forename} {child.surname}
            </Text>
            <Text size="sm" c="dimmed">
              {[ageLabel(child.dob, today), room].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </div>
        <Text fw={600} size="sm" component="h3" m={0}>
          {t('register-details-sessions', { date: formatDate(date) })}
        </Text>
        <ul className={classes.sessionList}>
          {child.sessions.map((session) => {
            const state = sessionState(session);
            return (
              <li key={session.bookingID} className={classes.sessionItem} data-qa="register-details-session">
                <Text size="sm" component="span">
                  <b>{session.comboName}</b> <SessionTimes session={session} />
                </Text>
                <span
                  className={classes.badge}
                  data-state={state}
                  data-requested={session.markOffRequested || undefined}
                >
                  {t(statusKey(state, session.markOffRequested))}
                </span>
              </li>
            );
          })}
        </ul>
      </Stack>
    </Paper>
  );
}
