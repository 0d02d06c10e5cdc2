// #/emergency (spec 002 §2 "Emergency contacts"): the site's children grouped by surname initial with
// quick-link letters, filtered by the device's room (or all at the site), one line per emergency
// contact (Name, Mobile, Home, Work), flags for needs, reminders and accidents, and how long ago the
// data was fetched (a warning over 8 hours). Kept on the device for offline use (persistRules).
import { Button, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ageLabel,
  type EmergencyChild,
  type EmergencyContact,
  isEmergencyDataStale,
} from '@nursery/domain/children';
import { formatDate, formatTime } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import { AlertIcon, InfoIcon, lineIcon, OfflineIcon } from '../../components/icons';
import listPage from '../../components/ListPage.module.css';
import { Notice } from '../../components/Notice';
import { QueryWaiting } from '../../components/QueryState';
import { RoomSelect } from '../../components/RoomSelect';
import { NetworkError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { timeAgo } from '../../lib/offline/timeAgo';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { childPhotoUrl } from '../children';
import { emergencyListQuery } from './api';
import classes from './EmergencyPage.module.css';
import {
  contactName,
  emergencyGroups,
  PHONE_KINDS,
  type PhoneKind,
  type RoomChoice,
  readRoomChoice,
  storeRoomChoice,
  telHref,
} from './emergencyView';
import { emergencyStrings } from './strings';

// The screen's strings arrive with its code (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', emergencyStrings);

/** A bell: open reminders. */
const ReminderIcon = lineIcon('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.9 1.9 0 0 0 3.4 0');
/** A first-aid cross: accidents today. */
const AccidentIcon = lineIcon('M9 3h6v6h6v6h-6v6H9v-6H3V9h6z');

const letterId = (letter: string) => `emergency-letter-${letter === '#' ? 'other' : letter}`;

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('emergency-title')} – ${t('app-name')}`);
  const { site } = useSession();
  const offline = useIsOffline();
  const now = useNow(60_000);
  const roomIDs = useMemo(() => site.rooms.map((r) => r.id), [site.rooms]);
  const roomNames = useMemo(() => new Map(site.rooms.map((r) => [r.id, r.name])), [site.rooms]);
  const [room, setRoomState] = useState<RoomChoice>(() => readRoomChoice(site.id, roomIDs));
  // A site change (the site switcher) reads that site's remembered room.
  const [roomSite, setRoomSite] = useState(site.id);
  if (roomSite !== site.id) {
    setRoomSite(site.id);
    setRoomState(readRoomChoice(site.id, roomIDs));
  }
  const setRoom = (choice: RoomChoice) => {
    setRoomState(choice);
    storeRoomChoice(site.id, choice);
  };

  const query = useQuery({ ...emergencyListQuery(site.id), retry: 1 });
  const data = query.data;
  const groups = useMemo(() => (data ? emergencyGroups(data.children, room) : []), [data, room]);
  const notAvailable =
    data === undefined &&
    (query.fetchStatus === 'paused' || (query.isError && (offline || query.error instanceof NetworkError)));

  const jumpTo = (letter: string) => {
    const heading = document.getElementById(letterId(letter));
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };

  const fetchedAt = data ? new Date(data.fetchedAt) : null;
  const stale = fetchedAt !== null && isEmergencyDataStale(fetchedAt, now);

  return (
    <Stack
      gap="md"
      maw={1100}
      data-qa="emergency-page"
      data-status={data ? 'loaded' : notAvailable ? 'not-available' : query.isError ? 'error' : 'loading'}
    >
      <div>
        <Title order={1} fz="h2" data-qa="emergency-title">
          {t('emergency-title')}
        </Title>
        <Text c="dimmed" fw={600} data-qa="emergency-site-name">
          {site.name}
        </Text>
      </div>

      {offline && (
        <Notice color="orange" icon={<OfflineIcon />} qa="emergency-offline">
          {t('currently-working-offline')}
        </Notice>
      )}
      {fetchedAt && (
        <Notice
          color={stale ? 'orange' : 'gray'}
          icon={stale ? <AlertIcon /> : <InfoIcon />}
          role={stale ? 'alert' : 'status'}
          qa="emergency-fetched"
          data-stale={stale}
          data-fetched-at={data?.fetchedAt}
        >
          <span title={`${formatDate(fetchedAt, site.timeZone)} ${formatTime(fetchedAt, site.timeZone)}`}>
            {t('data-fetched', { time: timeAgo(fetchedAt, now) })}
          </span>
          {stale && (
            <Text size="sm" fw={700} data-qa="emergency-stale">
              {t('emergency-data-stale')}
            </Text>
          )}
        </Notice>
      )}

      {notAvailable ? (
        <Notice color="orange" icon={<AlertIcon />} role="alert" qa="emergency-not-available">
          {t('err-register-not-available')}
        </Notice>
      ) : data === undefined ? (
        <QueryWaiting
          query={query}
          qa="emergency"
          loading={t('emergency-loading')}
          error={() => t('emergency-load-failed')}
        />
      ) : (
        <>
          <div className={listPage.controls}>
            <RoomSelect
              id="emergency-room"
              label={t('emergency-room')}
              allRooms={t('emergency-all-rooms')}
              rooms={site.rooms}
              value={room === 'all' ? null : room}
              onChange={(roomID) => setRoom(roomID ?? 'all')}
              className={classes.select}
            />
            {room !== 'all' && (
              <Button
                variant="default"
                className={listPage.touch}
                onClick={() => setRoom('all')}
                data-qa="emergency-show-all"
              >
                {t('emergency-show-all')}
              </Button>
            )}
          </div>

          {groups.length === 0 ? (
            <Notice color="blue" icon={<InfoIcon />} qa="emergency-empty">
              {t('no-children-to-show')}
            </Notice>
          ) : (
            <>
              <nav
                aria-label={t('emergency-letters')}
                className={classes.letters}
                data-qa="emergency-letters"
              >
                {groups.map((g) => (
                  <UnstyledButton
                    key={g.letter}
                    className={classes.letter}
                    onClick={() => jumpTo(g.letter)}
                    aria-label={t('emergency-letter', { letter: g.letter })}
                    data-qa="emergency-letter-link"
                    data-letter={g.letter}
                  >
                    {g.letter}
                  </UnstyledButton>
                ))}
              </nav>
              {groups.map((g) => (
                <section
                  key={g.letter}
                  aria-labelledby={letterId(g.letter)}
                  className={classes.group}
                  data-qa="emergency-group"
                  data-letter={g.letter}
                >
                  <h2 id={letterId(g.letter)} tabIndex={-1} className={classes.groupHeading}>
                    {g.letter}
                  </h2>
                  <table className={classes.table} aria-labelledby={letterId(g.letter)}>
                    <thead>
                      <tr>
                        <th scope="col">{t('emergency-col-name')}</th>
                        <th scope="col">{t('emergency-col-mobile')}</th>
                        <th scope="col">{t('emergency-col-home')}</th>
                        <th scope="col">{t('emergency-col-work')}</th>
                      </tr>
                    </thead>
                    {g.items.map((child) => (
                      <ChildRows
                        key={child.id}
                        child={child}
                        today={data.today}
                        roomName={child.roomID !== null ? roomNames.get(child.roomID) : undefined}
                      />
                    ))}
                  </table>
                </section>
              ))}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

function ChildRows({ child, today, roomName }: { child: EmergencyChild; today: string; roomName?: string }) {
  const { t } = useTranslation();
  const name = `${child.forename} ${child.surname}`;
  const meta = [ageLabel(child.dob, today), roomName].filter(Boolean).join(' · ');
  const { exceptions, reminders, accidents } = child.flags;
  return (
    <tbody data-qa="emergency-child" data-child-id={child.id}>
      <tr className={classes.childRow}>
        <th scope="rowgroup" colSpan={4}>
          <div className={classes.tile}>
            <ChildAvatar child={child} photoUrl={childPhotoUrl} />
            <div className={classes.tileText}>
              <span className={classes.childName} data-qa="emergency-child-name">
                {name}
              </span>
              <span className={classes.meta}>{meta}</span>
            </div>
            <div className={classes.flags}>
              {exceptions.length > 0 && (
                <Flag
                  kind="exceptions"
                  label={t('emergency-flag-exceptions', { list: exceptions.join('; ') })}
                  icon={<AlertIcon size={20} />}
                />
              )}
              {reminders > 0 && (
                <Flag
                  kind="reminders"
                  label={t('emergency-flag-reminders', { count: reminders })}
                  icon={<ReminderIcon size={20} />}
                  count={reminders}
                />
              )}
              {accidents > 0 && (
                <Flag
                  kind="accidents"
                  label={t('emergency-flag-accidents', { count: accidents })}
                  icon={<AccidentIcon size={20} />}
                  count={accidents}
                />
              )}
            </div>
          </div>
        </th>
      </tr>
      {child.contacts.length === 0 ? (
        <tr>
          <td colSpan={4} className={classes.none} data-qa="emergency-no-contacts">
            {t('no-known-contacts')}
          </td>
        </tr>
      ) : (
        child.contacts.map((c) => <ContactRow key={c.contactID} contact={c} />)
      )}
    </tbody>
  );
}

function Flag({
  kind,
  label,
  icon,
  count,
}: {
  kind: 'exceptions' | 'reminders' | 'accidents';
  label: string;
  icon: ReactNode;
  count?: number;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`${classes.flag} ${classes[kind]}`}
      data-qa={`emergency-flag-${kind}`}
    >
      {icon}
      {count !== undefined && count > 1 && <span aria-hidden="true">{count}</span>}
    </span>
  );
}

const KIND_KEYS: Record<PhoneKind, 'emergency-col-mobile' | 'emergency-col-home' | 'emergency-col-work'> = {
  telmob: 'emergency-col-mobile',
  telhome: 'emergency-col-home',
  telwork: 'emergency-col-work',
};

function ContactRow({ contact }: { contact: EmergencyContact }) {
  const { t } = useTranslation();
  const name = contactName(contact);
  return (
    <tr data-qa="emergency-contact">
      <td>
        <span className={classes.contactName}>{name}</span>
        {contact.relationship && <span className={classes.meta}>{contact.relationship}</span>}
      </td>
      {PHONE_KINDS.map((kind) => {
        const number = contact[kind];
        return (
          <td key={kind} data-qa={`emergency-${kind}`} data-label={number ? t(KIND_KEYS[kind]) : undefined}>
            {number ? (
              <a
                className={classes.phone}
                href={telHref(number)}
                aria-label={t('emergency-call', { name, kind: t(KIND_KEYS[kind]), number })}
              >
                {number}
              </a>
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}
