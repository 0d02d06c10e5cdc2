// The one place that shapes media answers (spec 000 §3 "Media").
import type { MediaAnswer, MediaUploadAnswer } from '@nursery/domain/events';
import type { MediaRow } from './queries.ts';

/** The answer shape of spec 000 §3 "Media". */
export function mediaView(m: MediaRow): MediaAnswer {
  return {
    id: m.id,
    type: m.type,
    mimeType: m.mimeType,
    width: m.width,
    height: m.height,
    duration: m.duration,
    mediaToken: m.mediaToken,
    updated: m.updatedAt.toISOString(),
  };
}

/** POST api/v1/media answers an array whose first item is the medium (spec 002 §7). */
export function mediaUploadAnswer(m: MediaRow): MediaUploadAnswer {
  return [mediaView(m)];
}
