import { describe, expect, it } from 'vitest';
import { groupByDay, notesExcerpt } from './timeline';

const ev = (id: number, raised: string) => ({ id, raised });

describe('groupByDay', () => {
  it('groups consecutive events by their day in Europe/London, with the weekday and DD/MM/YYYY', () => {
    const days = groupByDay(
      [ev(1, '2026-12-04T15:00:00Z'), ev(2, '2026-12-04T08:00:00Z'), ev(3, '2026-12-03T23:30:00Z')],
      'Europe/London',
    );
    expect(days.map((d) => [d.day, d.heading, d.events.map((e) => e.id)])).toEqual([
      ['2026-12-04', 'Friday 04/12/2026', [1, 2]],
      ['2026-12-03', 'Thursday 03/12/2026', [3]],
    ]);
  });

  it('takes summer time into account: 23:30 UTC in June is the next day in London', () => {
    const days = groupByDay([ev(1, '2026-06-10T23:30:00Z'), ev(2, '2026-06-10T22:30:00Z')], 'Europe/London');
    expect(days.map((d) => d.day)).toEqual(['2026-06-11', '2026-06-10']);
    expect(days[0]?.heading).toBe('Thursday 11/06/2026');
  });

  it('never reorders what it is given: a day seen again later is a new group', () => {
    const days = groupByDay(
      [ev(1, '2026-12-04T10:00:00Z'), ev(2, '2026-12-03T10:00:00Z'), ev(3, '2026-12-04T09:00:00Z')],
      'Europe/London',
    );
    expect(days.map((d) => d.events.map((e) => e.id))).toEqual([[1], [2], [3]]);
  });

  it('gives no group for no events', () => {
    expect(groupByDay([], 'Europe/London')).toEqual([]);
  });
});

describe('notesExcerpt', () => {
  it('folds whitespace and keeps short notes whole', () => {
    expect(notesExcerpt('  Played\n\nin the  sand ')).toBe('Played in the sand');
    expect(notesExcerpt(null)).toBe('');
  });

  it('cuts long notes at a word with an ellipsis', () => {
    const text = `${'word '.repeat(50)}end`;
    const out = notesExcerpt(text, 30);
    expect(out.endsWith('word…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(31);
  });
});
