/**
 * The child register screen's pure helpers (spec 002 §2 "Child register", §4 "Session"): the rows of a
 * tab grouped by session start, what the actions send (the domain's check-in/check-out arithmetic per
 * child) and what a background refresh changed. The rules themselves live in @nursery/domain
 * (register.ts); these only arrange the server's answer for the screen.
 */
import {
  checkInTimes,
  checkOutTimes,
  isSessionSelectable,
  REGISTER_TABS,
  type RegisterAnswer,
  type RegisterChild,
  type RegisterRefusal,
  type RegisterSession,
  type RegisterTab,
  type RegisterUpdate,
  type SessionState,
  type SessionTimesChange,
  sessionState,
  undoCheckInTimes,
  undoCheckOutNeedsConfirmation,
  undoCheckOutTimes,
} from '@nursery/domain/registers';

/** Placeholders a translated text is made with, filled in per row (see `template`). */
export const SLOT = { a: '\u0001a\u0001', b: '\u0001b\u0001' } as const;

/** A translated text with SLOT.a and SLOT.b in it, as a function of the two values. */
export function template(text: string): (a: string, b?: string) => string {
  return (a, b = '') => text.replaceAll(SLOT.a, a).replaceAll(SLOT.b, b);
}

/** One row: a child's session. Keyed by the booking's id. */
export interface RegisterRowItem {
  key: number;
  child: RegisterChild;
  session: RegisterSession;
  state: SessionState;
  selectable: boolean;
}

/** Rows of one session start ('08:00'). */
export interface RegisterRowGroup {
  start: string;
  rows: RegisterRowItem[];
}

/** Whether a session is listed on a tab: in = checked in (out or not), due = not yet in, off = marked off. */
export function onTab(state: SessionState, tab: RegisterTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'in':
      return state === 'in' || state === 'left';
    case 'due':
      return state === 'due';
    case 'off':
      return state === 'off';
  }
}

const fullName = (c: Pick<RegisterChild, 'forename' | 'surname'>) => `${c.forename} ${c.surname}`;

/** The tab's rows, grouped by session start (earliest first), by name within a start. */
export function groupRows(children: readonly RegisterChild[], tab: RegisterTab): RegisterRowGroup[] {
  const byStart = new Map<string, RegisterRowItem[]>();
  for (const child of children) {
    for (const session of child.sessions) {
      const state = sessionState(session);
      if (!onTab(state, tab)) continue;
      const row: RegisterRowItem = {
        key: session.bookingID,
        child,
        session,
        state,
        selectable: isSessionSelectable(session, tab),
      };
      const list = byStart.get(session.start);
      if (list) list.push(row);
      else byStart.set(session.start, [row]);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, rows]) => ({
      start,
      rows: rows.sort(
        (a, b) =>
          fullName(a.child).localeCompare(fullName(b.child), 'en-GB') ||
          a.child.id - b.child.id ||
          a.session.end.localeCompare(b.session.end),
      ),
    }));
}

/** The tab a stored value names, else 'all'. */
export function parseTab(raw: string | null | undefined): RegisterTab {
  return (REGISTER_TABS as readonly string[]).includes(raw ?? '') ? (raw as RegisterTab) : 'all';
}

/** A selected session with its child. */
export interface SelectedSession {
  child: RegisterChild;
  session: RegisterSession;
}

/** The selected bookings that are still on the register, in register order. */
export function selectedSessions(
  children: readonly RegisterChild[],
  selected: ReadonlySet<number>,
): SelectedSession[] {
  const out: SelectedSession[] = [];
  for (const child of children) {
    for (const session of child.sessions) {
      if (selected.has(session.bookingID)) out.push({ child, session });
    }
  }
  return out;
}

/** The selection without the bookings that are gone or no longer selectable on the tab. */
export function keepSelectable(
  children: readonly RegisterChild[],
  selected: ReadonlySet<number>,
  tab: RegisterTab,
): Set<number> {
  const kept = new Set<number>();
  for (const { session } of selectedSessions(children, selected)) {
    if (onTab(sessionState(session), tab) && isSessionSelectable(session, tab)) kept.add(session.bookingID);
  }
  return kept;
}

/** A child an action refused, with the domain's reason. */
export interface RegisterRefusalItem {
  child: RegisterChild;
  refusal: Exclude<RegisterRefusal, 'nothing-to-do'>;
}

/** What an action sends (PUT bookings), and the children it refused. */
export interface RegisterActionPlan {
  updates: RegisterUpdate[];
  refused: RegisterRefusalItem[];
}

function byChild(selection: readonly SelectedSession[]): Map<number, SelectedSession[]> {
  const map = new Map<number, SelectedSession[]>();
  for (const item of selection) {
    const list = map.get(item.child.id);
    if (list) list.push(item);
    else map.set(item.child.id, [item]);
  }
  return map;
}

