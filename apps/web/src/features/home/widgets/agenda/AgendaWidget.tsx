import { ActionIcon, Anchor, Badge, Button, Collapse, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { ageLabel } from '@nursery/domain/children';
import { daysBetween, formatDate, formatMessage, todayInZone } from '@nursery/domain/common';
import {
  type AgendaCounts,
  type AgendaDay,
  type AgendaItem,
  agendaCounts,
  type HomeOverviewAnswer,
  initiallyOpenDays,
} from '@nursery/domain/home';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import { AlertIcon, BuildingIcon, ChevronDownIcon, EditIcon, PlusIcon } from '../../../../components/icons';
import { Notice } from '../../../../components/Notice';
import { useIsOffline } from '../../../../lib/connectivity';
import { whenFirstScreenUp } from '../../../../lib/firstScreen';
import i18n, { LANGUAGE } from '../../../../lib/i18n';
import { useNow } from '../../../../lib/useNow';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { useHomeOverview } from '../../useHomeOverview';
import { HomeWidget } from '../HomeWidget';
import { OverviewState } from '../OverviewState';
import classes from '../widgets.module.css';
import { agendaStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', agendaStrings);

// The reminder form (with the date picker) is not needed to show the agenda: it loads once the first
// screen is up, or when the form is opened before that (bench "home cold").
const loadReminderModal = () => import('./ReminderModal');
const ReminderModal = lazy(() => loadReminderModal().then((m) => ({ default: m.ReminderModal })));

const COUNT_TYPES: (keyof AgendaCounts)[] = ['birthday', 'anniversary', 'eventDue', 'absence'];
const STYLE_COLOURS = { info: 'blue', success: 'green', warning: 'orange', danger: 'red' } as const;

type Reminder = HomeOverviewAnswer['reminders'][number];

/**
 * The agenda (spec 002 §2, §3 Agenda day, §9): the overview's days (today to 2 days ahead as fetched;
 * read from the device's copy offline, so its first day may be yesterday), each collapsible with its
 * counts (of the rows it lists: agendaCounts), every day open (issue 27: Today too). Items link to the child, staff member or event; a reminder the user may
 * edit has an Edit button. 'Add reminder' with addEvents and a reminder set up. Both refused offline.
 */
export default function AgendaWidget() {
  const { t } = useTranslation();
  const { site } = useSession();
  const overview = useHomeOverview(site.id);
  const offline = useIsOffline();
  // The reminder being edited by id: after a conflict the form reads the refreshed version.
  const [modal, setModal] = useState<{ editingID: number | null } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const data = overview.data;
  useEffect(() => {
    void whenFirstScreenUp()
      .then(loadReminderModal)
      .catch(() => undefined);
  }, []);

  const openAdd = () => {
    setSaved(false);
    if (offline) return setRefusal(formatMessage('create-reminder-offline'));
    setRefusal(null);
    setModal({ editingID: null });
  };
  const openEdit = (reminder: Reminder) => {
    setSaved(false);
    if (offline) return setRefusal(formatMessage('edit-reminder-offline'));
    setRefusal(null);
    setModal({ editingID: reminder.id });
  };

  return (
    <HomeWidget
      title={t('agenda-title')}
      qa="widget-agenda"
      aside={
        data?.permittedActions.addReminder && (
          <Button
            size="md"
            variant="light"
            leftSection={<PlusIcon size={18} />}
            onClick={openAdd}
            data-qa="agenda-add-reminder"
          >
            {t('reminder-add')}
          </Button>
        )
      }
    >
      {refusal && (
        <Notice
          color="yellow"
          icon={<AlertIcon />}
          role="alert"
          qa="agenda-reminder-offline"
          onClose={() => setRefusal(null)}
          withCloseButton
        >
          {refusal}
        </Notice>
      )}
      {saved && (
        <Notice color="green" qa="agenda-reminder-saved" onClose={() => setSaved(false)} withCloseButton>
          {t('reminder-saved')}
        </Notice>
      )}
      <OverviewState
        qa="widget-agenda"
        loading={t('agenda-loading')}
        error={t('agenda-error')}
        offlineWarning={formatMessage('widget-agenda-offline-link')}
      >
        {(answer) => <AgendaDays answer={answer} onEdit={openEdit} />}
      </OverviewState>
      {data && modal && (
        <Suspense fallback={null}>
          <ReminderModal
            opened
            overview={data}
            editing={data.reminders.find((r) => r.id === modal.editingID) ?? null}
            onClose={() => setModal(null)}
            onSaved={() => {
              setModal(null);
              setSaved(true);
            }}
          />
        </Suspense>
      )}
    </HomeWidget>
  );
}

function AgendaDays({ answer, onEdit }: { answer: HomeOverviewAnswer; onEdit: (r: Reminder) => void }) {
  const [open, setOpen] = useState(() => new Set(initiallyOpenDays(answer.days.map((d) => d.date))));
  const toggle = (date: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(date)) next.delete(date);
      else next.add(date);
      return next;
    });
  const reminders = new Map(answer.reminders.map((r) => [r.id, r]));
  return (
    <Stack gap="xs" data-qa="agenda-days">
      {answer.days.map((day) => (
        <AgendaDaySection
          key={day.date}
          day={day}
          open={open.has(day.date)}
          onToggle={() => toggle(day.date)}
          reminders={reminders}
          onEdit={onEdit}
          rooms={answer.rooms}
        />
      ))}
    </Stack>
  );
}

