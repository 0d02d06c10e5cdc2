/**
 * The child register screen's state and actions (RegisterPage.tsx draws them): the register with the
 * device's waiting changes laid over it, the tab (remembered per page), the selection, the time box,
 * the problem shown, and the actions (check in and out, undo, mark off and its undo) with their saves.
 */
import { notifications } from '@mantine/notifications';
import type { RegisterTab, RegisterUpdate } from '@nursery/domain/registers';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useNavigate } from 'react-router';
import { openConfirmDialog } from '../../components/confirmDialog';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import { formatClockTime } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { registerApi } from './api';
import type { MarkOffChoice } from './MarkOffModal';
import { saveRegisterChanges } from './pendingSubmit';
import type { RegisterProblem as Problem } from './RegisterProblemNotice';
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
import { useOfflineRegister } from './useOfflineRegister';
import { useRegister } from './useRegister';

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

/** What the register screen is opened with: the day shown, the site's today, and where it is. */
export interface RegisterScreenArgs {
  date: string;
  today: string;
  pathname: string;
  navigate: ReturnType<typeof useNavigate>;
}

export function useRegisterScreen({ date, today, pathname, navigate }: RegisterScreenArgs) {
  const { t } = useTranslation();
  const { site, me } = useSession();
  const offline = useIsOffline();
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
  // The time box follows the clock (minute by minute) until the user types a time of their own.
  const clock = useNow(60_000);
  const [typedTime, setTime] = useState<string | null>(null);
  const time = typedTime ?? formatClockTime(clock, site.timeZone);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const [markOff, setMarkOff] = useState<SelectedSession[] | null>(null);

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
      // Sent by the register kind of the device's queue; spec 002 §4: the changes the server answered
      // with a conflict are kept in the queue, and the user resolves them on #/conflict.
      const { answer, kept } = await saveRegisterChanges(
        me.userID,
        site.id,
        updates,
        shown ? offlineChanges(shown, updates) : null,
      );
      showOwn((current) => withSessions(current, answer.sessions));
      if (answer.conflicts.length > 0 && shown) {
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

  return {
    site,
    offline,
    enabled,
    query,
    shown,
    held,
    applyHeld,
    showOwn,
    offlineRegister,
    overlaid,
    shownTab,
    setTab,
    groups,
    roomNames,
    selected,
    selection,
    onToggle,
    selectable,
    allSelected,
    selectAll,
    permitted,
    actionsDisabled,
    time,
    setTime,
    problem,
    setProblem,
    saving,
    markOff,
    setMarkOff,
    check,
    undo,
    undoMarkOff,
    startMarkOff,
    finishMarkOff,
    focused,
  };
}

export type RegisterScreenState = ReturnType<typeof useRegisterScreen>;
