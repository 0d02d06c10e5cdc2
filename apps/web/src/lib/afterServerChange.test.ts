import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterServerChange, refreshesAfterServerChange } from './afterServerChange';

describe('refreshAfterServerChange', () => {
  it('refreshes the drafts list, Home, event details and the other devices’ counts, nothing else', () => {
    expect(refreshesAfterServerChange(['drafts', 3, 'cards'])).toBe(true);
    expect(refreshesAfterServerChange(['home', 'agenda'])).toBe(true);
    expect(refreshesAfterServerChange(['event', 12])).toBe(true);
    expect(refreshesAfterServerChange(['sync', 'others', 5])).toBe(true);
    expect(refreshesAfterServerChange(['sync'])).toBe(false);
    expect(refreshesAfterServerChange(['site-children', 3])).toBe(false);
    expect(refreshesAfterServerChange(['config'])).toBe(false);
  });

  it('leaves the read the caller names (the editor’s own event) as it is', async () => {
    const client = new QueryClient();
    for (const key of [['event', 12], ['event', 13], ['drafts', 1], ['config']])
      client.setQueryData(key, { loaded: true });
    await refreshAfterServerChange(client, { except: ['event', 12] });
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['event', 12])).toBe(false);
    expect(stale(['event', 13])).toBe(true);
    expect(stale(['drafts', 1])).toBe(true);
    expect(stale(['config'])).toBe(false);
  });
});
