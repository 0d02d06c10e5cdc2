import type { RegisterAnswer, RegisterChild, RegisterSession } from '@nursery/domain/registers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  groupRows,
  keepSelectable,
  markOffConflictSessions,
  markOffSteps,
  offlineChanges,
  parseTab,
  planCheck,
  planUndo,
  registerChange,
  SLOT,
  selectedSessions,
  template,
  undoCheckOutAsks,
  undoMarkOffCalls,
  withPending,
  withSessions,
} from './registerView';

let nextBooking = 1;
function session(over: Partial<RegisterSession> = {}): RegisterSession {
  const id = nextBooking++;
  return {
    bookingID: id,
    comboID: 10 + id,
    comboName: 'Morning',
    date: '2026-11-24',
    typeID: null,
    start: '08:00',
    end: '13:00',
    actualStart: null,
    actualEnd: null,
    roomID: 1,
    sessionGroupID: null,
    markedOffCategoryID: null,
    markOffNotes: null,
    isOff: false,
    markOffRequested: false,
    version: 1,
    ...over,
  };
}
function child(id: number, forename: string, sessions: RegisterSession[]): RegisterChild {
  return {
    id,
    forename,
    surname: 'Smith',
    hasImage: false,
    dob: '2024-01-01',
    roomID: 1,
    hasContacts: true,
    sessions,
  };
}
function answer(children: RegisterChild[]): RegisterAnswer {
  return {
    siteID: 1,
    date: '2026-11-24',
    today: '2026-11-24',
    fetchedAt: '2026-11-24T10:00:00.000Z',
    children,
    markOffCategories: [],
    markOffNotesRequired: true,
    permittedActions: { checkIn: true, checkOut: true, markOff: true },
  };
}

describe('groupRows', () => {
  const due = session();
  const inNow = session({ actualStart: '08:05' });
  const left = session({ start: '13:00', end: '18:00', actualStart: '13:00', actualEnd: '15:00' });
  const off = session({ markedOffCategoryID: 3, isOff: true });
  const kids = [child(2, 'Zoe', [due, left]), child(1, 'Amy', [inNow]), child(3, 'Bea', [off])];

  it('groups by session start, earliest first, by name within a start', () => {
    const groups = groupRows(kids, 'all');
    expect(groups.map((g) => g.start)).toEqual(['08:00', '13:00']);
    expect(groups[0]!.rows.map((r) => r.child.forename)).toEqual(['Amy', 'Bea', 'Zoe']);
    expect(groups[1]!.rows.map((r) => r.key)).toEqual([left.bookingID]);
  });

  it('lists per tab and marks what the tab lets the user select', () => {
    expect(groupRows(kids, 'due').flatMap((g) => g.rows.map((r) => r.key))).toEqual([due.bookingID]);
    const inRows = groupRows(kids, 'in').flatMap((g) => g.rows);
    expect(inRows.map((r) => [r.key, r.selectable])).toEqual([
      [inNow.bookingID, true],
      [left.bookingID, false],
    ]);
    expect(groupRows(kids, 'off').flatMap((g) => g.rows.map((r) => r.key))).toEqual([off.bookingID]);
  });

  it('keeps only selected bookings still on the tab and selectable', () => {
    const kept = keepSelectable(kids, new Set([due.bookingID, left.bookingID, inNow.bookingID, 999]), 'in');
    expect([...kept]).toEqual([inNow.bookingID]);
  });
});

describe('parseTab', () => {
  it('answers a known tab, else all', () => {
    expect(parseTab('due')).toBe('due');
    expect(parseTab('nonsense')).toBe('all');
    expect(parseTab(null)).toBe('all');
  });
});

describe('planCheck', () => {
  it('checks in per child with the domain arithmetic and the versions', () => {
    const a = session({ version: 4 });
    const b = session({ start: '13:00', end: '18:00' });
    const kids = [child(1, 'Amy', [a, b])];
    const plan = planCheck('check-in', selectedSessions(kids, new Set([a.bookingID, b.bookingID])), '08:10');
    expect(plan.refused).toEqual([]);
    expect(plan.updates).toEqual([
      {
        childID: 1,
        comboID: a.comboID,
        date: a.date,
        typeID: null,
        actualStart: '08:10',
        actualEnd: null,
        version: 4,
      },
      {
        childID: 1,
        comboID: b.comboID,
        date: b.date,
        typeID: null,
        actualStart: '13:00',
        actualEnd: null,
        version: 1,
      },
    ]);
  });

  it('lists refusals and skips children with nothing to do', () => {
    const ended = session({ end: '09:00' });
    const already = session({ actualStart: '08:00' });
    const kids = [child(1, 'Amy', [ended]), child(2, 'Bea', [already])];
    const plan = planCheck(
      'check-in',
      selectedSessions(kids, new Set([ended.bookingID, already.bookingID])),
      '10:00',
    );
    expect(plan.updates).toEqual([]);
    expect(plan.refused.map((r) => [r.child.id, r.refusal])).toEqual([[1, 'session-ended']]);
  });

  it('refuses a check-out before the check-in', () => {
    const s = session({ actualStart: '09:00' });
    const plan = planCheck(
      'check-out',
      selectedSessions([child(1, 'Amy', [s])], new Set([s.bookingID])),
      '08:30',
    );
    expect(plan.refused.map((r) => r.refusal)).toEqual(['check-out-before-check-in']);
    const ok = planCheck(
      'check-out',
      selectedSessions([child(1, 'Amy', [s])], new Set([s.bookingID])),
      '12:00',
    );
    expect(ok.updates.map((u) => [u.actualStart, u.actualEnd])).toEqual([['09:00', '12:00']]);
  });
});