function toUpdate(
  child: RegisterChild,
  session: RegisterSession,
  change: SessionTimesChange,
): RegisterUpdate {
  return {
    childID: child.id,
    comboID: session.comboID,
    date: session.date,
    typeID: session.typeID,
    actualStart: change.actualStart,
    actualEnd: change.actualEnd,
    version: session.version,
  };
}

/**
 * Check-in or check-out of the selected sessions at `time` (HH:mm): the domain's arithmetic per child
 * over that child's selected sessions; a child with nothing to do is skipped silently.
 */
export function planCheck(
  kind: 'check-in' | 'check-out',
  selection: readonly SelectedSession[],
  time: string,
): RegisterActionPlan {
  const plan: RegisterActionPlan = { updates: [], refused: [] };
  for (const items of byChild(selection).values()) {
    const child = items[0]!.child;
    const sessions = items.map((i) => i.session);
    const outcome = kind === 'check-in' ? checkInTimes(sessions, time) : checkOutTimes(sessions, time);
    if (!outcome.ok) {
      if (outcome.refusal !== 'nothing-to-do') plan.refused.push({ child, refusal: outcome.refusal });
      continue;
    }
    for (const change of outcome.changes) {
      const session = sessions.find((s) => s.comboID === change.comboID);
      if (session) plan.updates.push(toUpdate(child, session, change));
    }
  }
  return plan;
}

/** Undo check-in or undo check-out (re-check-in) of each selected session that allows it. */
export function planUndo(kind: 'undo-check-in' | 'undo-check-out', selection: readonly SelectedSession[]) {
  const updates: RegisterUpdate[] = [];
  for (const { child, session } of selection) {
    const change = kind === 'undo-check-in' ? undoCheckInTimes(session) : undoCheckOutTimes(session);
    if (change) updates.push(toUpdate(child, session, change));
  }
  return updates;
}

/** Re-check-in asks first when any of the sessions it reopens has ended by `now` (HH:mm). */
export function undoCheckOutAsks(selection: readonly SelectedSession[], now: string): boolean {
  return selection.some(
    ({ session }) => undoCheckOutTimes(session) !== null && undoCheckOutNeedsConfirmation(session, now),
  );
}

/** The sessions a mark-off steps through: the selected ones not already marked off or requested. */
export function markOffSteps(selection: readonly SelectedSession[]): SelectedSession[] {
  return selection.filter(({ session }) => sessionState(session) !== 'off' && !session.markOffRequested);
}

/** One undo mark-off call: the sessions and the versions the screen shows (the server checks them). */
export interface UndoMarkOffCall {
  child: RegisterChild;
  date: string;
  comboIDs: number[];
  versions: number[];
}

/** Undo mark-off (spec 002 §4): the selected marked-off sessions, one call per child and date. */
export function undoMarkOffCalls(selection: readonly SelectedSession[]): UndoMarkOffCall[] {
  const calls = new Map<string, UndoMarkOffCall>();
  for (const { child, session } of selection) {
    if (sessionState(session) !== 'off' || session.markedOffCategoryID === null) continue;
    const key = `${child.id}:${session.date}`;
    const call = calls.get(key);
    if (call) {
      call.comboIDs.push(session.comboID);
      call.versions.push(session.version);
    } else {
      calls.set(key, { child, date: session.date, comboIDs: [session.comboID], versions: [session.version] });
    }
  }
  return [...calls.values()];
}

/**
 * The sessions as they are now, from a mark-off refused because someone else changed them first
 * (409 err-conflict, issue 26), or null for any other failure.
 */
export function markOffConflictSessions(error: unknown): RegisterSession[] | null {
  const e = error as { status?: unknown; code?: unknown; details?: { sessions?: unknown } } | null;
  if (e?.status !== 409 || e.code !== 'err-conflict' || !Array.isArray(e.details?.sessions)) return null;
  return e.details.sessions as RegisterSession[];
}

/**
 * What a background refresh changed against what the screen shows: 'children' when a child appeared
 * or vanished (applied at once, spec 002 §4), 'sessions' when only times or states changed (held behind
 * the refresh warning), 'none' otherwise.
 */
export function registerChange(
  shown: RegisterAnswer,
  incoming: RegisterAnswer,
): 'none' | 'children' | 'sessions' {
  if (shown.date !== incoming.date || shown.children.length !== incoming.children.length) return 'children';
  const shownByID = new Map(shown.children.map((c) => [c.id, c]));
  let sessions = false;
  for (const child of incoming.children) {
    const before = shownByID.get(child.id);
    if (!before) return 'children';
    if (!sessions && !sameSessions(before.sessions, child.sessions)) sessions = true;
  }
  if (
    !sessions &&
    (shown.markOffNotesRequired !== incoming.markOffNotesRequired ||
      JSON.stringify(shown.permittedActions) !== JSON.stringify(incoming.permittedActions))
  ) {
    sessions = true;
  }
  return sessions ? 'sessions' : 'none';
}

