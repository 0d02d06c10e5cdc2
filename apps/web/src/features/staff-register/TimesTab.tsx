// The Times tab (spec 002 §2 "Staff register"): the site's rooms, then 'No room', each with its shift
// rows: who, the start cell (planned, actual, Check in), the break cell (start / edit breaks, a running
// total while a break is on), the finish cell (planned, actual, Check out) and the row's other actions.
import { ActionIcon, Button, Menu } from '@mantine/core';
import { runningBreakMinutes, type Shift, type StaffRegisterAnswer } from '@nursery/domain/registers';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import { lineIcon } from '../../components/icons';
import personRows from '../../components/PersonRows.module.css';
import classes from './StaffRegisterPage.module.css';
import type { RoomGroup, ShiftRowItem } from './staffRegisterView';

const MoreIcon = lineIcon('M5 12h.01M12 12h.01M19 12h.01');
/** A running break: a dark orange (white text on it, and it as text on white, above 4.5:1). */
export const BREAK_COLOUR = '#a34400';

export type UndoKind = 'checkIn' | 'checkOut' | 'markOff';

export interface ShiftRowHandlers {
  onToggle: (shiftID: number) => void;
  onCheckIn: (shift: Shift) => void;
  onCheckOut: (shift: Shift) => void;
  onStartBreak: (shift: Shift) => void;
  onEndBreak: (shift: Shift) => void;
  onEditBreaks: (row: ShiftRowItem) => void;
  onMarkOff: (row: ShiftRowItem) => void;
  onUndo: (shift: Shift, undo: UndoKind) => void;
  onAmend: (row: ShiftRowItem) => void;
}

/** The status badge of a shift: due / in / out, or the status's own name when marked off. */
export function ShiftBadge({ shift, conflict = false }: { shift: Shift; conflict?: boolean }) {
  const { t } = useTranslation();
  const text = shift.state === 'off' ? shift.status.value : t(`staff-register-status-${shift.state}`);
  return (
    <>
      <span className={personRows.badge} data-state={shift.state} data-qa="staff-shift-status">
        {text}
      </span>
      {conflict && (
        <span className={personRows.badge} data-state="conflict" data-qa="staff-shift-conflict">
          {t('staff-register-in-conflict')}
        </span>
      )}
    </>
  );
}

interface RowProps extends ShiftRowHandlers {
  row: ShiftRowItem;
  selectable: boolean;
  selected: boolean;
  showCheckbox: boolean;
  conflict: boolean;
  busy: boolean;
  highlight: boolean;
  now: Date;
  timeZone: string;
}

