import { describe, expect, it } from 'vitest';
import { refreshesAfterSync } from './afterSync';
import {
  childPhotoPath,
  eventsToPrepare,
  isSkippedStatus,
  medicationChildrenToPrepare,
  medicationPrepared,
  nextReadiness,
  PREPARED_EVENTS_MAX,
  photosToPrepare,
  REFERENCE_STEPS,
  staffRegisterPrepared,
} from './preparePlan';

const tags: Record<number, string> = { 1: 'observation', 2: 'snapshot', 3: 'learningStory', 4: 'sleep' };
const tagOf = (typeID: number) => tags[typeID];

describe('what the offline preparation fetches per site', () => {
  it('fetches the reference data capture needs, each once', () => {
    expect([...REFERENCE_STEPS].sort()).toEqual([
      'children',
      'drafts',
      'frameworks',
      'home',
      'meals',
      'staff',
    ]);
  });

  it('prepares the editable events of the first drafts page for Edit, in list order', () => {
    const events = [
      { id: 10, typeID: 1, editable: true },
      { id: 11, typeID: 2, editable: true }, // snapshot: opens in Spotlight
      { id: 12, typeID: 4 }, // editable unknown (no fields=cards): prepared
      { id: 13, typeID: 1, editable: false }, // the user may not edit it
      { id: 14, typeID: 3, editable: true }, // learning story: Spotlight
      { id: 15, typeID: 99, editable: true }, // a type this config does not know
      { id: 10, typeID: 1, editable: true }, // a repeat (page boundary)
    ];
    expect(eventsToPrepare(events, tagOf)).toEqual([10, 12]);
  });

  it('prepares at most one page of events', () => {
    const events = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, typeID: 1, editable: true }));
    expect(eventsToPrepare(events, tagOf)).toHaveLength(PREPARED_EVENTS_MAX);
    expect(eventsToPrepare(events, tagOf, 3)).toEqual([1, 2, 3]);
  });

  it('caches the photos of the children who have one, key children first', () => {
    const children = [
      { id: 1, hasImage: true },
      { id: 2, hasImage: false },
      { id: 3, hasImage: true },
      { id: 4, hasImage: true },
      { id: 5, hasImage: false },
    ];
    expect(photosToPrepare(children, [4, 5])).toEqual([4, 1, 3]);
    expect(photosToPrepare(children, [])).toEqual([1, 3, 4]);
    expect(photosToPrepare([], [1])).toEqual([]);
  });

  it('builds the photo path the service worker route caches, the same string the screens show', () => {
    expect(childPhotoPath(42)).toBe('/api/v1/children/42/photo');
    expect(childPhotoPath(42)).toMatch(/^\/api\/v1\/children\/\d+\/photo$/);
  });

  it('leaves out a read the user may not make instead of counting it as a failure', () => {
    expect(isSkippedStatus(403)).toBe(true);
    expect(isSkippedStatus(404)).toBe(true);
    expect(isSkippedStatus(500)).toBe(false);
    expect(isSkippedStatus(undefined)).toBe(false);
  });
});

describe('what refreshes at once after a sync that sent something', () => {
  it('refreshes the drafts list, Home, event details and the other devices count', () => {
    expect(refreshesAfterSync(['drafts', 'list', { statusID: '1' }])).toBe(true);
    expect(refreshesAfterSync(['home', 'overview', 1])).toBe(true);
    expect(refreshesAfterSync(['event', 12])).toBe(true);
    expect(refreshesAfterSync(['sync', 'others', 1])).toBe(true);
  });

  it('leaves reference data and the config alone', () => {
    expect(refreshesAfterSync(['config'])).toBe(false);
    expect(refreshesAfterSync(['site-children', 1])).toBe(false);
    expect(refreshesAfterSync(['frameworks', 1])).toBe(false);
    expect(refreshesAfterSync(['sync', 'devices', 1])).toBe(false);
    expect(refreshesAfterSync([])).toBe(false);
  });
});

describe("today's staff register at login (issue 18)", () => {
  const session = (granted: string[], staffRegistersEnabled = true) => ({
    can: (p: string) => granted.includes(p),
    site: { staffRegistersEnabled },
  });
  it('is prepared for each staff register permission at a site keeping staff registers', () => {
    for (const p of ['checkInSelf', 'checkInOtherStaff', 'markOffStaff'])
      expect(staffRegisterPrepared(session([p])), p).toBe(true);
  });
  it('is not prepared without one, or where the feature is off', () => {
    expect(staffRegisterPrepared(session(['viewRegister', 'checkIn']))).toBe(false);
    expect(staffRegisterPrepared(session(['checkInOtherStaff'], false))).toBe(false);
  });
});

describe('the medication form at login (issue 31)', () => {
  const session = (granted: string[], enabled = true, tag = 'medication') => ({
    can: (p: string) => granted.includes(p),
    config: {
      eventTypes: [
        { tag: 'observation', enabled: true },
        { tag, enabled },
      ],
    },
  });
  it('is prepared for whoever may record events where the medication type is enabled', () => {
    expect(medicationPrepared(session(['enableEvents']))).toBe(true);
  });
  it('is not prepared without the permission or the type', () => {
    expect(medicationPrepared(session([]))).toBe(false);
    expect(medicationPrepared(session(['enableEvents'], false))).toBe(false);
    expect(medicationPrepared(session(['enableEvents'], true, 'sleep'))).toBe(false);
  });
  it("prepares every child's setup at the site, key children first, in calls of a bounded size", () => {
    const children = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }];
    expect(medicationChildrenToPrepare(children, [4, 2, 99], 200)).toEqual([[2, 4, 1, 3, 5]]);
    expect(medicationChildrenToPrepare(children, [5], 2)).toEqual([[5, 1], [2, 3], [4]]);
    expect(medicationChildrenToPrepare(children, [], 3)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(medicationChildrenToPrepare([], [1], 3)).toEqual([]);
  });
});

describe('the record of the last preparation', () => {
  const run = (at: number, failed: number) => ({ at, children: 10, photos: 8, events: 3, failed });

  it('a complete run is complete as of its own time', () => {
    expect(nextReadiness(undefined, run(100, 0))).toEqual({ ...run(100, 0), completeAt: 100 });
  });

  it('a run that lost the network keeps when everything was last fetched', () => {
    const full = nextReadiness(undefined, run(100, 0));
    const partial = nextReadiness(full, run(200, 4));
    expect(partial).toEqual({ ...run(200, 4), completeAt: 100 });
    // Another partial run still points at the last complete one.
    expect(nextReadiness(partial, run(300, 1)).completeAt).toBe(100);
    // A record written before completeAt existed counts when it had no failure.
    expect(nextReadiness(run(50, 0), run(60, 2)).completeAt).toBe(50);
  });

  it('with no complete run ever there is no such time', () => {
    expect(nextReadiness(undefined, run(100, 2))).not.toHaveProperty('completeAt');
    expect(nextReadiness(run(90, 1), run(100, 2))).not.toHaveProperty('completeAt');
  });

  it('a complete run after partial ones moves the time on', () => {
    const partial = nextReadiness(nextReadiness(undefined, run(100, 0)), run(200, 3));
    expect(nextReadiness(partial, run(300, 0)).completeAt).toBe(300);
  });
});
