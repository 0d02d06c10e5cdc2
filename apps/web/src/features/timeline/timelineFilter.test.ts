import { describe, expect, it } from 'vitest';
import {
  defaultTimelineFilter,
  EVERY_STATUS,
  parseTimelineFilter,
  timelineSearchParams,
  toTimelineQuery,
  withFilterChange,
} from './timelineFilter';

const session = {
  site: { id: 1 },
  sites: [
    { id: 1, rooms: [{ id: 10 }, { id: 11 }] },
    { id: 2, rooms: [{ id: 20 }] },
  ],
  config: { eventStatuses: [{ id: 1 }, { id: 3 }], eventTypes: [{ id: 5 }, { id: 6 }] },
};
const defaults = defaultTimelineFilter(session);

describe('the timeline filter in the URL', () => {
  it('opens on the current site, every status, nothing else set', () => {
    expect(parseTimelineFilter(new URLSearchParams(''), session)).toEqual(defaults);
    expect(defaults.statusID).toBe(EVERY_STATUS);
    expect(timelineSearchParams(defaults, defaults).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const f = {
      ...defaults,
      childIDs: [4, 7],
      roomID: 11,
      typeID: 6,
      statusID: 3,
      authorID: 9,
      from: '2026-11-01',
      to: '2026-11-30',
    };
    const params = timelineSearchParams(f, defaults);
    expect(params.toString()).toBe(
      'child=4%2C7&room=11&type=6&status=3&author=9&from=2026-11-01&to=2026-11-30',
    );
    expect(parseTimelineFilter(params, session)).toEqual(f);
  });

  it('leaves out what the user does not have or what is malformed', () => {
    const f = parseTimelineFilter(
      new URLSearchParams('site=9&room=20&type=99&status=2&child=1,x&author=-1&from=2026-13-01&area=bad'),
      session,
    );
    expect(f).toEqual(defaults);
  });

  it('takes a room of the chosen site, and drops the room when the site changes', () => {
    const f = parseTimelineFilter(new URLSearchParams('site=2&room=20'), session);
    expect([f.siteID, f.roomID]).toEqual([2, 20]);
    expect(withFilterChange(f, { ...f, siteID: 1 }).roomID).toBeNull();
    expect(withFilterChange(f, { ...f, typeID: 5 }).roomID).toBe(20);
  });

  it('reads a date range given the wrong way round the right way round', () => {
    const f = parseTimelineFilter(new URLSearchParams('from=2026-12-01&to=2026-11-01'), session);
    expect([f.from, f.to]).toEqual(['2026-11-01', '2026-12-01']);
  });
});

describe('toTimelineQuery', () => {
  it('sends only the filters that are set, with no status for every status', () => {
    expect(toTimelineQuery(defaults)).toEqual({ siteID: '1' });
    expect(toTimelineQuery({ ...defaults, statusID: 3, roomID: 10, childIDs: [2, 3] })).toEqual({
      siteID: '1',
      statusID: '3',
      roomID: '10',
      childIDs: '2,3',
    });
  });
});

describe('the Events nav entry', () => {
  it('shows for users who may view an enabled event type, and only for them', async () => {
    const { maySeeTimeline } = await import('./index');
    expect(maySeeTimeline({ eventTypes: [{ enabled: true, canView: true }] } as never)).toBe(true);
    expect(
      maySeeTimeline({
        eventTypes: [
          { enabled: false, canView: true },
          { enabled: true, canView: false },
        ],
      } as never),
    ).toBe(false);
  });
});