describe('undo', () => {
  const inNow = session({ actualStart: '08:05' });
  const left = session({ actualStart: '08:05', actualEnd: '12:00', end: '13:00' });
  const kids = [child(1, 'Amy', [inNow]), child(2, 'Bea', [left])];
  const all = selectedSessions(kids, new Set([inNow.bookingID, left.bookingID]));

  it('undoes only what each session allows', () => {
    expect(planUndo('undo-check-in', all).map((u) => [u.childID, u.actualStart, u.actualEnd])).toEqual([
      [1, null, null],
    ]);
    expect(planUndo('undo-check-out', all).map((u) => [u.childID, u.actualStart, u.actualEnd])).toEqual([
      [2, '08:05', null],
    ]);
  });

  it('asks before re-checking in after the booked end', () => {
    expect(undoCheckOutAsks(all, '12:59')).toBe(false);
    expect(undoCheckOutAsks(all, '13:00')).toBe(true);
  });
});

describe('markOffSteps', () => {
  it('skips sessions already off or waiting for a request', () => {
    const a = session();
    const off = session({ markedOffCategoryID: 1, isOff: true });
    const requested = session({ markOffRequested: true });
    const kids = [child(1, 'Amy', [a, off, requested])];
    const steps = markOffSteps(
      selectedSessions(kids, new Set([a.bookingID, off.bookingID, requested.bookingID])),
    );
    expect(steps.map((s) => s.session.bookingID)).toEqual([a.bookingID]);
  });
});

describe('registerChange', () => {
  const s = session();
  const base = answer([child(1, 'Amy', [s])]);

  it('sees nothing in an equal answer', () => {
    expect(registerChange(base, answer([child(1, 'Amy', [{ ...s }])]))).toBe('none');
  });

  it('flags a child that appeared or vanished', () => {
    expect(registerChange(base, answer([child(1, 'Amy', [s]), child(2, 'Bea', [session()])]))).toBe(
      'children',
    );
    expect(registerChange(base, answer([child(2, 'Bea', [s])]))).toBe('children');
  });

  it('holds changed times', () => {
    expect(
      registerChange(base, answer([child(1, 'Amy', [{ ...s, actualStart: '08:00', version: 2 }])])),
    ).toBe('sessions');
  });
});

describe('withSessions', () => {
  it('puts the saved sessions in place', () => {
    const s = session();
    const before = answer([child(1, 'Amy', [s]), child(2, 'Bea', [session()])]);
    const after = withSessions(before, [{ ...s, childID: 1, actualStart: '08:00', version: 2 }]);
    expect(after.children[0]!.sessions[0]).toMatchObject({ actualStart: '08:00', version: 2 });
    expect(after.children[0]!.sessions[0]).not.toHaveProperty('childID');
    expect(after.children[1]).toBe(before.children[1]);
  });
});

describe('template', () => {
  it('fills a text translated once with the slots', () => {
    const fill = template(`Select ${SLOT.a}, ${SLOT.b}`);
    expect(fill('Amy Smith', 'Morning')).toBe('Select Amy Smith, Morning');
    expect(template(`In ${SLOT.a}`)('08:05')).toBe('In 08:05');
  });
});

describe('withPending (offline changes over the server register)', () => {
  it('shows the kept times and names the bookings waiting; other rows are the same objects', () => {
    const waiting = session({ comboID: 101, version: 3 });
    const other = child(2, 'Ben', [session({ comboID: 102 })]);
    const server = answer([child(1, 'Amy', [waiting]), other]);
    const { answer: shown, pendingBookings } = withPending(server, [
      { childID: 1, comboID: 101, date: '2026-11-24', actualStart: '08:10', actualEnd: null },
      // Another day's change is not this register's.
      { childID: 2, comboID: 102, date: '2026-11-25', actualStart: '09:00', actualEnd: null },
    ]);
    expect(shown.children[0]!.sessions[0]).toMatchObject({ actualStart: '08:10', version: 3 });
    expect(shown.children[1]).toBe(other);
    expect([...pendingBookings]).toEqual([waiting.bookingID]);
    expect(withPending(server, []).answer).toBe(server);
  });
});

