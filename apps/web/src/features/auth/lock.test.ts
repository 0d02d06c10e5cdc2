import type { getConfig } from '@nursery/domain/account';
import { routes } from '@nursery/domain/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callRoute, releaseHeldRequests } from '../../lib/api';
import { clearLock, isAppLocked, lockApp, unlockApp } from './lock';

const config = () => new Response('{"ok":1}', { headers: { 'Content-Type': 'application/json' } });

describe('the app lock (issue 30)', () => {
  afterEach(() => {
    clearLock();
    releaseHeldRequests();
    vi.unstubAllGlobals();
  });

  it('holds every request while locked and sends them after the unlock', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(config()));
    vi.stubGlobal('fetch', fetch);
    lockApp();
    expect(isAppLocked()).toBe(true);
    const poll = callRoute<typeof getConfig>(routes.getConfig);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetch).not.toHaveBeenCalled();
    unlockApp();
    expect(isAppLocked()).toBe(false);
    expect(await poll).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('the session ending clears the lock and drops what waited', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(config()));
    vi.stubGlobal('fetch', fetch);
    lockApp();
    const poll = callRoute<typeof getConfig>(routes.getConfig).catch((e: unknown) => e);
    clearLock();
    releaseHeldRequests();
    expect(isAppLocked()).toBe(false);
    expect(await poll).toMatchObject({ name: 'AbortError' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
