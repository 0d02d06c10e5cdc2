import type { EventSavePayload } from '@nursery/domain/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncNetworkError, SyncRejected } from '../../lib/offline/syncEngine';
import { browserTransport } from './transport';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const payload = {
  uuid: '6f1c1c4e-8f0a-4a57-9f55-3f2a7c1d2b10',
  raised: '2026-11-24T09:00:00.000Z',
  statusID: 1,
  typeID: 1,
  codeID: 1,
  subjects: [5],
  learningStyles: 0,
  mediaIDs: [],
  tagged: false,
  values: [],
  nextSteps: [],
  completedNextStepIDs: [],
  meals: [],
} as EventSavePayload;

const saved = [
  { id: 7, uuid: payload.uuid, statusID: 1, version: 1, childID: 5, message: { key: 'saved-to-drafts' } },
];

function stubFetch(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn();
  for (const a of answers) {
    if (a instanceof Error) fetchMock.mockRejectedValueOnce(a);
    else fetchMock.mockResolvedValueOnce(a);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function call(fetchMock: ReturnType<typeof vi.fn>, n: number) {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined, init };
}

describe('sync transport (the same saveEvent the editor calls)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates with POST api/v2/events and answers the saved rows', async () => {
    const fetchMock = stubFetch(json(201, saved));
    await expect(browserTransport.createEvent(payload)).resolves.toEqual(saved);
    const c = call(fetchMock, 0);
    expect(c).toMatchObject({ url: 'api/v2/events', method: 'POST', body: payload });
    expect((c.init.headers as Record<string, string>)['X-Requested-With']).toBe('nursery');
  });

  it('updates with PUT api/v2/events/{id} and the version', async () => {
    const fetchMock = stubFetch(json(200, saved));
    await browserTransport.updateEvent(7, { ...payload, version: 3 });
    expect(call(fetchMock, 0)).toMatchObject({
      url: 'api/v2/events/7',
      method: 'PUT',
      body: { ...payload, version: 3 },
    });
  });

  it('reads the event again on a 409 conflict and hands its current row to the engine', async () => {
    const current = { id: 7, version: 4, notes: 'theirs' };
    const fetchMock = stubFetch(
      json(409, { err: { code: 'err-conflict', message: 'Changed by someone else.' } }),
      json(200, current),
    );
    const error = await browserTransport.updateEvent(7, { ...payload, version: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncRejected);
    expect(error).toMatchObject({ status: 409, code: 'err-conflict', current });
    expect(call(fetchMock, 1)).toMatchObject({ url: 'api/v2/events/7', method: 'GET' });
  });

  it('turns no answer into SyncNetworkError and a refusal into SyncRejected with its details', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(browserTransport.createEvent(payload)).rejects.toBeInstanceOf(SyncNetworkError);

    stubFetch(
      json(400, { err: { code: 'err-media-not-found', message: 'Media missing.', mediaIDs: ['m1'] } }),
    );
    const error = await browserTransport.createEvent(payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncRejected);
    expect(error).toMatchObject({ status: 400, code: 'err-media-not-found', details: { mediaIDs: ['m1'] } });
  });

  it('reports the device with POST api/v1/sync/report', async () => {
    const fetchMock = stubFetch(json(200, { ok: true }));
    const report = { deviceID: 'device-1234', siteID: 2, unsyncedEvents: 1, unsyncedMedia: 0 };
    await browserTransport.reportDevice(report);
    expect(call(fetchMock, 0)).toMatchObject({ url: 'api/v1/sync/report', method: 'POST', body: report });
  });
});
