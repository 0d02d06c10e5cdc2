// The sync screen's lines for the other kinds of the device's queue: each kind described by its own
// data (the staff member's name from the register on the device), where its conflict is settled, and
// whether an error may go again; a kind or shape this build does not know is not listed.
import { describe, expect, it } from 'vitest';
import type { OperationRow } from '../../lib/offline/operations';
import { describeOperation } from './queueItems';

const t = (key: string, params: Record<string, string> = {}) =>
  `${key}(${Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')})`;
const staffName = (_site: number, _date: string, shiftID: number) => (shiftID === 10 ? 'Emma Ali' : null);

const op = (over: Partial<OperationRow>): OperationRow => ({
  uuid: 'u1',
  kind: 'event',
  userID: 7,
  siteID: 3,
  resource: 'r',
  status: 'pending',
  data: null,
  theirs: null,
  error: null,
  attempts: 0,
  createdAt: 1000,
  updatedAt: 1000,
  ...over,
});

describe('describeOperation', () => {
  it('names a staff register change by its action and the member, resolved on the register of its day', () => {
    const change = {
      siteID: 3,
      date: '2026-12-05',
      shiftID: 10,
      action: { action: 'checkIn', time: '08:00' },
    };
    const view = describeOperation(op({ kind: 'staff-shift', data: { change } }), { t, staffName });
    expect(view).toMatchObject({
      group: 'staff-register',
      title: 'sync-staff-checkIn(name=Emma Ali)',
      at: 1000,
      resolveAt: '/staff-register/3/times/2026-12-05',
      retryable: false,
    });
    const undo = { ...change, shiftID: 11, action: { action: 'undo', undo: 'markOff' } };
    expect(
      describeOperation(op({ kind: 'staff-shift', data: { change: undo } }), { t, staffName })?.title,
    ).toBe('sync-staff-undo-markOff(name=sync-staff-someone())');
  });

  it('names a register change as a check-in, a check-out or an undo of its child; its error may go again', () => {
    const data = { childName: 'Amy Pond', actualStart: '08:10', actualEnd: null, serverEnd: null };
    const inView = describeOperation(op({ kind: 'register-booking', status: 'error', data }), {
      t,
      staffName,
    });
    expect(inView).toMatchObject({
      title: 'sync-register-check-in(child=Amy Pond)',
      resolveAt: '/conflict',
      retryable: true,
    });
    const out = { ...data, actualEnd: '12:00' };
    expect(describeOperation(op({ kind: 'register-booking', data: out }), { t, staffName })?.title).toBe(
      'sync-register-check-out(child=Amy Pond)',
    );
    const undo = { ...data, actualStart: null };
    expect(describeOperation(op({ kind: 'register-booking', data: undo }), { t, staffName })?.title).toBe(
      'sync-register-undo(child=Amy Pond)',
    );
  });

  it('shows a Spotlight save by its title; an unknown kind or shape is not listed', () => {
    const data = { eventID: null, input: { uuid: 'x' }, title: 'Snapshot for Amy Pond' };
    expect(describeOperation(op({ kind: 'spotlight-save', data }), { t, staffName })).toMatchObject({
      group: 'spotlight',
      title: 'Snapshot for Amy Pond',
    });
    expect(describeOperation(op({ kind: 'later-kind', data }), { t, staffName })).toBeNull();
    expect(describeOperation(op({ kind: 'staff-shift', data: {} }), { t, staffName })).toBeNull();
  });

  it('shows a medication save by its title, settled on its record', () => {
    const data = { eventID: null, input: { uuid: 'x' }, title: 'Calpol for Amy Pond' };
    expect(describeOperation(op({ kind: 'medication-save', data }), { t, staffName })).toMatchObject({
      group: 'medication',
      title: 'Calpol for Amy Pond',
      resolveAt: '/events/new/medication',
      retryable: false,
    });
    const edit = { ...data, eventID: 42 };
    expect(describeOperation(op({ kind: 'medication-save', data: edit }), { t, staffName })?.resolveAt).toBe(
      '/events/42',
    );
    expect(
      describeOperation(op({ kind: 'medication-save', data: { title: 3 } }), { t, staffName }),
    ).toBeNull();
  });
});
