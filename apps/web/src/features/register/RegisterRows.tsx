import { ageLabel } from '@nursery/domain/children';
import type { RegisterChild, RegisterSession, SessionState } from '@nursery/domain/registers';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import personRows from '../../components/PersonRows.module.css';
import { useSession } from '../auth';
import { childPhotoUrl } from '../children';
import { requestStyle, requestsByChild, useAttendanceRequests } from './AttendanceRequestAction';
import classes from './RegisterPage.module.css';
import { type RegisterRowGroup, type RegisterRowItem, SLOT, template } from './registerView';

/** The child's photo tile avatar (the capture screen's): the photo, or initials when there is none. */
export function RegisterAvatar({
  child,
}: {
  child: Pick<RegisterChild, 'id' | 'forename' | 'surname' | 'hasImage'>;
}) {
  return <ChildAvatar child={child} photoUrl={childPhotoUrl} />;
}

/** The status badge's text key of a session. */
export function statusKey(state: SessionState, requested: boolean) {
  if (requested && state !== 'off') return 'register-status-requested' as const;
  return `register-status-${state}` as const;
}

/** The actual times ("In 08:05 · Out 12:30"). */
export function ActualTimes({ session }: { session: RegisterSession }) {
  const { t } = useTranslation();
  return (
    <>
      {session.actualStart && (
        <span className={personRows.actual} data-qa="register-actual-start">
          {t('register-actual-in', { time: session.actualStart })}
        </span>
      )}
      {session.actualEnd && (
        <span className={personRows.actual} data-qa="register-actual-end">
          {' · '}
          {t('register-actual-out', { time: session.actualEnd })}
        </span>
      )}
    </>
  );
}

/** Booked times, then the actual ones ("08:00–13:00 · In 08:05 · Out 12:30"). */
export function SessionTimes({ session }: { session: RegisterSession }) {
  const { t } = useTranslation();
  return (
    <>
      {t('register-booked', { start: session.start, end: session.end })}
      {session.actualStart && ' · '}
      <ActualTimes session={session} />
    </>
  );
}

/** The rows' texts, made once per render of the list (no translation hook in each of 120 rows). */
interface RowTexts {
  select: (name: string, session: string) => string;
  booked: (start: string, end: string) => string;
  actualIn: (time: string) => string;
  actualOut: (time: string) => string;
  status: (state: SessionState, requested: boolean) => string;
  /** 'Not sent yet': the row's change is kept on this device. */
  unsent: string;
  signed: string;
}

interface RowProps {
  row: RegisterRowItem;
  selected: boolean;
  /** The row's change waits on this device (the 'updated' row style). */
  unsent: boolean;
  disabled: boolean;
  today: string;
  roomName: string | undefined;
  texts: RowTexts;
  onToggle: (row: RegisterRowItem) => void;
  /** The child's attendance request: pending, success (approved) or failed (declined). */
  request?: 'pending' | 'success' | 'failed';
}

/**
 * One session of a child: a label around a native checkbox (Space toggles it, the whole row is the
 * target), the photo tile, the session and its times, and the status badge. Memoised: a selection
 * change re-renders only the rows whose `selected` changed.
 */
const RegisterRow = memo(function RegisterRow({
  row,
  selected,
  unsent,
  disabled,
  today,
  roomName,
  texts,
  onToggle,
  request,
}: RowProps) {
  const { child, session, state } = row;
  const name = `${child.forename} ${child.surname}`;
  const meta = [ageLabel(child.dob, today), roomName].filter(Boolean).join(' · ');
  const blocked = disabled || !row.selectable;
  return (
    <li>
      <label
        className={classes.row}
        data-state={state}
        data-requested={session.markOffRequested || undefined}
        data-selected={selected || undefined}
        data-unsent={unsent || undefined}
        data-disabled={blocked || undefined}
        data-signed={(session.signatures?.length ?? 0) > 0 || undefined}
        data-request={request}
        data-qa="register-row"
        data-child-id={child.id}
        data-booking-id={session.bookingID}
        data-combo-id={session.comboID}
        data-start={session.start}
        data-end={session.end}
      >
        <input
          type="checkbox"
          className={`${personRows.check} ${classes.check}`}
          checked={selected}
          disabled={blocked}
          onChange={() => onToggle(row)}
          aria-label={texts.select(name, session.comboName)}
          data-qa="register-row-check"
        />
        <RegisterAvatar child={child} />
        <span className={personRows.text}>
          <span className={personRows.name} data-qa="register-row-name">
            {name}
          </span>
          {meta && <span className={personRows.meta}>{meta}</span>}
          <span className={classes.session} data-qa="register-row-session">
            {session.comboName} {texts.booked(session.start, session.end)}
          </span>
          <span className={classes.statusLine}>
            <span
              className={personRows.badge}
              data-state={state}
              data-requested={session.markOffRequested || undefined}
              data-qa="register-row-status"
            >
              {texts.status(state, session.markOffRequested)}
            </span>
            {(session.signatures?.length ?? 0) > 0 && (
              <span className={personRows.badge} data-signed="true" data-qa="register-row-signed">
                {texts.signed}
              </span>
            )}
            {session.actualStart && (
              <span className={personRows.actual} data-qa="register-actual-start">
                {texts.actualIn(session.actualStart)}
              </span>
            )}
            {session.actualEnd && (
              <span className={personRows.actual} data-qa="register-actual-end">
                {' · '}
                {texts.actualOut(session.actualEnd)}
              </span>
            )}
            {unsent && (
              <span className={classes.unsent} data-qa="register-row-unsent">
                {texts.unsent}
              </span>
            )}
          </span>
        </span>
      </label>
    </li>
  );
});

