/**
 * Photos and videos (spec 000 §3 "Media", §7): POST api/v1/media (multipart: id, typeID, then file)
 * and GET api/v1/media/{id}?size=thumbnail|medium (the file itself).
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { INT32_MAX, MediaId } from './primitives.ts';

/**
 * The form fields sent before the file. Multipart, so not a `body` the route validates: the handler
 * parses them from the file part's fields (the file must come last, so the upload streams).
 */
export const MediaUploadFields = z.object({
  /**
   * The client's UUID (the uploader's replay answers the stored row); the server makes one if absent.
   * Not the nil or the max UUID.
   */
  id: MediaId.optional(),
  typeID: z.coerce.number().int().positive().max(INT32_MAX),
});
export type MediaUploadFields = z.infer<typeof MediaUploadFields>;

/** A stored photo or video (spec 000 §3 "Media"). */
export const MediaAnswer = z.object({
  id: z.uuid(),
  type: z.enum(['image', 'video']),
  mimeType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for videos. */
  duration: z.number().nullable(),
  mediaToken: z.string(),
  /** ISO date-time of the last change. */
  updated: z.string(),
});
export type MediaAnswer = z.infer<typeof MediaAnswer>;

/** The upload's answer (spec 002 §7): an array whose first (only) item is the stored medium. */
export const MediaUploadAnswer = z.array(MediaAnswer).length(1);
export type MediaUploadAnswer = z.infer<typeof MediaUploadAnswer>;

/**
 * 201 stored now, 200 already stored (the same user uploaded this id before); 409 err-media-id-taken
 * when someone else did (their medium and its token are never answered).
 */
export const uploadMediaFile = defineRoute({
  ...routes.uploadMediaFile,
  summary: 'Upload a photo or video (multipart: id, typeID, then file)',
  tags: ['media'],
  response: {
    200: MediaUploadAnswer.describe('Already stored: the upload of this id was received before'),
    201: MediaUploadAnswer.describe('Stored'),
  },
});

export const MediaParams = z.object({ id: MediaId });
export const MediaFileQuery = z.object({ size: z.enum(['thumbnail', 'medium']).optional() });

/**
 * The file's bytes (its own content type; renditions are WebP). Streamed: Fastify sends a stream as it
 * is, so this schema documents the answer and never serialises it.
 */
export const MediaFile = z.string().meta({ format: 'binary', description: 'The file' });

export const getMediaFile = defineRoute({
  ...routes.getMediaFile,
  summary: 'The media file (original, or ?size=thumbnail|medium for photos)',
  tags: ['media'],
  params: MediaParams,
  querystring: MediaFileQuery,
  response: { 200: MediaFile },
});
