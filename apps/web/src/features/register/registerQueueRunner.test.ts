// The register's kind on the one loop's replay (fake-indexeddb): its batch sender sends a site's
// waiting changes in one call and reports the sessions and conflicts; a refusal keeps the changes on
// their rows as errors, which the next pass does not send again until the user retries.
import 'fake-indexeddb/auto';
import type { RegisterUpdatesAnswer } from '@nursery/domain/registers';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { offlineDB } from '../../lib/offline/db';
import { replayQueueKinds } from '../../lib/offline/replayKinds';
import { registerApi } from './api';
import { type RegisterPendingEntry, readSiteQueue, recordPending, retryRefused } from './pendingStore';
import { registerBookingSender, registerSendReport } from './registerQueueRunner';

const USER = 7;
const SITE = 1;

const entry = (over: Partial<RegisterPendingEntry> = {}): RegisterPendingEntry => ({
  siteID: SITE,
  childID: 1,
  comboID: 10,
  date: '2026-11-24',
  typeID: null,
  actualStart: '08:10',
  actualEnd: null,
  version: 2,
  serverStart: null,
  serverEnd: null,
  childName: 'Amy Smith',
  comboName: 'Morning',
  conflict: null,
  ...over,
});

beforeEach(async () => {
  vi.restoreAllMocks();
  await offlineDB().operations.clear();
  registerBookingSender(new QueryClient());
});

describe('the register sender in the one replay', () => {
  it('sends a site’s waiting changes in one call; they leave the device and the report has them', async () => {
    await recordPending(USER, SITE, [entry(), entry({ childID: 2 })]);
    await recordPending(USER, 2, [entry({ siteID: 2 })]);
    const put = vi
      .spyOn(registerApi, 'putBookings')
      .mockResolvedValue({ sessions: [], conflicts: [] } satisfies RegisterUpdatesAnswer);
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 3, failed: 0 });
    expect(put.mock.calls.map(([site, updates]) => [site, updates.length])).toEqual([
      [SITE, 2],
      [2, 1],
    ]);
    expect((await readSiteQueue(USER, SITE)).entries).toEqual([]);
    expect(registerSendReport.get()).toMatchObject({ userID: USER, siteID: 2, sent: 1, failed: false });
  });

  it('a refusal keeps the changes as errors, not sent by the next pass until retried', async () => {
    await recordPending(USER, SITE, [entry()]);
    const put = vi
      .spyOn(registerApi, 'putBookings')
      .mockRejectedValue(new ApiError(400, 'err-invalid-request', 'Invalid request.'));
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 0, failed: 1 });
    expect(await readSiteQueue(USER, SITE)).toMatchObject({ sendable: [], failed: 1 });
    expect(registerSendReport.get()).toMatchObject({ siteID: SITE, failed: true });
    put.mockClear();
    await replayQueueKinds(USER);
    expect(put).not.toHaveBeenCalled();

    await retryRefused(USER, SITE);
    put.mockResolvedValue({ sessions: [], conflicts: [] });
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 1, failed: 0 });
    expect((await readSiteQueue(USER, SITE)).entries).toEqual([]);
  });
});