describe('offlineChanges (what the device keeps of an action)', () => {
  it('keeps the server times of each booking and the names the conflict screen shows', () => {
    const s = session({ comboID: 201, comboName: 'Afternoon', actualStart: '08:00', version: 4 });
    const server = answer([child(5, 'Cara', [s])]);
    const [kept, ...rest] = offlineChanges(server, [
      {
        childID: 5,
        comboID: 201,
        date: '2026-11-24',
        typeID: null,
        actualStart: '08:00',
        actualEnd: '12:00',
        version: 4,
      },
      // A booking that is not on the register is not kept.
      {
        childID: 9,
        comboID: 1,
        date: '2026-11-24',
        typeID: null,
        actualStart: '08:00',
        actualEnd: null,
        version: 1,
      },
    ]);
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({
      siteID: 1,
      serverStart: '08:00',
      serverEnd: null,
      actualEnd: '12:00',
      childName: 'Cara Smith',
      comboName: 'Afternoon',
    });
  });
});

describe('withSignature', () => {
  it('adds the signature to the sessions it names, only for that child and date', async () => {
    const { withSignature } = await import('./registerView');
    const session = (comboID: number) => ({
      bookingID: comboID,
      comboID,
      comboName: 'S',
      date: '2026-11-20',
      typeID: null,
      start: '08:00',
      end: '13:00',
      actualStart: null,
      actualEnd: null,
      roomID: null,
      sessionGroupID: null,
      markedOffCategoryID: null,
      markOffNotes: null,
      isOff: false,
      markOffRequested: false,
      version: 1,
    });
    const child = (id: number) => ({
      id,
      forename: 'A',
      surname: 'B',
      hasImage: false,
      dob: '2023-01-01',
      roomID: null,
      hasContacts: true,
      sessions: [session(1), session(2)],
    });
    const answer = {
      siteID: 1,
      date: '2026-11-20',
      today: '2026-11-20',
      fetchedAt: '2026-11-20T08:00:00.000Z',
      children: [child(1), child(2)],
      markOffCategories: [],
      markOffNotesRequired: true,
      permittedActions: { checkIn: true, checkOut: true, markOff: true },
    };
    const next = withSignature(answer, {
      id: 9,
      key: 'ab',
      typeID: 3,
      childID: 1,
      date: '2026-11-20',
      comboIDs: [2],
    });
    expect(next.children[0]!.sessions[1]!.signatures).toEqual([{ id: 9, typeID: 3, key: 'ab' }]);
    expect(next.children[0]!.sessions[0]!.signatures).toBeUndefined();
    expect(next.children[1]).toBe(answer.children[1]);
  });
});

describe('undoMarkOffCalls (spec 002 §4 undo mark-off)', () => {
  it('one call per child and date with its marked-off sessions; requests and other states are left out', () => {
    const a = child(1, 'Amy', [
      session({ comboID: 301, isOff: true, markedOffCategoryID: 2 }),
      session({ comboID: 302, isOff: true, markedOffCategoryID: 2 }),
    ]);
    const b = child(2, 'Ben', [session({ comboID: 303, actualStart: '08:00' })]);
    const c = child(3, 'Cal', [session({ comboID: 304, markOffRequested: true })]);
    const selection = [a, b, c].flatMap((ch) => ch.sessions.map((s) => ({ child: ch, session: s })));
    expect(undoMarkOffCalls(selection).map((x) => [x.child.id, x.comboIDs])).toEqual([[1, [301, 302]]]);
  });

  it('sends the version of each session it shows, paired with its combo (issue 26)', () => {
    const a = child(1, 'Amy', [
      session({ comboID: 301, isOff: true, markedOffCategoryID: 2, version: 4 }),
      session({ comboID: 302, isOff: true, markedOffCategoryID: 2, version: 7 }),
    ]);
    const selection = a.sessions.map((s) => ({ child: a, session: s }));
    expect(undoMarkOffCalls(selection).map((x) => [x.comboIDs, x.versions])).toEqual([
      [
        [301, 302],
        [4, 7],
      ],
    ]);
  });
});

describe('markOffConflictSessions (issue 26)', () => {
  it("answers the server's current sessions of a 409 err-conflict, null for anything else", () => {
    const now = [session({ comboID: 305, isOff: true, markedOffCategoryID: 3, version: 2 })];
    const conflict = new ApiError(409, 'err-conflict', 'This session was changed by someone else.', null, {
      sessions: now,
    });
    expect(markOffConflictSessions(conflict)).toEqual(now);
    expect(markOffConflictSessions(new ApiError(400, 'err-invalid-request', 'x'))).toBeNull();
    expect(markOffConflictSessions(new Error('offline'))).toBeNull();
  });
});
