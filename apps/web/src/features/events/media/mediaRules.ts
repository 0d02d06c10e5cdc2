/**
 * What the media panel checks before anything is uploaded or queued (issue 13 "Photos"), as pure
 * functions: the kind and type of a picked file, the size limits the server enforces (the domain's
 * MEDIA_*_MAX_BYTES), whether a photo must be prepared on the device (downscaled to PHOTO_MAX_EDGE
 * on its long edge, or converted to a type the server takes), and whether a failed upload is worth
 * a Retry. No DOM, no React: the worker (photoWorker.ts) and the panel share it, and unit tests drive it.
 */
import { MEDIA_IMAGE_MAX_BYTES, MEDIA_VIDEO_MAX_BYTES } from '@nursery/domain/common';
import { ApiError, NetworkError } from '../../../lib/api';
import type { MediaKind } from './mediaKind';
import { UPLOAD_IMAGE_TYPES } from './photoRules';

/**
 * Largest photo file this device tries to decode and downscale (bytes). A camera's 30 MB JPEG is
 * fine; a 150 MB file would need gigabytes of memory to decode on a tablet, so it is refused at once.
 */
export const PHOTO_DEVICE_MAX_BYTES = 100 * 1024 * 1024;

/** Video types the server stores (VIDEO_MIMES). */
export const UPLOAD_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** Some devices give no MIME type; the extension then decides (lower case, without the dot). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  webm: 'video/webm',
};

/** The file's MIME type, from the browser or else its extension ('' when neither says). */
export function effectiveType(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[ext] ?? '';
}

export function formatMegabytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB`;
}

/** A refusal before upload: an i18n key of the media strings and its values. */
export interface MediaRefusal {
  key:
    | 'media-refused-type'
    | 'media-refused-photo-size'
    | 'media-refused-video-size'
    | 'media-refused-unreadable';
  values: { max?: string };
}

export type MediaCheck =
  | { ok: true; kind: 'video'; type: string }
  /** A photo: the worker decides from its pixels whether it must be downscaled or converted. */
  | { ok: true; kind: 'image'; type: string }
  | { ok: false; refusal: MediaRefusal; kind: MediaKind | null };

const refuse = (kind: MediaKind | null, key: MediaRefusal['key'], values: MediaRefusal['values'] = {}) =>
  ({ ok: false, kind, refusal: { key, values } }) as const;

/**
 * The first check of a picked file, before anything is read: its kind and type, and a video's size
 * (videos are never transcoded on the device). A photo's size is checked on the prepared copy
 * (photoUploadCheck), since downscaling makes a 30 MB camera photo a fraction of that; only a photo
 * too large to decode on a tablet at all is refused here. The permission check (type flags) is the
 * caller's, with the spec's message.
 */
export function checkPickedFile(file: { type: string; name: string; size: number }): MediaCheck {
  const type = effectiveType(file);
  if (type.startsWith('video/')) {
    if (!(UPLOAD_VIDEO_TYPES as readonly string[]).includes(type))
      return refuse('video', 'media-refused-type');
    if (file.size > MEDIA_VIDEO_MAX_BYTES)
      return refuse('video', 'media-refused-video-size', { max: formatMegabytes(MEDIA_VIDEO_MAX_BYTES) });
    return { ok: true, kind: 'video', type };
  }
  if (type.startsWith('image/')) {
    // Vector images are not photos: the server cannot store them and a canvas would only rasterise them.
    if (type === 'image/svg+xml') return refuse('image', 'media-refused-type');
    if (file.size > PHOTO_DEVICE_MAX_BYTES)
      return refuse('image', 'media-refused-photo-size', { max: formatMegabytes(PHOTO_DEVICE_MAX_BYTES) });
    return { ok: true, kind: 'image', type };
  }
  return refuse(null, 'media-refused-type');
}

/** Whether the photo can go to the server as it is (a type it stores, within its size limit). */
export function photoUploadCheck(file: { type: string; size: number }): MediaRefusal | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { key: 'media-refused-type', values: {} };
  if (file.size > MEDIA_IMAGE_MAX_BYTES)
    return { key: 'media-refused-photo-size', values: { max: formatMegabytes(MEDIA_IMAGE_MAX_BYTES) } };
  return null;
}

// --- After an upload failed -----------------------------------------------------------------------

export type UploadFailure =
  /** No answer (offline, server unreachable, stalled): the file waits on this device for the sync. */
  | { kind: 'offline' }
  /** An answer that may change on another try (server error, busy, rate limit, session lost). */
  | { kind: 'transient'; message: string }
  /** An answer no retry can change (too large, unsupported, forbidden, invalid): no Retry. */
  | { kind: 'permanent'; message: string; code: string };

/** Statuses a second try of the same file may pass: timeout, session, rate limit, server side. */
function transientStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500 || status === 0;
}

/**
 * What a failed upload means for the panel (issue 13 "Retry is offered only when it can work"): a
 * network failure keeps the file on the device (the sync sends it), a transient answer offers Retry,
 * a refusal of the file itself (400, 403, 404, 409, 413, 415, 422) shows the reason without Retry.
 */
export function classifyUploadFailure(error: unknown): UploadFailure {
  if (error instanceof NetworkError) return { kind: 'offline' };
  if (error instanceof ApiError) {
    if (transientStatus(error.status) || error.code === 'invalid-response')
      return { kind: 'transient', message: error.message };
    return { kind: 'permanent', message: error.message, code: error.code };
  }
  // Anything else (an aborted request, a script error) is not the file's fault.
  return { kind: 'transient', message: error instanceof Error ? error.message : String(error) };
}
