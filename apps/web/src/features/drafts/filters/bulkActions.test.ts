import { EVENT_STATUSES } from '@nursery/domain/common';
import type { EventSummary } from '@nursery/domain/events';
import { describe, expect, it } from 'vitest';
import {
  allowedStatusActions,
  bulkEditHref,
  chunkIDs,
  publishAction,
  splitBulkCalls,
  summariseBulkResults,
  transitionBody,
} from './bulkActions';

const tags: Record<number, string> = { 1: 'observation', 2: 'sleep', 3: 'snapshot', 4: 'learningStory' };
const tagOf = (typeID: number) => tags[typeID] ?? null;
const order = EVENT_STATUSES.map((s) => s.id);
const status = (id: number) => EVENT_STATUSES.find((s) => s.id === id)!;

type Ev = Pick<EventSummary, 'id' | 'typeID' | 'date2' | 'editable' | 'permittedActions'>;
const ev = (id: number, over: Partial<Ev> = {}): Ev => ({
  id,
  typeID: 1,
  date2: null,
  editable: true,
  permittedActions: [3, 4, 5, 6],
  ...over,
});

describe('the direct Publish action', () => {
  const statuses = (ids: number[]) => ids.map(status);

  it('is the published status when every selected event may be published', () => {
    const allowed = allowedStatusActions([ev(1), ev(2, { permittedActions: [5, 6] })], order);
    expect(publishAction(statuses(allowed))?.id).toBe(5);
  });

  it('is absent when one selected event may not be published (a practitioner, or a mixed selection)', () => {
    expect(publishAction(statuses(allowedStatusActions([ev(1, { permittedActions: [3, 6] })], order)))).toBe(
      null,
    );
    expect(
      publishAction(statuses(allowedStatusActions([ev(1), ev(2, { permittedActions: [3, 4, 6] })], order))),
    ).toBe(null);
    expect(publishAction([])).toBe(null);
  });
});

describe('allowed status actions', () => {
  it('are the statuses every selected event may move to, in status order', () => {
    expect(allowedStatusActions([ev(1, { permittedActions: [6, 5, 3] })], order)).toEqual([3, 5, 6]);
    expect(allowedStatusActions([ev(1), ev(2, { permittedActions: [3, 6] })], order)).toEqual([3, 6]);
  });

  it('are none for an empty selection, or when one event has no rights listed', () => {
    expect(allowedStatusActions([], order)).toEqual([]);
    expect(allowedStatusActions([ev(1), ev(2, { permittedActions: undefined })], order)).toEqual([]);
    expect(allowedStatusActions([ev(1), ev(2, { permittedActions: [] })], order)).toEqual([]);
  });

  it("are the server's data: a practitioner's drafts offer no Published", () => {
    const own = ev(1, { permittedActions: [3, 6] });
    expect(allowedStatusActions([own, ev(2, { permittedActions: [3, 6] })], order)).not.toContain(5);
  });
});

describe('bulk edit', () => {
  it('opens the multi editor for ordinary types, returning to the drafts list', () => {
    expect(bulkEditHref([ev(4), ev(9, { typeID: 2 })], tagOf)).toBe('#/edit/multi?multi=4,9&return=/draft');
  });

  it('opens #/events/{ids} for snapshots and learning stories', () => {
    expect(bulkEditHref([ev(4, { typeID: 3 }), ev(9, { typeID: 4 })], tagOf)).toBe('#/events/4,9');
  });

  it('is refused when one event is not editable, for a mix of spotlight and other types, or nothing', () => {
    expect(bulkEditHref([ev(4), ev(9, { editable: false })], tagOf)).toBeNull();
    expect(bulkEditHref([ev(4), ev(9, { editable: undefined })], tagOf)).toBeNull();
    expect(bulkEditHref([ev(4), ev(9, { typeID: 3 })], tagOf)).toBeNull();
    expect(bulkEditHref([], tagOf)).toBeNull();
  });
});

describe('which call', () => {
  it('sends open sleeps to the bulk sleep close and everything else to the transition call', () => {
    const calls = splitBulkCalls(
      [
        ev(1),
        ev(2, { typeID: 2 }),
        ev(3, { typeID: 2, date2: '2026-01-01T10:00:00Z' }),
        ev(4, { typeID: 3 }),
      ],
      tagOf,
    );
    expect(calls).toEqual({ sleepCloseIDs: [2], transitionIDs: [1, 3, 4] });
  });
});

describe('result summary', () => {
  it('counts the moved events in the domain wording', () => {
    const ok = (id: number) => ({ id, ok: true, statusID: 5, version: 2 });
    expect(summariseBulkResults([1, 2, 3], [ok(1), ok(2), ok(3)], status(5), 'x')).toEqual({
      okCount: 3,
      success: '3 event(s) published',
      refused: [],
    });
    expect(summariseBulkResults([1], [ok(1)], status(6), 'x').success).toBe('1 event(s) deleted');
    expect(summariseBulkResults([1, 2], [ok(2), ok(1)], status(3), 'x').success).toBe(
      '2 event(s) moved to Pending',
    );
  });

  it('lists the refused events with their reasons, and the ones no answer mentions', () => {
    const summary = summariseBulkResults(
      [1, 2, 3, 4],
      [
        { id: 1, ok: true },
        { id: 2, ok: false, code: 'err-status-not-allowed', message: 'Not allowed.' },
        { id: 3, ok: false, code: 'err-not-found' },
      ],
      status(5),
      'No answer.',
    );
    expect(summary.okCount).toBe(1);
    expect(summary.success).toBe('1 event(s) published');
    expect(summary.refused).toEqual([
      { id: 2, message: 'Not allowed.' },
      { id: 3, message: 'err-not-found' },
      { id: 4, message: 'No answer.' },
    ]);
  });

  it('has no success text when nothing moved', () => {
    expect(
      summariseBulkResults([1], [{ id: 1, ok: false, message: 'No.' }], status(5), 'x').success,
    ).toBeNull();
  });
});

describe('call size', () => {
  it('sends at most 100 ids per call', () => {
    const ids = Array.from({ length: 205 }, (_, i) => i + 1);
    expect(chunkIDs(ids).map((c) => c.length)).toEqual([100, 100, 5]);
    expect(chunkIDs([])).toEqual([]);
    expect(chunkIDs([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});

describe('transitionBody (issue 26)', () => {
  it('sends the version of each event as the list showed it, paired with its id', () => {
    const shown = [
      { id: 7, version: 3 },
      { id: 9, version: 1 },
    ];
    expect(transitionBody([9, 7], 6, shown)).toEqual({ ids: [9, 7], statusID: 6, versions: [1, 3] });
  });

  it('sends no versions when one is unknown (the server then checks the status only)', () => {
    expect(transitionBody([7, 8], 6, [{ id: 7, version: 3 }])).toEqual({ ids: [7, 8], statusID: 6 });
  });
});
