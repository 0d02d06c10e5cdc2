/**
 * The media resource's calls: the file URLs (GET api/v1/media/{id}) and the upload.
 *
 * POST api/v1/media with upload progress (spec 000 §7 "media upload with progress"). fetch() has no
 * upload progress, so this is the one XMLHttpRequest of the app. Fields go before the file: the server
 * reads id and typeID first. The id is the client's UUID, so a retry never stores the file twice.
 */
import type { MediaAnswer, RouteAnswer, uploadMediaFile } from '@nursery/domain';
import { ApiError, NetworkError } from '../../../lib/api';
import { markOffline, markOnline } from '../../../lib/connectivity';

/** The stored medium: the first item of the upload's answer (spec 002 §7). */
function storedMedium(responseText: string): MediaAnswer {
  const answer = JSON.parse(responseText) as RouteAnswer<typeof uploadMediaFile>;
  const medium = Array.isArray(answer) ? answer[0] : undefined;
  if (!medium) throw new Error('no medium in the upload answer');
  return medium;
}

/** Relative (the built app is served from './'): the thumbnail of a photo. */
export function mediaThumbnailUrl(id: string): string {
  return `api/v1/media/${encodeURIComponent(id)}?size=thumbnail`;
}

export function mediaFileUrl(id: string): string {
  return `api/v1/media/${encodeURIComponent(id)}`;
}

export interface UploadOptions {
  id: string;
  typeID: number;
  file: File;
  /** 0..1 */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let code = `http-${xhr.status}`;
  let message = xhr.statusText || `HTTP ${xhr.status}`;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (typeof body === 'object' && body !== null && 'err' in body) {
      const err = (body as { err: { code?: unknown; message?: unknown } }).err;
      if (typeof err?.code === 'string') code = err.code;
      if (typeof err?.message === 'string') message = err.message;
    }
  } catch {
    // Not JSON (a proxy page): keep the status text.
  }
  return new ApiError(xhr.status, code, message);
}

export function uploadMedia(opts: UploadOptions): Promise<MediaAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', 'api/v1/media');
    xhr.withCredentials = false; // same-origin: the session cookie goes anyway
    xhr.setRequestHeader('X-Requested-With', 'nursery');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if ([502, 503, 504].includes(xhr.status) && !/json/.test(xhr.getResponseHeader('Content-Type') ?? '')) {
        markOffline();
        reject(new NetworkError(`Server unreachable (${xhr.status})`));
        return;
      }
      markOnline();
      if (xhr.status === 200 || xhr.status === 201) {
        try {
          opts.onProgress(1);
          resolve(storedMedium(xhr.responseText));
        } catch {
          reject(new ApiError(xhr.status, 'invalid-response', 'The server sent an invalid response.'));
        }
        return;
      }
      reject(errorOf(xhr));
    };
    xhr.onerror = () => {
      markOffline();
      reject(new NetworkError());
    };
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Upload cancelled', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const body = new FormData();
    body.append('id', opts.id);
    body.append('typeID', String(opts.typeID));
    body.append('file', opts.file, opts.file.name);
    xhr.send(body);
  });
}
