import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import { formatDate } from '@nursery/domain/common';
import { type RegisterAnswer, type RegisterChild, sessionState } from '@nursery/domain/registers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import personRows from '../../components/PersonRows.module.css';
import { ChildRegisterActions } from './ChildRegisterActions';
import classes from './RegisterPage.module.css';
import { RegisterAvatar, SessionTimes, statusKey } from './RegisterRows';

/** The side panel (spec 002 §2): the selected child's tile and all their sessions that day. */
export function ChildDetails({
  child,
  date,
  today,
  roomNames,
  onChange,
}: {
  child: RegisterChild | null;
  date: string;
  today: string;
  roomNames: ReadonlyMap<number, string>;
  /** Shows the user's own change at once (useRegister's showOwn); without it no actions are offered. */
  onChange?: (update: (answer: RegisterAnswer) => RegisterAnswer) => void;
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
            <Anchor
              component={Link}
              to={`/child/${child.id}`}
              size="sm"
              fw={600}
              // A 44 px tall target, like every control (the text link alone is 16 px).
              display="inline-flex"
              mih={44}
              style={{ alignItems: 'center' }}
              data-qa="register-child-page"
            >
              {t('register-child-page')}
            </Anchor>
          </div>
        </div>
        {onChange && <ChildRegisterActions child={child} date={date} today={today} onChange={onChange} />}
        <Text fw={600} size="sm" component="h3" m={0}>
          {t('register-details-sessions', { date: formatDate(date) })}
        </Text>
        <ul className={personRows.stackList}>
          {child.sessions.map((session) => {
            const state = sessionState(session);
            return (
              <li key={session.bookingID} className={classes.sessionItem} data-qa="register-details-session">
                <Text size="sm" component="span">
                  <b>{session.comboName}</b> <SessionTimes session={session} />
                </Text>
                <span
                  className={personRows.badge}
                  data-state={state}
                  data-requested={session.markOffRequested || undefined}
                >
                  {t(statusKey(state, session.markOffRequested))}
                </span>
                {(session.signatures?.length ?? 0) > 0 && (
                  <span className={personRows.badge} data-signed="true" data-qa="register-details-signed">
                    {t('register-signed')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </Stack>
    </Paper>
  );
}
