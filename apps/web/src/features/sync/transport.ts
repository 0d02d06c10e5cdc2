/**
 * What the sync loop (lib/offline/sync.ts) sends through: the media upload, the event save the editor
 * uses (one function for both, features/events/api.ts) and the device report. The shell hands it to the
 * loop when it starts it (useAppSync.ts), so lib/ knows no feature. Errors become the engine's kinds:
 * no answer → SyncNetworkError (the item stays pending), an answer → SyncRejected.
 */
import { ApiError, NetworkError } from '../../lib/api';
import { SYNC_UPLOAD_STALL_MS, stallGuard, TIMED_OUT, timed } from '../../lib/offline/requestTimeout';
import type { SyncConnection } from '../../lib/offline/sync';
import { SyncNetworkError, SyncRejected } from '../../lib/offline/syncEngine';
import { eventsApi, saveEvent, uploadMedia } from '../events';
import { syncApi } from './api';

function rethrow(error: unknown, guard?: { signal: AbortSignal }): never {
  if (guard?.signal.aborted) throw new SyncNetworkError(TIMED_OUT);
  if (error instanceof NetworkError) throw new SyncNetworkError(error.message);
  if (error instanceof ApiError)
    throw new SyncRejected(error.status, error.code, error.message, null, error.details);
  throw error;
}

export const browserTransport: SyncConnection = {
  async uploadMedia(m, onProgress) {
    const file = m.blob instanceof File ? m.blob : new File([m.blob], m.name, { type: m.mimeType });
    const guard = stallGuard(SYNC_UPLOAD_STALL_MS);
    const progress = (fraction: number) => {
      guard.touch();
      onProgress(fraction);
    };
    try {
      await uploadMedia({ id: m.id, typeID: m.typeID, file, onProgress: progress, signal: guard.signal });
    } catch (error) {
      rethrow(error, guard);
    } finally {
      guard.done();
    }
  },
  createEvent: (payload) =>
    timed((signal) => saveEvent({ eventID: null, payload }, signal)).catch((e) => rethrow(e)),
  async updateEvent(eventID, payload) {
    try {
      return await timed((signal) => saveEvent({ eventID, payload }, signal));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === 'err-conflict') {
        // The 409 names the row's current state; the api client keeps only err, so read it again.
        const current = await timed((signal) => eventsApi.get(eventID, signal)).catch((e) => rethrow(e));
        throw new SyncRejected(409, 'err-conflict', error.message, current);
      }
      return rethrow(error);
    }
  },
  reportDevice: (report) => syncApi.report(report),
};
