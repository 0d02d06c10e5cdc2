/**
 * The media panel's side of the photo worker (photoWorker.ts): one worker, started on the first photo,
 * preparing one photo at a time (a 48-megapixel photo takes about 200 MB to decode; several at once
 * could exhaust a tablet's memory). Where the browser has no Worker or OffscreenCanvas, photos go as
 * they were picked and the size check refuses the ones the server would.
 */
import { MEDIA_IMAGE_MAX_BYTES } from '@nursery/domain/common';
import type { PrepareMessage } from './photoProtocol';
import { PHOTO_MAX_EDGE } from './photoRules';

export interface PreparedPhoto {
  /** What to upload: the picked file, or the prepared copy. */
  file: File;
  changed: boolean;
  /** Size of the picked photo (orientation applied), when it was decoded. */
  source?: { width: number; height: number };
  /** Size of what is uploaded, when known. */
  size?: { width: number; height: number };
}

/** The browser could not decode the photo. */
export class PhotoUnreadable extends Error {
  constructor() {
    super('The photo could not be read on this device.');
    this.name = 'PhotoUnreadable';
  }
}

type Pending = {
  resolve: (p: PreparedPhoto) => void;
  reject: (e: unknown) => void;
  file: File;
  onProgress: (fraction: number) => void;
};

let worker: Worker | null = null;
let broken = false;
const pending = new Map<string, Pending>();
/** The queue: each preparation starts when the one before it ended. */
let tail: Promise<unknown> = Promise.resolve();

export function canPreparePhotos(): boolean {
  return !broken && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
}

function failAll(error: unknown) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./photoWorker.ts', import.meta.url), { type: 'module', name: 'photo-prep' });
  w.onmessage = (e: MessageEvent<PrepareMessage>) => {
    const msg = e.data;
    const p = pending.get(msg.id);
    if (!p) return;
    if (msg.kind === 'progress') {
      p.onProgress(msg.fraction);
      return;
    }
    pending.delete(msg.id);
    if (msg.kind === 'failed') {
      p.reject(new PhotoUnreadable());
      return;
    }
    if (msg.unchanged) {
      p.resolve({
        file: p.file,
        changed: false,
        ...(msg.width && msg.height ? { source: { width: msg.width, height: msg.height } } : {}),
        ...(msg.width && msg.height ? { size: { width: msg.width, height: msg.height } } : {}),
      });
      return;
    }
    p.resolve({
      file: new File([msg.blob], msg.name, { type: msg.blob.type, lastModified: p.file.lastModified }),
      changed: true,
      source: { width: msg.width, height: msg.height },
      size: { width: msg.outWidth, height: msg.outHeight },
    });
  };
  // The worker script failed to load or crashed: nothing more is sent to it, photos go as picked.
  w.onerror = (e) => {
    e.preventDefault();
    broken = true;
    worker = null;
    w.terminate();
    failAll(new Error('photo worker failed'));
  };
  worker = w;
  return w;
}

function runOne(
  id: string,
  file: File,
  type: string,
  onProgress: (f: number) => void,
): Promise<PreparedPhoto> {
  if (!canPreparePhotos()) return Promise.resolve({ file, changed: false });
  return new Promise<PreparedPhoto>((resolve, reject) => {
    pending.set(id, { resolve, reject, file, onProgress });
    try {
      theWorker().postMessage({ id, file, type, maxEdge: PHOTO_MAX_EDGE, maxBytes: MEDIA_IMAGE_MAX_BYTES });
    } catch (error) {
      pending.delete(id);
      reject(error);
    }
  }).catch((error: unknown) => {
    if (error instanceof PhotoUnreadable) throw error;
    // A worker that failed is not the photo's fault: it goes as picked, the size check decides.
    return { file, changed: false };
  });
}

/** Prepares one photo (queued behind any other being prepared). */
export function preparePhoto(
  id: string,
  file: File,
  type: string,
  onProgress: (fraction: number) => void,
): Promise<PreparedPhoto> {
  const run = tail.then(() => runOne(id, file, type, onProgress));
  tail = run.catch(() => undefined);
  return run;
}
