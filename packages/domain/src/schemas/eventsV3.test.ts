import { describe, expect, it } from 'vitest';
import { EVENT_V3_IDS_MAX } from '../limits.ts';
import { EventsV3Params, EventsV3Query } from './eventsV3.ts';

describe('events v3 parameters', () => {
  it('reads the ids in the order given, a repeated id once, at most EVENT_V3_IDS_MAX', () => {
    expect(EventsV3Params.parse({ ids: '7,3,7,12' }).ids).toEqual([7, 3, 12]);
    const many = Array.from({ length: EVENT_V3_IDS_MAX + 1 }, (_, i) => i + 1).join(',');
    expect(EventsV3Params.safeParse({ ids: many }).success).toBe(false);
    for (const bad of ['', '1,,2', 'a', '0', '1;2', '-1']) {
      expect(EventsV3Params.safeParse({ ids: bad }).success, bad).toBe(false);
    }
  });

  it('reads include as a set of the three names and refuses anything else', () => {
    expect(EventsV3Query.parse({ include: 'signatures,media,signatures' }).include).toEqual([
      'signatures',
      'media',
    ]);
    expect(EventsV3Query.parse({ include: '' }).include).toEqual([]);
    expect(EventsV3Query.parse({}).include).toBeUndefined();
    for (const bad of ['photos', 'media,', ',media', 'media comments', 'MEDIA']) {
      expect(EventsV3Query.safeParse({ include: bad }).success, bad).toBe(false);
    }
  });
});
