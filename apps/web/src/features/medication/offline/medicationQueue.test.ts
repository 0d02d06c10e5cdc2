// The medication kind of the device's one queue (fake-indexeddb): a save kept offline is sent once by
// the one loop's replay and leaves the device; the same add queued again replaces its operation; an
// edit of a published record refused by the server stays with its message and is not sent again; no
// answer keeps it waiting; the waiting saves count as doses for the dose check.
import 'fake-indexeddb/auto';
import type { UpdateMedicationEventInput } from '@nursery/domain/events';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { offlineDB } from '../../../lib/offline/db';
import { replayQueueKinds } from '../../../lib/offline/replayKinds';
import { medicationOperations, queuedDoses, queueMedicationSave } from './medicationQueue';

const save = vi.fn();
vi.mock('../api', () => ({ medicationApi: { save: (i: UpdateMedicationEventInput) => save(i) } }));

const { medicationQueueRunner } = await import('./medicationQueueRunner');
const registerMedicationSender = medicationQueueRunner.register;

const USER = 7;
const UUID = '00000000-0000-4000-8000-000000000031';
const input = (over: Partial<UpdateMedicationEventInput> = {}): UpdateMedicationEventInput => ({
  id: null,
  version: null,
  uuid: UUID,
  raised: '2026-12-05T10:30:00.000Z',
  notes: null,
  childIDs: [42],
  codeID: 90,
  status: 5,
  medicationInfo: {
    name: 'Calpol',
    type: 'NonPrescribed',
    form: 'Liquid',
    dosage: '5 ml',
    strength: null,
    frequency: 'every 4 hours',
    expiryDate: null,
    storageAndDisposalInstructions: null,
  },
  signatures: [{ signatureType: 'AdministeredBy', personID: 1, dataUrl: 'data:image/png;base64,AAAA' }],
  ...over,
});
const queue = (i = input(), eventID: number | null = null, uuid = UUID) =>
  queueMedicationSave({
    userID: USER,
    siteID: 3,
    uuid,
    eventID,
    input: i,
    title: 'Calpol – Amy Pond',
    at: 1000,
  });

beforeEach(async () => {
  await offlineDB().operations.clear();
  save.mockReset();
  registerMedicationSender(new QueryClient());
});

describe('the medication kind of the one queue', () => {
  it('sends a waiting save once; it leaves the device', async () => {
    await queue();
    save.mockResolvedValue({ id: 5, version: 1, statusID: 5, created: true });
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 1, failed: 0 });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      uuid: UUID,
      signatures: [{ signatureType: 'AdministeredBy' }],
    });
    expect(await medicationOperations(USER)).toEqual([]);
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 0, failed: 0 });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps one operation for one add saved twice, with the later input', async () => {
    await queue();
    await queue(input({ notes: 'second thoughts' }));
    const ops = await medicationOperations(USER);
    expect(ops).toHaveLength(1);
    expect(ops[0]?.data.input.notes).toBe('second thoughts');
    expect(ops[0]?.resource).toBe(`medication-new:${UUID}`);
  });

  it("keeps a refusal with the server's message, not sent again", async () => {
    await queue(input({ id: 9, version: 2, uuid: null }), 9, 'edit-uuid');
    save.mockRejectedValue(new ApiError(409, 'err-medication-published', 'published'));
    expect(await replayQueueKinds(USER)).toEqual({ kind: 'finished', sent: 0, failed: 1 });
    const [op] = await medicationOperations(USER);
    expect(op).toMatchObject({
      status: 'error',
      resource: 'event:9',
      error: { code: 'err-medication-published' },
    });
    await replayQueueKinds(USER);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps a save that met no answer waiting for the next pass', async () => {
    await queue();
    save.mockRejectedValue(new NetworkError());
    expect((await replayQueueKinds(USER)).kind).toBe('offline');
    expect(await medicationOperations(USER)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it("counts the child's waiting saves as doses", async () => {
    await queue();
    const ops = await medicationOperations(USER);
    expect(queuedDoses(ops, 42)).toEqual([
      { eventID: 0, name: 'Calpol', raised: '2026-12-05T10:30:00.000Z', frequency: 'every 4 hours' },
    ]);
    expect(queuedDoses(ops, 43)).toEqual([]);
  });
});
