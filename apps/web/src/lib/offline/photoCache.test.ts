import { afterEach, describe, expect, it, vi } from 'vitest';
import { busyDelayMs, isBusyStatus } from './busyAnswer';
import { CHILD_PHOTO_CACHE, isFreshPhoto, warmPhotoCache } from './photoCache';

describe('busy answers while preparing the device', () => {
  it('counts 503 and 429 as busy, not other refusals', () => {
    expect(isBusyStatus(503)).toBe(true);
    expect(isBusyStatus(429)).toBe(true);
    expect(isBusyStatus(500)).toBe(false);
    expect(isBusyStatus(404)).toBe(false);
  });

  it("waits the server's Retry-After, kept between 1 and 5 s, else 1 s more each attempt", () => {
    expect(busyDelayMs('2', 0)).toBe(2000);
    expect(busyDelayMs('60', 0)).toBe(5000);
    expect(busyDelayMs('0', 0)).toBe(1000);
    expect(busyDelayMs(null, 0)).toBe(1000);
    expect(busyDelayMs('soon', 1)).toBe(2000);
  });
});

describe('warmPhotoCache', () => {
  const stored = new Map<string, Response>();
  const cache = {
    match: async (url: string) => stored.get(url),
    put: async (url: string, response: Response) => void stored.set(url, response),
  };

  afterEach(() => {
    stored.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function stubCaches() {
    vi.stubGlobal('caches', { open: async (name: string) => (name === CHILD_PHOTO_CACHE ? cache : null) });
  }

  it('asks a busy server again and stores the photo; a 404 is no failure; a 500 is', async () => {
    stubCaches();
    const answers: Record<string, number[]> = { '/p/1': [503, 200], '/p/2': [404], '/p/3': [500] };
    const fetchMock = vi.fn(async (url: string) => {
      const status = answers[url]?.shift() ?? 200;
      return new Response(status === 200 ? 'svg' : null, {
        status,
        headers:
          status === 503
            ? { 'retry-after': '1', date: new Date().toUTCString() }
            : { date: new Date().toUTCString() },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    const warming = warmPhotoCache(['/p/1', '/p/2', '/p/3']);
    await vi.runAllTimersAsync();
    const result = await warming;
    expect(result).toEqual({ stored: 1, failed: 1 });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/p/1')).toHaveLength(2);
    expect(stored.has('/p/1')).toBe(true);
  });

  it('does not fetch a photo cached less than a day ago', async () => {
    stubCaches();
    stored.set('/p/1', new Response('svg', { headers: { date: new Date().toUTCString() } }));
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await warmPhotoCache(['/p/1'])).toEqual({ stored: 1, failed: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isFreshPhoto(null, Date.now())).toBe(false);
  });
});
