// The device page's "clear" against the real persister on an in-memory IndexedDB: the copy stays
// empty after the clear (the clear's own removals and a write queued before it are not saved back),
// and the next real change is saved again.
import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheInfo, clearDeviceCache, startPersisting } from './persist';

const CONFIG_KEY = ['config'] as const;
/** More than the persister's one-second throttle: a queued write has landed by then. */
const afterThrottle = () => new Promise((resolve) => setTimeout(resolve, 1_300));

const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
afterAll(() => client.clear());

describe('the device cache clear', () => {
  it('leaves no copy until something changes after it, and keeps what is on screen', async () => {
    await startPersisting(client, { isActive: () => true, configKey: CONFIG_KEY });
    client.setQueryData(CONFIG_KEY, { me: { userID: 7 } });
    // The shell shows the config, and a screen the site's children: queries with observers stay.
    const shell = new QueryObserver(client, { queryKey: CONFIG_KEY, queryFn: () => ({ me: { userID: 7 } }) });
    const unsubscribeShell = shell.subscribe(() => undefined);
    const shown = new QueryObserver(client, {
      queryKey: ['site-children', 1],
      queryFn: () => Promise.resolve([{ id: 1 }]),
    });
    const unsubscribe = shown.subscribe(() => undefined);
    client.setQueryData(['meals', 1], [{ id: 2 }]);
    await afterThrottle();
    expect((await cacheInfo()).updatedAt).not.toBeNull();

    // A change just before the clear queues a throttled write holding the data being cleared.
    client.setQueryData(['frameworks', 1], [{ id: 3 }]);
    await clearDeviceCache(client);
    await afterThrottle();
    expect(await cacheInfo()).toEqual({ updatedAt: null, size: 0 });
    expect(client.getQueryData(['meals', 1])).toBeUndefined();
    expect(client.getQueryData(['site-children', 1])).toEqual([{ id: 1 }]);

    client.setQueryData(['meals', 1], [{ id: 4 }]);
    await afterThrottle();
    const saved = await cacheInfo();
    expect(saved.updatedAt).not.toBeNull();
    expect(saved.size).toBeGreaterThan(0);
    unsubscribe();
    unsubscribeShell();
  });
});