const ShiftRow = memo(function ShiftRow(props: RowProps) {
  const { t } = useTranslation();
  const { row, selectable, selected, showCheckbox, conflict, busy, highlight, now, timeZone } = props;
  const { shift, member } = row;
  const may = shift.permittedActions;
  const name = member.display;
  const breakMinutes = runningBreakMinutes(shift, now, timeZone);
  const menuItems: ({ key: string; label: string; run: () => void } | false)[] = [
    may.undoCheckIn && {
      key: 'undo-check-in',
      label: t('staff-register-undo-check-in'),
      run: () => props.onUndo(shift, 'checkIn'),
    },
    may.undoCheckOut && {
      key: 'undo-check-out',
      label: t('staff-register-undo-check-out'),
      run: () => props.onUndo(shift, 'checkOut'),
    },
    may.markOff && { key: 'mark-off', label: t('staff-register-mark-off'), run: () => props.onMarkOff(row) },
    may.undoMarkOff && {
      key: 'undo-mark-off',
      label: t('staff-register-undo-mark-off'),
      run: () => props.onUndo(shift, 'markOff'),
    },
    may.amendTimes && {
      key: 'amend-times',
      label: t('staff-register-amend-times'),
      run: () => props.onAmend(row),
    },
  ];
  const items = menuItems.filter((item) => item !== false);

  return (
    <li
      className={classes.shiftRow}
      data-state={shift.state}
      data-conflict={conflict || undefined}
      data-highlight={highlight || undefined}
      data-qa="staff-shift-row"
      data-shift-id={shift.id}
      data-staff-id={member.id}
      data-version={shift.version}
      id={`staff-shift-${shift.id}`}
    >
      {showCheckbox ? (
        <input
          type="checkbox"
          className={`${personRows.check} ${classes.check} ${classes.areaCheck}`}
          checked={selected}
          disabled={!selectable}
          onChange={() => props.onToggle(shift.id)}
          aria-label={t('staff-register-select-name', { name })}
          data-qa="staff-shift-check"
        />
      ) : (
        <span className={classes.areaCheck} />
      )}
      <span className={`${classes.name} ${classes.areaName}`}>
        <ChildAvatar child={member} />
        <span className={classes.nameText}>
          <span className={classes.strong} data-qa="staff-shift-name">
            {name}
          </span>
          <span className={personRows.meta}>
            <ShiftBadge shift={shift} conflict={conflict} />
            {busy && ` ${t('staff-register-sending')}`}
          </span>
        </span>
      </span>
      <span className={`${classes.cell} ${classes.areaStart}`} data-qa="staff-shift-start">
        <span>{t('staff-register-planned', { time: shift.timeFrom })}</span>
        {shift.actualFrom && (
          <span className={personRows.actual} data-qa="staff-shift-actual-from">
            {t('staff-register-actual', { time: shift.actualFrom })}
          </span>
        )}
        {shift.signatures.actualFrom && (
          <SignatureThumb src={shift.signatures.actualFrom} qa="staff-shift-signature-from" />
        )}
        {may.checkIn && (
          <Button
            size="sm"
            onClick={() => props.onCheckIn(shift)}
            disabled={busy}
            aria-label={t('staff-register-check-in-name', { name })}
            data-qa="staff-shift-check-in"
          >
            {t('staff-register-check-in')}
          </Button>
        )}
      </span>
      <span className={`${classes.cell} ${classes.areaBreaks}`} data-qa="staff-shift-breaks">
        {shift.state === 'off' ? (
          <span data-qa="staff-shift-off">
            <strong>{shift.status.value}</strong>
            {shift.notes && ` · ${shift.notes}`}
          </span>
        ) : (
          <>
            <Button
              size="sm"
              variant={shift.activeBreak ? 'filled' : 'default'}
              color={shift.activeBreak ? BREAK_COLOUR : undefined}
              onClick={() => props.onEditBreaks(row)}
              disabled={!may.editBreaks || busy}
              aria-label={
                shift.activeBreak
                  ? t('staff-register-on-break-name', { name, minutes: String(breakMinutes) })
                  : t('staff-register-edit-breaks-name', { name, minutes: String(breakMinutes) })
              }
              data-qa="staff-shift-edit-breaks"
              data-running={shift.activeBreak ? 'true' : undefined}
              data-minutes={breakMinutes}
            >
              {shift.activeBreak
                ? t('staff-register-on-break', { minutes: String(breakMinutes) })
                : t('staff-register-edit-breaks', { minutes: String(breakMinutes) })}
            </Button>
            {may.startBreak && (
              <Button
                size="sm"
                variant="light"
                onClick={() => props.onStartBreak(shift)}
                disabled={busy}
                data-qa="staff-shift-start-break"
              >
                {t('staff-register-start-break')}
              </Button>
            )}
            {may.endBreak && (
              <Button
                size="sm"
                variant="outline"
                color={BREAK_COLOUR}
                onClick={() => props.onEndBreak(shift)}
                disabled={busy}
                data-qa="staff-shift-end-break"
              >
                {t('staff-register-end-break')}
              </Button>
            )}
          </>
        )}
      </span>
      <span className={`${classes.cell} ${classes.areaFinish}`} data-qa="staff-shift-finish">
        <span>{t('staff-register-planned', { time: shift.timeTo })}</span>
        {shift.actualTo && (
          <span className={personRows.actual} data-qa="staff-shift-actual-to">
            {t('staff-register-actual', { time: shift.actualTo })}
          </span>
        )}
        {shift.signatures.actualTo && (
          <SignatureThumb src={shift.signatures.actualTo} qa="staff-shift-signature-to" />
        )}
        {may.checkOut && (
          <Button
            size="sm"
            onClick={() => props.onCheckOut(shift)}
            disabled={busy}
            aria-label={t('staff-register-check-out-name', { name })}
            data-qa="staff-shift-check-out"
          >
            {t('staff-register-check-out')}
          </Button>
        )}
      </span>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="xl"
            className={classes.areaMenu}
            aria-label={t('staff-register-actions-name', { name })}
            disabled={items.length === 0 || busy}
            data-qa="staff-shift-menu"
          >
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map((item) => (
            <Menu.Item key={item.key} onClick={item.run} data-qa={`staff-shift-${item.key}`}>
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </li>
  );
});

interface TimesTabProps extends ShiftRowHandlers {
  groups: RoomGroup[];
  permitted: StaffRegisterAnswer['permittedActions'];
  selected: ReadonlySet<number>;
  conflicted: ReadonlySet<number>;
  sending: ReadonlySet<number>;
  isSelectable: (shift: Shift) => boolean;
  highlight: number | null;
  now: Date;
  timeZone: string;
}

export function TimesTab({
  groups,
  permitted,
  selected,
  conflicted,
  sending,
  isSelectable,
  highlight,
  now,
  timeZone,
  ...handlers
}: TimesTabProps) {
  const { t } = useTranslation();
  return (
    <div data-qa="staff-times">
      {groups.map((group) => {
        const room = group.name ?? t('staff-register-no-room');
        return (
          <section
            key={group.roomID ?? 'none'}
            aria-label={t('staff-register-room-shifts', { room })}
            data-qa="staff-room"
            data-room-id={group.roomID ?? ''}
          >
            <h2 className={personRows.groupHeader} data-qa="staff-room-name">
              {room}
            </h2>
            <ul className={personRows.stackList}>
              {group.rows.map((row) => (
                <ShiftRow
                  key={row.shift.id}
                  row={row}
                  showCheckbox={permitted.selectRows}
                  selectable={isSelectable(row.shift)}
                  selected={selected.has(row.shift.id)}
                  conflict={conflicted.has(row.shift.id)}
                  busy={sending.has(row.shift.id)}
                  highlight={highlight === row.shift.id}
                  now={now}
                  timeZone={timeZone}
                  {...handlers}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A signed time's signature, small (its alt text says it is signed where the image cannot load offline). */
export function SignatureThumb({ src, qa }: { src: string; qa: string }) {
  const { t } = useTranslation();
  return (
    <img src={src} alt={t('staff-register-signed')} height={28} className={classes.signature} data-qa={qa} />
  );
}
