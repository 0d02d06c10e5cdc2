/**
 * For an editor whose save cannot carry files (Spotlight's updateEvent attaches uploads by their
 * mediaToken): the files among the form's media still waiting on this device (picked offline) are
 * uploaded just before the save, with their own ids (the server never stores one twice). A file that
 * meets no network stops the sending: it and the rest stay behind (the caller saves offline without
 * them and names them); a refusal of a file throws, as a failed save does.
 */
import { forgetWaitingFile, waitingFile } from '../../../lib/offline/outbox';
import { uploadMedia } from './mediaApi';
import { classifyUploadFailure } from './mediaRules';

export interface SentWaitingFiles {
  /** Uploaded now: the id and the token the save sends. */
  sent: { id: string; token: string }[];
  /** Not uploaded for want of a network: their names. */
  left: string[];
}

export async function sendWaitingFiles(ids: readonly string[]): Promise<SentWaitingFiles> {
  const out: SentWaitingFiles = { sent: [], left: [] };
  for (const id of ids) {
    const w = waitingFile(id);
    if (!w) continue;
    if (out.left.length > 0) {
      out.left.push(w.file.name);
      continue;
    }
    try {
      const answer = await uploadMedia({ id: w.id, typeID: w.typeID, file: w.file, onProgress: () => {} });
      forgetWaitingFile(id);
      out.sent.push({ id: answer.id, token: answer.mediaToken });
    } catch (error) {
      if (classifyUploadFailure(error).kind !== 'offline') throw error;
      out.left.push(w.file.name);
    }
  }
  return out;
}