/** 'Today', 'Tomorrow', 'Yesterday' against the device's today, else the weekday (spec 002 §9). */
function useDayLabel(date: string): string {
  const { t } = useTranslation();
  const { site } = useSession();
  const today = todayInZone(useNow(60_000), site.timeZone);
  switch (daysBetween(today, date)) {
    case 0:
      return t('agenda-today');
    case 1:
      return t('agenda-tomorrow');
    case -1:
      return t('agenda-yesterday');
    default:
      return dayjs(date).format('dddd');
  }
}

interface DayProps {
  day: AgendaDay;
  open: boolean;
  onToggle: () => void;
  reminders: Map<number, Reminder>;
  onEdit: (r: Reminder) => void;
  rooms: HomeOverviewAnswer['rooms'];
}

function AgendaDaySection({ day, open, onToggle, reminders, onEdit, rooms }: DayProps) {
  const { t } = useTranslation();
  const label = useDayLabel(day.date);
  const bodyId = `agenda-day-${day.date}`;
  // The badges count the rows below (issue 27: "Tomorrow 1 due" must match what it lists).
  const counts: AgendaCounts = agendaCounts(day.items);
  return (
    <div data-qa="agenda-day" data-date={day.date} data-open={open}>
      <button
        type="button"
        className={classes.dayHeader}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
        data-qa="agenda-day-toggle"
      >
        <ChevronDownIcon
          size={18}
          className={`${classes.chevron} ${open ? classes.chevronOpen : ''}`}
          aria-hidden
        />
        <Text fw={700} component="span">
          {label}
        </Text>
        <Text size="sm" c="dimmed" component="span">
          {formatDate(day.date)}
        </Text>
        <Group gap={4} ml="auto" component="span">
          {COUNT_TYPES.filter((type) => counts[type] > 0).map((type) => (
            <Badge
              key={type}
              variant="light"
              color="gray"
              c="dark.9"
              data-qa={`agenda-count-${type}`}
              component="span"
            >
              {t(`agenda-count-${type}`, { count: counts[type] })}
            </Badge>
          ))}
        </Group>
      </button>
      <Collapse expanded={open} id={bodyId}>
        {day.items.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs" data-qa="agenda-day-empty">
            {t('agenda-empty-day')}
          </Text>
        ) : (
          <ul className={classes.rows}>
            {day.items.map((item) => (
              <AgendaRow
                // Items have no id of their own: a subject of an event, a child's day, a closure's reason.
                key={`${item.type}-${item.eventID ?? ''}-${item.child?.id ?? ''}-${item.staff?.id ?? ''}-${item.notes ?? ''}`}
                item={item}
                date={day.date}
                reminder={item.eventID !== null ? reminders.get(item.eventID) : undefined}
                onEdit={onEdit}
                roomName={rooms.find((r) => r.id === item.child?.roomID)?.name ?? null}
              />
            ))}
          </ul>
        )}
      </Collapse>
    </div>
  );
}

interface RowProps {
  item: AgendaItem;
  date: string;
  reminder: Reminder | undefined;
  onEdit: (r: Reminder) => void;
  roomName: string | null;
}

function AgendaRow({ item, date, reminder, onEdit, roomName }: RowProps) {
  const { t } = useTranslation();
  const person = item.child ?? item.staff;
  const detail =
    item.type === 'birthday' && item.years !== null
      ? t('agenda-birthday-years', { count: item.years })
      : item.type === 'anniversary' && item.years !== null
        ? t('agenda-anniversary-years', { count: item.years })
        : item.notes;
  const meta = item.child ? [ageLabel(item.child.dob, date), roomName].filter(Boolean).join(' · ') : null;
  const content = (
    <>
      {person ? (
        <ChildAvatar child={person} photoUrl={item.child ? childPhotoUrl : undefined} small />
      ) : (
        <ThemeIcon size={36} radius="xl" variant="light" color="red" aria-hidden>
          <BuildingIcon size={20} />
        </ThemeIcon>
      )}
      <span className={classes.rowText}>
        <Text fw={600} size="sm" component="span" className={classes.rowName}>
          {person ? `${person.forename} ${person.surname}` : t('agenda-type-siteClosure')}
        </Text>
        {meta && (
          <Text size="xs" c="dimmed" component="span">
            {meta}
          </Text>
        )}
        {detail && (
          <Text size="sm" component="span" className={classes.rowName} style={{ whiteSpace: 'pre-line' }}>
            {detail}
          </Text>
        )}
      </span>
      <Badge color={STYLE_COLOURS[item.style]} c="dark.9" variant="light" component="span">
        {t(`agenda-type-${item.type}`)}
      </Badge>
    </>
  );
  return (
    <li data-qa="agenda-item" data-type={item.type} data-event-id={item.eventID ?? ''}>
      <Group gap={4} wrap="nowrap">
        {item.link ? (
          <Anchor
            component={Link}
            to={item.link.replace(/^#/, '')}
            className={classes.row}
            underline="never"
            c="inherit"
          >
            {content}
          </Anchor>
        ) : (
          <div className={classes.row}>{content}</div>
        )}
        {reminder?.editable && (
          <ActionIcon
            variant="subtle"
            size={48}
            onClick={() => onEdit(reminder)}
            aria-label={`${t('agenda-edit-reminder')}: ${person ? `${person.forename} ${person.surname}` : ''}`}
            data-qa="agenda-edit-reminder"
          >
            <EditIcon size={22} />
          </ActionIcon>
        )}
      </Group>
    </li>
  );
}
