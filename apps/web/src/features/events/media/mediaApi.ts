/**
 * The media resource's calls: the file URLs (GET api/v1/media/{id}) and the upload.
 *
 * POST api/v1/media with upload progress (spec 000 §7 "media upload with progress") through lib's one
 * client (`uploadWithProgress`: the session hold, offline detection and errors of every request).
 * Fields go before the file: the server reads id and typeID first. The id is the client's UUID, so a
 * retry never stores the file twice.
 */
import { routes } from '@nursery/domain/common';
import type { getMediaFile, MediaAnswer, uploadMediaFile } from '@nursery/domain/events';
import { ApiError, routeUrl, uploadWithProgress } from '../../../lib/api';

/** Relative (the built app is served from './'): the thumbnail of a photo. */
export function mediaThumbnailUrl(id: string): string {
  return routeUrl<typeof getMediaFile>(routes.getMediaFile, { params: { id }, query: { size: 'thumbnail' } });
}

export function mediaFileUrl(id: string): string {
  return routeUrl<typeof getMediaFile>(routes.getMediaFile, { params: { id } });
}

export interface UploadOptions {
  id: string;
  typeID: number;
  file: File;
  /** 0..1 */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

export async function uploadMedia(opts: UploadOptions): Promise<MediaAnswer> {
  const body = new FormData();
  body.append('id', opts.id);
  body.append('typeID', String(opts.typeID));
  body.append('file', opts.file, opts.file.name);
  const answer = await uploadWithProgress<typeof uploadMediaFile>(routes.uploadMediaFile, body, {
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
  // The stored medium: the first item of the upload's answer (spec 002 §7).
  const medium = Array.isArray(answer) ? answer[0] : undefined;
  if (!medium) throw new ApiError(200, 'invalid-response', 'The server sent an invalid response.');
  return medium;
}
