// A child's change on the settings pages makes the floor's child lists read again (issue 29: a child
// just added could not be chosen on the Add screen for the 5 minutes its picker keeps the list).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { eventKeys } from '../events';
import { refreshAfterChildChange } from './childrenApi';

describe('refreshAfterChildChange', () => {
  it("marks every site's list of children and the settings' child lists stale, and nothing else", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000 } } });
    const keys = {
      oak: eventKeys.children(1),
      willow: eventKeys.children(2),
      settings: ['settings-children', 'list', { siteID: 1 }],
      frameworks: eventKeys.frameworks(1),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
    await refreshAfterChildChange(queryClient);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(keys.oak)).toBe(true);
    expect(stale(keys.willow)).toBe(true);
    expect(stale(keys.settings)).toBe(true);
    expect(stale(keys.frameworks)).toBe(false);
  });
});
