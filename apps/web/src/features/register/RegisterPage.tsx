import {
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useElementSize, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  canGoToPreviousDay,
  formatDate,
  type RegisterTab,
  type RegisterUpdate,
  registerDate,
  todayInZone,
} from '@nursery/domain';
import { type CSSProperties, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirmDialog';
import { TimeField } from '../../components/DateTimeInputs';
import { DayNavigator } from '../../components/DayNavigator';
import { AlertIcon, InfoIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import personRows from '../../components/PersonRows.module.css';
import { RetryAlert } from '../../components/QueryState';
import { isApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import { formatClockTime } from '../../lib/format';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { registerApi } from './api';
import { ChildDetails } from './ChildDetails';
import { type MarkOffChoice, MarkOffModal } from './MarkOffModal';
import { OfflineChangesNotice } from './OfflineChangesNotice';
import { keepConflicts } from './pendingSubmit';
import classes from './RegisterPage.module.css';
import { RegisterRows } from './RegisterRows';
import { showRegisterToast } from './registerToast';
import {
  groupRows,
  keepSelectable,
  markOffConflictSessions,
  markOffSteps,
  offlineChanges,
  parseTab,
  planCheck,
  planUndo,
  type RegisterRefusalItem,
  type RegisterRowItem,
  type SelectedSession,
  selectedSessions,
  undoCheckOutAsks,
  undoMarkOffCalls,
  withPending,
  withSessions,
} from './registerView';
import { registerStrings } from './strings';
import { useOfflineRegister } from './useOfflineRegister';
import { useRegister } from './useRegister';

// The screen's strings arrive with its code (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', registerStrings);

const TABS: RegisterTab[] = ['all', 'in', 'due', 'off'];
/** The sticky actions bar is measured with its padding and border: the side panel sticks below it. */
const BAR_BOX: ResizeObserverOptions = { box: 'border-box' };
const SKELETON_ROWS = 6;

/** The tab is remembered per page (today's register, a future date's) for the browser tab's life. */
const tabStorageKey = (pathname: string) => `nursery.register.tab:${pathname}`;
function readTab(pathname: string): RegisterTab {
  try {
    return parseTab(window.sessionStorage.getItem(tabStorageKey(pathname)));
  } catch {
    return 'all';
  }
}
function storeTab(pathname: string, tab: RegisterTab) {
  try {
    window.sessionStorage.setItem(tabStorageKey(pathname), tab);
  } catch {
    // Storage unavailable: the tab is forgotten, nothing else.
  }
}

type Problem =
  | { kind: 'none-selected' }
  | { kind: 'refused'; refused: RegisterRefusalItem[] }
  | { kind: 'conflict'; count: number }
  | { kind: 'save-failed' }
  | { kind: 'nothing' }
  | { kind: 'mark-off-failed'; request: boolean };

/**
 * The child register (#/register, #/register/{date}; spec 002 §2 "Child register", §4 "Session"): the
 * date with previous/next day and a picker (minimum today), tabs all / in / due / off, rows grouped by
 * session start, the actions bar with the time box, the mark-off flow, a side panel with the selected
 * child's sessions, a background refresh that holds changes behind a warning.
 */
export function Component() {
  const { t } = useTranslation();
  const { site } = useSession();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const clock = useNow(60_000);
  const today = todayInZone(clock, site.timeZone);
  const requested = params.date;
  const date = registerDate(requested, today);
  const redirect = requested !== undefined && date === today;
  useDocumentTitle(`${t('register-title')} – ${t('app-name')}`);

  if (redirect) return <Navigate to="/register" replace />;
  return (
    <RegisterScreen
      key={`${site.id}:${date}`}
      date={date}
      today={today}
      pathname={location.pathname}
      navigate={navigate}
    />
  );
}

function RegisterScreen({
  date,
  today,
  pathname,
  navigate,
}: {
  date: string;
  today: string;
  pathname: string;
  navigate: ReturnType<typeof useNavigate>;
}) {
  const { t } = useTranslation();
  const { site, me } = useSession();
  const offline = useIsOffline();
  const wide = useMediaQuery('(min-width: 64em)', true);
  const phone = useMediaQuery('(max-width: 36em)', false);
  const enabled = site.registersEnabled;
  const { query, shown, held, applyHeld, showOwn } = useRegister(site.id, date, enabled);
  // Changes kept on the device (offline actions) overlay the server's register until they are sent.
  const offlineRegister = useOfflineRegister({
    userID: me.userID,
    siteID: site.id,
    offline,
    onSent: (outcome) => {
      showOwn((current) => withSessions(current, outcome.sessions));
      if (outcome.conflicts === 0) showRegisterToast('offline-sent', t('register-offline-sent'));
    },
  });
  const overlaid = useMemo(
    () => (shown ? withPending(shown, offlineRegister.pending) : undefined),
    [shown, offlineRegister.pending],
  );

  const [tab, setTabState] = useState<RegisterTab>(() => readTab(pathname));
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [focusChildID, setFocusChildID] = useState<number | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The time box follows the clock (minute by minute) until the user types a time of their own.
  const clock = useNow(60_000);
  const [typedTime, setTime] = useState<string | null>(null);
  const time = typedTime ?? formatClockTime(clock, site.timeZone);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const [markOff, setMarkOff] = useState<SelectedSession[] | null>(null);
  // The side panel sticks below the sticky actions bar, whose height changes as its buttons wrap; else
  // the panel's Capture signature slid under the bar once the page scrolled (issue 27).
  const { ref: barRef, height: barHeight } = useElementSize<HTMLDivElement>(BAR_BOX);

  // Offline the due tab is not offered (spec 002 §2): the register shows all.
  const shownTab: RegisterTab = offline && tab === 'due' ? 'all' : tab;
  const children = overlaid?.answer.children;
  const groups = useMemo(() => (children ? groupRows(children, shownTab) : []), [children, shownTab]);
  const roomNames = useMemo(() => new Map(site.rooms.map((r) => [r.id, r.name])), [site.rooms]);
  const selection = useMemo(
    () => (children ? selectedSessions(children, selected) : []),
    [children, selected],
  );

  // Rows that left the register or the tab leave the selection.
  useEffect(() => {
    if (!children) return;
    setSelected((prev) => {
      const kept = keepSelectable(children, prev, shownTab);
      return kept.size === prev.size ? prev : kept;
    });
  }, [children, shownTab]);

  const setTab = (value: RegisterTab) => {
    // A selection made on one tab does not follow to the next, where a tap on a row still selected
    // (but perhaps off the screen before) would silently deselect it (issue 27).
    if (value !== shownTab) setSelected(new Set());
    setTabState(value);
    storeTab(pathname, value);
    applyHeld();
  };

  const onToggle = useCallback((row: RegisterRowItem) => {
    setFocusChildID(row.child.id);
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(row.key)) next.delete(row.key);
      else next.add(row.key);
      return next;
    });
  }, []);

  const selectable = useMemo(() => groups.flatMap((g) => g.rows.filter((r) => r.selectable)), [groups]);
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.key));
  const selectAll = () => {
    setProblem(null);
    setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.key)));
  };

  const permitted = shown?.permittedActions;
  // Offline, today's register keeps its changes on the device; a future date needs a connection (spec 002 §4).
  const actionsDisabled = saving || !shown || (offline && date !== today);

  const save = async (
    updates: RegisterUpdate[],
    success: string | null,
    refused: RegisterRefusalItem[] = [],
  ) => {
    if (updates.length === 0) {
      setProblem(refused.length > 0 ? { kind: 'refused', refused } : { kind: 'nothing' });
      return;
    }
    setSaving(true);
    if (offline && shown) {
      const kept = await offlineRegister.record(
        offlineChanges(shown, updates).map((change) => ({ ...change, conflict: null })),
      );
      setSaving(false);
      if (!kept) {
        setProblem({ kind: 'save-failed' });
        return;
      }
      setProblem(refused.length > 0 ? { kind: 'refused', refused } : null);
      // Offline the change is on this device, not on the register yet: the toast says so (issue 27).
      if (success) showRegisterToast('kept', t('register-kept-on-device'));
      setSelected(new Set());
      return;
    }
    try {
      const answer = await registerApi.putBookings(site.id, updates);
      showOwn((current) => withSessions(current, answer.sessions));
      if (answer.conflicts.length > 0 && shown) {
        // Spec 002 §4: the changes and their conflicts are kept, and the user resolves them on #/conflict.
        const kept = await keepConflicts(
          me.userID,
          site.id,
          offlineChanges(shown, updates),
          answer.conflicts,
        );
        if (kept?.some((e) => e.conflict !== null)) navigate('/conflict');
        else setProblem({ kind: 'conflict', count: answer.conflicts.length });
      } else {
        setProblem(refused.length > 0 ? { kind: 'refused', refused } : null);
        if (success) showRegisterToast(success, success);
        setSelected(new Set());
      }
    } catch {
      setProblem({ kind: 'save-failed' });
    } finally {
      setSaving(false);
    }
  };

  const requireSelection = (): boolean => {
    if (selection.length > 0) return true;
    setProblem({ kind: 'none-selected' });
    return false;
  };

  const check = (kind: 'check-in' | 'check-out') => {
    if (!requireSelection() || !time) return;
    const plan = planCheck(kind, selection, time);
    void save(plan.updates, t(kind === 'check-in' ? 'checked-in' : 'checked-out'), plan.refused);
  };

  const undo = (kind: 'undo-check-in' | 'undo-check-out') => {
    if (!requireSelection()) return;
    const updates = planUndo(kind, selection);
    const go = () => void save(updates, kind === 'undo-check-out' ? t('checked-in') : null);
    if (
      kind === 'undo-check-out' &&
      updates.length > 0 &&
      undoCheckOutAsks(selection, formatClockTime(now(), site.timeZone))
    ) {
      openConfirmDialog({
        title: t('register-undo-check-out-title'),
        body: t('register-undo-check-out-body'),
        confirmLabel: t('register-undo-check-out-confirm'),
        cancelLabel: t('register-cancel'),
        confirmQa: 'register-undo-check-out-confirm',
        cancelQa: 'register-undo-check-out-cancel',
        danger: false,
        onConfirm: go,
      });
      return;
    }
    go();
  };

  /** Undo mark-off of the selected marked-off sessions (a manager's: the markOff permission). */
  const undoMarkOff = async () => {
    if (!requireSelection()) return;
    const calls = undoMarkOffCalls(selection);
    if (calls.length === 0) {
      setProblem({ kind: 'nothing' });
      return;
    }
    setSaving(true);
    let failed = 0;
    let conflicts = 0;
    for (const call of calls) {
      try {
        const answer = await registerApi.markOff(call.child.id, {
          date: call.date,
          comboIDs: call.comboIDs,
          versions: call.versions,
          markOffCategoryID: null,
          notes: '',
        });
        showOwn((current) => withSessions(current, answer.sessions, call.child.id));
      } catch (error) {
        const current = markOffConflictSessions(error);
        if (current) {
          conflicts++;
          showOwn((shown) => withSessions(shown, current, call.child.id));
        } else failed++;
      }
    }
    setSaving(false);
    setSelected(new Set());
    if (conflicts > 0) setProblem({ kind: 'conflict', count: conflicts });
    else if (failed > 0) setProblem({ kind: 'mark-off-failed', request: false });
    else showRegisterToast('mark-off-undone', t('register-mark-off-undone'));
  };

  const startMarkOff = () => {
    if (!requireSelection()) return;
    const steps = markOffSteps(selection);
    if (steps.length === 0) {
      setProblem({ kind: 'nothing' });
      return;
    }
    setProblem(null);
    // Earlier toasts would cover the flow's child and session.
    notifications.clean();
    setMarkOff(steps);
  };

  const finishMarkOff = async (choices: MarkOffChoice[]) => {
    setSaving(true);
    let failed = 0;
    let conflicts = 0;
    let requests = 0;
    for (const choice of choices) {
      const { child, session } = choice.step;
      try {
        const answer = await registerApi.markOff(child.id, {
          date: session.date,
          comboIDs: [session.comboID],
          // The version shown: a session someone else marked off meanwhile is not overwritten (409).
          versions: [session.version],
          markOffCategoryID: choice.markOffCategoryID,
          notes: choice.notes,
        });
        if (answer.outcome === 'request-sent') requests++;
        showOwn((current) => withSessions(current, answer.sessions, child.id));
      } catch (error) {
        const current = markOffConflictSessions(error);
        if (current) {
          conflicts++;
          showOwn((shown) => withSessions(shown, current, child.id));
        } else failed++;
      }
    }
    setSaving(false);
    setMarkOff(null);
    setSelected(new Set());
    const asRequest = !permitted?.markOff;
    if (conflicts > 0) {
      setProblem({ kind: 'conflict', count: conflicts });
      if (conflicts + failed === choices.length) return;
    } else if (failed > 0) {
      setProblem({ kind: 'mark-off-failed', request: asRequest });
      if (failed === choices.length) return;
    }
    showRegisterToast('marked-off', requests > 0 ? t('request-sent') : t('marked-off'));
  };

  const focused = useMemo(
    () => children?.find((c) => c.id === focusChildID) ?? null,
    [children, focusChildID],
  );

  // --- Render --------------------------------------------------------------------------------------
  const heading = (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Title order={1} fz="h2" data-qa="register-title">
        {t('register-heading', { date: formatDate(date, site.timeZone) })}
      </Title>
      <DayNavigator
        date={date}
        // Today's register has no date in its address.
        onDate={(day) => navigate(day <= today ? '/register' : `/register/${day}`)}
        minDate={today}
        previousDisabled={!canGoToPreviousDay(date, today)}
        labels={{
          previous: t('register-previous-day'),
          next: t('register-next-day'),
          date: t('register-date', { date: formatDate(date, site.timeZone) }),
        }}
        qa="register"
      />
    </Group>
  );

  if (
    !enabled ||
    (query.isError && isApiError(query.error) && query.error.code === 'registers-feature-disabled-at-site')
  ) {
    return (
      <Stack gap="md" maw={1400} data-qa="register-page">
        {heading}
        <Notice color="yellow" icon={<AlertIcon />} role="alert" qa="register-disabled">
          {t('registers-feature-disabled-at-site')}
        </Notice>
      </Stack>
    );
  }

  const problemNotice = problem && (
    <Notice
      color={problem.kind === 'conflict' ? 'orange' : problem.kind === 'nothing' ? 'blue' : 'red'}
      icon={<AlertIcon />}
      role="alert"
      qa="register-problem"
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={() => setProblem(null)}
      // Mantine's alert close is 20 × 20 px: the 44 × 44 px target, drawn over the notice's padding.
      styles={{ closeButton: { width: 44, height: 44, minWidth: 44, minHeight: 44, margin: -12 } }}
    >
      {problem.kind === 'none-selected' && t('select-at-least-one-child-register')}
      {problem.kind === 'nothing' && t('register-nothing-to-undo')}
      {problem.kind === 'save-failed' && t('error-submitting-register-changes')}
      {problem.kind === 'conflict' && t('register-conflict', { count: problem.count })}
      {problem.kind === 'mark-off-failed' &&
        (problem.request ? t('error-sending-request') : t('some-errors-marking-off'))}
      {problem.kind === 'refused' && (
        <>
          <Text size="sm" fw={700}>
            {t('children-cannot-be-checked')}
          </Text>
          <ul data-qa="register-refusals">
            {problem.refused.map(({ child, refusal }) => (
              <li key={child.id}>
                {t(
                  refusal === 'session-ended'
                    ? 'cannot-check-in-session-ended'
                    : 'cannot-check-out-before-check-in',
                  {
                    forename: child.forename,
                    surname: child.surname,
                  },
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );

  // On a phone the sticky block keeps only the time, check in and out and the count (it took 300 of
  // 844 px with every action); the other actions follow it and scroll with the page (issue 27).
  const secondaryActions = (
    <>
      <Button
        px={12}
        variant="default"
        onClick={selectAll}
        disabled={!shown || selectable.length === 0}
        data-qa="register-select-all"
      >
        {allSelected ? t('register-clear-selection') : t('register-select-all')}
      </Button>
      {permitted?.checkIn && (
        <Button
          px={12}
          variant="light"
          onClick={() => undo('undo-check-in')}
          disabled={actionsDisabled}
          data-qa="register-undo-check-in"
        >
          {t('register-undo-check-in')}
        </Button>
      )}
      {permitted?.checkOut && (
        <Button
          px={12}
          variant="light"
          onClick={() => undo('undo-check-out')}
          disabled={actionsDisabled}
          data-qa="register-undo-check-out"
        >
          {t('register-undo-check-out')}
        </Button>
      )}
      <Button
        px={12}
        variant="default"
        onClick={startMarkOff}
        disabled={actionsDisabled || offline}
        data-qa="register-mark-off-open"
      >
        {t('register-mark-off')}
      </Button>
      {permitted?.markOff && (
        <Button
          px={12}
          variant="default"
          onClick={() => void undoMarkOff()}
          disabled={actionsDisabled || offline}
          data-qa="register-undo-mark-off"
        >
          {t('register-undo-mark-off')}
        </Button>
      )}
      {!wide && (
        <Button
          px={12}
          variant="subtle"
          onClick={() => setDetailsOpen(true)}
          disabled={!focused}
          data-qa="register-details-open"
        >
          {t('register-details')}
        </Button>
      )}
    </>
  );
  const actions = (
    <>
      <div ref={barRef} className={personRows.stickyBar} data-qa="register-actions">
        <Group gap="xs" align="flex-end" wrap="wrap" role="toolbar" aria-label={t('register-actions')}>
          <div style={{ width: '9.5rem' }}>
            <TimeField
              label={t('register-time')}
              value={time}
              onChange={setTime}
              required
              error={time ? null : t('this-field-is-required')}
              disabled={actionsDisabled}
              qa="register-time"
            />
          </div>
          {permitted?.checkIn && (
            <Button
              px={12}
              onClick={() => check('check-in')}
              disabled={actionsDisabled}
              data-qa="register-check-in"
            >
              {t('register-check-in')}
            </Button>
          )}
          {permitted?.checkOut && (
            <Button
              px={12}
              onClick={() => check('check-out')}
              disabled={actionsDisabled}
              data-qa="register-check-out"
            >
              {t('register-check-out')}
            </Button>
          )}
          {!phone && secondaryActions}
          <Badge
            size="lg"
            style={{ textTransform: 'none' }}
            variant={selection.length > 0 ? 'filled' : 'default'}
            aria-live="polite"
            data-qa="register-selected-count"
          >
            {t('register-selected', { count: selection.length })}
          </Badge>
        </Group>
      </div>
      {phone && (
        <Group gap="xs" wrap="wrap" data-qa="register-more-actions">
          {secondaryActions}
        </Group>
      )}
    </>
  );

  const showAside = wide && shown !== undefined && (focused !== null || groups.length > 0);
  const details = (
    <ChildDetails
      child={focused}
      date={date}
      today={today}
      roomNames={roomNames}
      onChange={offline ? undefined : showOwn}
    />
  );

  return (
    <Stack
      gap="md"
      maw={1400}
      data-qa="register-page"
      data-status={shown ? 'loaded' : query.isError ? 'error' : 'loading'}
    >
      {heading}
      <Text c="dimmed" fw={600} mt={-8} data-qa="register-site-name">
        {site.name}
      </Text>

      {offline && (
        <Notice color="orange" icon={<OfflineIcon />} qa="register-offline">
          {t('currently-working-offline')} {t('register-offline-actions')}
          {shown &&
            ` ${t('data-correct-as-of', { time: `${formatDate(new Date(shown.fetchedAt), site.timeZone)} ${formatClockTime(new Date(shown.fetchedAt), site.timeZone)}` })}`}
        </Notice>
      )}
      {offline && date > today && (
        <Notice color="orange" icon={<AlertIcon />} qa="register-future-offline">
          {t('registers-future-date-offline')}{' '}
          <Anchor component={Link} to="/register" fw={600} data-qa="register-go-to-today">
            {t('register-go-to-today')}
          </Anchor>
        </Notice>
      )}
      <OfflineChangesNotice offline={offline} register={offlineRegister} />
      {held && (
        <Notice color="blue" icon={<InfoIcon />} qa="register-refresh-warning">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('register-refresh-warning')}</Text>
            <Button size="sm" variant="white" onClick={applyHeld} data-qa="register-refresh">
              {t('register-refresh')}
            </Button>
          </Group>
        </Notice>
      )}

      <Tabs value={shownTab} onChange={(v) => v && setTab(v as RegisterTab)} keepMounted={false}>
        <Tabs.List aria-label={t('register-tabs')}>
          {TABS.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              disabled={offline && value === 'due'}
              data-qa={`register-tab-${value}`}
              // 'In' is a short word: the tab keeps a 44 px width of its own (issue 27 measured 43.7).
              miw={56}
            >
              {t(`register-tab-${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {shown && actions}
      {problemNotice}

      <div
        className={classes.layout}
        data-aside={showAside || undefined}
        style={{ '--register-bar-height': `${barHeight}px` } as CSSProperties}
      >
        <div>
          {!shown && query.isError ? (
            <RetryAlert
              message={t('registers-error-fetching-online', { site: site.name })}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
              qa="register-error"
              retryQa="register-retry"
            />
          ) : !shown ? (
            <Stack gap={8} data-qa="register-loading" aria-busy="true" aria-label={t('register-loading')}>
              {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} height={72} radius="md" />
              ))}
            </Stack>
          ) : groups.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Text fw={600} data-qa="register-empty">
                {t('no-children-to-display')}
              </Text>
            </Paper>
          ) : (
            <RegisterRows
              groups={groups}
              selected={selected}
              disabled={actionsDisabled}
              today={today}
              roomNames={roomNames}
              pendingBookings={overlaid?.pendingBookings}
              onToggle={onToggle}
            />
          )}
        </div>
        {showAside && (
          <aside className={classes.aside} aria-label={t('register-details')} data-qa="register-details">
            {details}
          </aside>
        )}
      </div>

      {!wide && (
        <Drawer
          opened={detailsOpen && focused !== null}
          onClose={() => setDetailsOpen(false)}
          position="right"
          title={t('register-details')}
          closeButtonProps={{ 'aria-label': t('close') }}
          data-qa="register-details-drawer"
        >
          {details}
        </Drawer>
      )}

      {markOff && (
        <MarkOffModal
          steps={markOff}
          categories={shown?.markOffCategories ?? []}
          canChooseCategory={permitted?.markOff ?? false}
          notesRequired={shown?.markOffNotesRequired ?? false}
          submitting={saving}
          onClose={() => setMarkOff(null)}
          onDone={(choices) => void finishMarkOff(choices)}
        />
      )}
    </Stack>
  );
}
