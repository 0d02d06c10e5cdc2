import type { getConfig, logOut } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callRoute,
  holdRequests,
  onUnauthorized,
  releaseHeldRequests,
  resumeHeldRequests,
  whenRequestsSettled,
} from './api';

const empty = () => new Response(null, { status: 204 });

/** Issue 27: from the log-out on, nothing but the log-out is sent; what waited is dropped, never sent. */
describe('requests held while a session ends', () => {
  afterEach(() => {
    releaseHeldRequests();
    vi.unstubAllGlobals();
  });

  it('sends only the log-out while held, and drops the others with an AbortError when released', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(empty()));
    vi.stubGlobal('fetch', fetch);
    holdRequests();
    const config = callRoute<typeof getConfig>(routes.getConfig).catch((e: unknown) => e);
    await callRoute<typeof logOut>(routes.logOut, { endsSession: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('api/v1/logout');
    releaseHeldRequests();
    expect(await config).toMatchObject({ name: 'AbortError' });
    expect(fetch).toHaveBeenCalledTimes(1);
    // After the hold, requests go out again.
    await callRoute<typeof getConfig>(routes.getConfig);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('waits for requests already on their way before the log-out, at most the time given', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const config = callRoute<typeof getConfig>(routes.getConfig);
    let settled = false;
    const waiting = whenRequestsSettled(10_000).then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    answer(empty());
    await config;
    await waiting;
    expect(settled).toBe(true);
    // Nothing on its way: at once.
    await whenRequestsSettled(10_000);
  });
});

/** Issue 30: a locked session holds the requests; the unlock sends them, nothing is lost. */
describe('requests held while the session is locked', () => {
  afterEach(() => {
    releaseHeldRequests();
    vi.unstubAllGlobals();
  });

  const locked = () =>
    new Response(JSON.stringify({ err: { code: 'err-session-locked', message: 'Locked' } }), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
  const config = () => new Response('{"ok":1}', { headers: { 'Content-Type': 'application/json' } });

  it('sends what waited once the unlock resumes the app', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(config()));
    vi.stubGlobal('fetch', fetch);
    holdRequests();
    const waiting = callRoute<typeof getConfig>(routes.getConfig);
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    resumeHeldRequests();
    expect(await waiting).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells the listeners of a locked answer, then sends the request again after the unlock', async () => {
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => Promise.resolve(locked()))
      .mockImplementation(() => Promise.resolve(config()));
    vi.stubGlobal('fetch', fetch);
    const told: string[] = [];
    const stop = onUnauthorized((error) => {
      told.push(error.code);
      holdRequests();
    });
    try {
      const save = callRoute<typeof getConfig>(routes.getConfig);
      await vi.waitFor(() => expect(told).toEqual(['err-session-locked']));
      expect(fetch).toHaveBeenCalledTimes(1);
      resumeHeldRequests();
      expect(await save).toEqual({ ok: 1 });
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it('throws the locked answer when nothing locked the app (a page that never had the session)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(locked())),
    );
    await expect(callRoute<typeof getConfig>(routes.getConfig)).rejects.toMatchObject({
      code: 'err-session-locked',
    });
  });
});