function sameSessions(a: readonly RegisterSession[], b: readonly RegisterSession[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((s, i) => {
    const t = b[i]!;
    return (
      s.bookingID === t.bookingID &&
      s.version === t.version &&
      s.actualStart === t.actualStart &&
      s.actualEnd === t.actualEnd &&
      s.markedOffCategoryID === t.markedOffCategoryID &&
      s.isOff === t.isOff &&
      s.markOffRequested === t.markOffRequested &&
      s.start === t.start &&
      s.end === t.end
    );
  });
}

/**
 * The answer with the sessions a save returned (PUT bookings, POST markOff) in place of the shown ones,
 * so the screen shows its own change at once, before the refetch.
 */
export function withSessions(
  answer: RegisterAnswer,
  sessions: ReadonlyArray<RegisterSession & { childID?: number }>,
  childID?: number,
): RegisterAnswer {
  if (sessions.length === 0) return answer;
  const key = (c: number, combo: number, date: string) => `${c}:${combo}:${date}`;
  const fresh = new Map(sessions.map((s) => [key(s.childID ?? childID ?? 0, s.comboID, s.date), s]));
  return {
    ...answer,
    children: answer.children.map((child) => {
      if (!child.sessions.some((s) => fresh.has(key(child.id, s.comboID, s.date)))) return child;
      return {
        ...child,
        sessions: child.sessions.map((s) => {
          const next = fresh.get(key(child.id, s.comboID, s.date));
          if (!next) return s;
          const { childID: _c, ...session } = next as RegisterSession & { childID?: number };
          return { ...s, ...session };
        }),
      };
    }),
  };
}

/** The register key of a booking on a day, as pending entries and conflicts name it. */
export const bookingKey = (b: { childID: number; comboID: number; date: string }) =>
  `${b.childID}:${b.comboID}:${b.date}`;

/** A change kept on the device (features/register/pendingStore.ts), as the register overlays it. */
export interface PendingTimes {
  childID: number;
  comboID: number;
  date: string;
  actualStart: string | null;
  actualEnd: string | null;
}

/**
 * The answer with the device's unsent changes in place of the server's times (spec 002 §4: offline
 * actions are kept as pending entries): the register shows what the user did, and which bookings wait
 * to be sent (the rows' 'updated' style).
 */
export function withPending(
  answer: RegisterAnswer,
  pending: readonly PendingTimes[],
): { answer: RegisterAnswer; pendingBookings: ReadonlySet<number> } {
  const pendingBookings = new Set<number>();
  if (pending.length === 0) return { answer, pendingBookings };
  const byKey = new Map(pending.map((p) => [bookingKey(p), p]));
  const children = answer.children.map((child) => {
    let changed = false;
    const sessions = child.sessions.map((s) => {
      const p = byKey.get(bookingKey({ childID: child.id, comboID: s.comboID, date: s.date }));
      if (!p) return s;
      changed = true;
      pendingBookings.add(s.bookingID);
      return { ...s, actualStart: p.actualStart, actualEnd: p.actualEnd };
    });
    return changed ? { ...child, sessions } : child;
  });
  return { answer: { ...answer, children }, pendingBookings };
}

/**
 * The offline changes of an action, as the device keeps them: each update with the server's times of
 * its booking (from the register as the server sent it) and the names the conflict screen shows.
 */
export function offlineChanges(
  serverAnswer: RegisterAnswer,
  updates: readonly RegisterUpdate[],
): Array<
  RegisterUpdate & {
    siteID: number;
    serverStart: string | null;
    serverEnd: string | null;
    childName: string;
    comboName: string;
  }
> {
  const out = [];
  for (const u of updates) {
    const child = serverAnswer.children.find((c) => c.id === u.childID);
    const session = child?.sessions.find((s) => s.comboID === u.comboID && s.date === u.date);
    if (!child || !session) continue;
    out.push({
      ...u,
      siteID: serverAnswer.siteID,
      serverStart: session.actualStart,
      serverEnd: session.actualEnd,
      childName: fullName(child),
      comboName: session.comboName,
    });
  }
  return out;
}

/** The register with a new signature on the child's sessions it names (the 'signed' row style). */
export function withSignature(
  answer: RegisterAnswer,
  signature: { id: number; key: string; typeID: number; childID: number; date: string; comboIDs: number[] },
): RegisterAnswer {
  return {
    ...answer,
    children: answer.children.map((child) =>
      child.id !== signature.childID
        ? child
        : {
            ...child,
            sessions: child.sessions.map((s) =>
              s.date === signature.date && signature.comboIDs.includes(s.comboID)
                ? {
                    ...s,
                    signatures: [
                      ...(s.signatures ?? []).filter((g) => g.id !== signature.id),
                      { id: signature.id, typeID: signature.typeID, key: signature.key },
                    ],
                  }
                : s,
            ),
          },
    ),
  };
}
