// Opening the register asks the server even when the device holds a copy fetched moments ago (the
// login's preparation): a child added since is on the register at once (issue 29, the empty-install
// walk found it empty for up to 30 s). The copy is a background read, never logged as a view.
import type { RegisterAnswer } from '@nursery/domain/registers';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerApi } from './api';
import { registerDayQuery, registerScreenQuery } from './queries';

const SITE = 1;
const DAY = '2026-12-05';

const answer = (childIDs: number[]) =>
  ({ siteID: SITE, date: DAY, children: childIDs.map((id) => ({ id })) }) as unknown as RegisterAnswer;

/** A client as the app's: reads stay fresh for 30 s. */
const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

/** Mounts the screen's read once and resolves with what it holds after its first fetch settles. */
async function openScreen(queryClient: QueryClient): Promise<RegisterAnswer | undefined> {
  const observer = new QueryObserver(queryClient, registerScreenQuery(queryClient, SITE, DAY));
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  unsubscribe();
  return observer.getCurrentResult().data;
}

afterEach(() => vi.restoreAllMocks());

describe('the register screen read', () => {
  it('fetches on opening although the prepared copy is only seconds old, as a background read', async () => {
    const queryClient = client();
    const get = vi.spyOn(registerApi, 'get').mockResolvedValueOnce(answer([]));
    // The login's preparation: the register of today, with nobody booked yet.
    await queryClient.fetchQuery(registerDayQuery(SITE, DAY));
    expect(get).toHaveBeenLastCalledWith(SITE, DAY, false, expect.anything());

    // Three children are booked on the settings pages; the register opens within the 30 s.
    get.mockResolvedValueOnce(answer([1, 2, 3]));
    const shown = await openScreen(queryClient);
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenLastCalledWith(SITE, DAY, true, expect.anything());
    expect(shown?.children.map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('the first read of the day, with no copy on the device, is logged as a view', async () => {
    const queryClient = client();
    const get = vi.spyOn(registerApi, 'get').mockResolvedValueOnce(answer([4]));
    const shown = await openScreen(queryClient);
    expect(get).toHaveBeenCalledOnce();
    expect(get).toHaveBeenLastCalledWith(SITE, DAY, false, expect.anything());
    expect(shown?.children.map((c) => c.id)).toEqual([4]);
  });
});