interface RowsProps {
  groups: RegisterRowGroup[];
  selected: ReadonlySet<number>;
  disabled: boolean;
  today: string;
  roomNames: ReadonlyMap<number, string>;
  /** Bookings whose change waits on this device. */
  pendingBookings?: ReadonlySet<number>;
  onToggle: (row: RegisterRowItem) => void;
}

/**
 * The rows grouped by session start, a heading per start. The first render of the rows is measured
 * ('register-render', performance.measure) for the bench: 120 rows must take under 100 ms.
 */
export function RegisterRows({
  groups,
  selected,
  disabled,
  today,
  roomNames,
  pendingBookings,
  onToggle,
}: RowsProps) {
  const { t } = useTranslation();
  const { site } = useSession();
  const requests = useAttendanceRequests(site.id, groups[0]?.rows[0]?.session.date);
  const byChild = useMemo(() => requestsByChild(requests.data?.requests), [requests.data]);
  // Each text is translated once and filled in per row: i18next's t for each of 120 rows took more
  // time than rendering them.
  const texts = useMemo<RowTexts>(() => {
    const select = template(t('register-select-child', { name: SLOT.a, session: SLOT.b }));
    const booked = template(t('register-booked', { start: SLOT.a, end: SLOT.b }));
    const actualIn = template(t('register-actual-in', { time: SLOT.a }));
    const actualOut = template(t('register-actual-out', { time: SLOT.a }));
    const statuses = {
      due: t('register-status-due'),
      in: t('register-status-in'),
      left: t('register-status-left'),
      off: t('register-status-off'),
      requested: t('register-status-requested'),
    };
    return {
      select,
      booked,
      actualIn: (time) => actualIn(time),
      actualOut: (time) => actualOut(time),
      status: (state, requested) => (requested && state !== 'off' ? statuses.requested : statuses[state]),
      unsent: t('register-row-unsent'),
      signed: t('register-signed'),
    };
  }, [t]);
  const count = groups.reduce((n, g) => n + g.rows.length, 0);
  // Marked at every render until the first commit with rows (a render React set aside and did again
  // must not count twice: measure takes the latest start mark), measured once in that commit.
  const measured = useRef(false);
  if (!measured.current && count > 0 && typeof performance !== 'undefined') {
    performance.mark('register-render-start');
  }
  useLayoutEffect(() => {
    if (measured.current || count === 0 || typeof performance === 'undefined') return;
    measured.current = true;
    performance.mark('register-render-end');
    performance.measure('register-render', 'register-render-start', 'register-render-end');
  }, [count]);

  return (
    <div data-qa="register-rows" data-count={count}>
      {groups.map((group) => (
        <section
          key={group.start}
          aria-label={t('register-group', { time: group.start })}
          data-qa="register-group"
        >
          <h2 className={personRows.groupHeader} data-qa="register-group-start">
            {group.start}
          </h2>
          <ul className={classes.grid}>
            {group.rows.map((row) => (
              <RegisterRow
                key={row.key}
                row={row}
                selected={selected.has(row.key)}
                unsent={pendingBookings?.has(row.key) ?? false}
                disabled={disabled}
                today={today}
                roomName={row.child.roomID != null ? roomNames.get(row.child.roomID) : undefined}
                texts={texts}
                onToggle={onToggle}
                request={requestStyle(byChild.get(row.child.id))}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
