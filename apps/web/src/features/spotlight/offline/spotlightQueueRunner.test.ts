// The Spotlight kind's sender in the one loop's replay (fake-indexeddb): a registered sender sends the
// user's waiting save through the editor's save and it leaves the device; a refusal stays with its
// message; the shell's reads refresh after a send.
import 'fake-indexeddb/auto';
import type { UpdateEventInput } from '@nursery/domain/spotlight';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { offlineDB } from '../../../lib/offline/db';
import { replayQueueKinds } from '../../../lib/offline/replayKinds';
import { queueSpotlightSave, readSpotlightQueue } from './pendingSpotlightStore';

const save = vi.fn();
vi.mock('../api', () => ({ spotlightApi: { save: (i: UpdateEventInput) => save(i) } }));

const { spotlightQueueRunner } = await import('./spotlightQueueRunner');
const registerSpotlightSender = spotlightQueueRunner.register;

const USER = 7;
const input = { id: null, version: null, uuid: '00000000-0000-4000-8000-000000000001' } as UpdateEventInput;

beforeEach(async () => {
  await offlineDB().operations.clear();
  save.mockReset();
  await queueSpotlightSave({
    userID: USER,
    siteID: 3,
    input,
    title: 'Snapshot – Amy Pond',
    at: 1000,
    newUuid: () => crypto.randomUUID(),
  });
});

describe('the Spotlight sender in the one replay', () => {
  it('sends the waiting save, which leaves the device, and refreshes the Spotlight reads', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    registerSpotlightSender(queryClient);
    save.mockResolvedValue({ savedEvents: [] });
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 1, failed: 0 });
    expect(save).toHaveBeenCalledWith(input);
    expect(await readSpotlightQueue(USER)).toEqual([]);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('keeps a refused save with the server’s message, and another user’s save is not sent', async () => {
    registerSpotlightSender(new QueryClient());
    save.mockRejectedValue(new ApiError(400, 'err-invalid-request', 'The child is not at this site.'));
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 0, failed: 1 });
    const [row] = await readSpotlightQueue(USER);
    expect(row?.status).toBe('error');
    expect(row?.error?.message).toBe('The child is not at this site.');
    save.mockClear();
    await replayQueueKinds(8);
    expect(save).not.toHaveBeenCalled();
  });
});
