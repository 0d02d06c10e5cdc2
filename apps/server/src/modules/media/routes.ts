// Photos and videos (spec 000 §3 "Media", §7 "media upload with progress; media file URL
// api/v1/media/{mediaID}"): POST api/v1/media (multipart: id, typeID, then file) and
// GET api/v1/media/{id}?size=thumbnail|medium. The id is the client's UUID, so a replayed offline
// upload answers the stored row and writes nothing. A file is served only to a user who may open
// an event it is attached to, or to its uploader until it is attached to one. The commands are in
// service.ts; here the multipart parser, the session check and the byte ranges of the answer.
import multipart from '@fastify/multipart';
import { MEDIA_IMAGE_MAX_BYTES, MEDIA_IMAGE_MAX_PIXELS, MEDIA_VIDEO_MAX_BYTES } from '@nursery/domain/common';
import { getMediaFile, uploadMediaFile } from '@nursery/domain/events';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { orStorageError } from '../../lib/object-store/index.ts';
import { PERSONAL_IMAGE_CACHE_CONTROL } from '../../lib/personal-images.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { parseRange } from './byte-range.ts';
import { mediaUploadAnswer } from './presenter.ts';
import { invalid, type MediaContext, openMediaFile, storeUpload } from './service.ts';
import { IMAGE_MIMES, type MediaLimits, MediaStore, RENDITION_MIME, VIDEO_MIMES } from './storage.ts';

export interface MediaRoutesOptions {
  deps: AppDeps;
  /** The media folder on local disk (DATA_DIR/media): uploads are received there; the kept files go to deps.objects. */
  mediaDir: string;
  /** Size limits (the domain's MEDIA_*_MAX_* unless a test makes them small). */
  limits?: Partial<MediaLimits>;
}

/** A byte range of the file (the contract's 200 is the whole file). */
const PartialFile = z.string().meta({ format: 'binary', description: 'The requested byte range' });
/** What GET api/v1/media/{id} may answer: the file's own type, or WebP for a rendition. */
const FILE_TYPES = [...new Set([...IMAGE_MIMES, ...VIDEO_MIMES, RENDITION_MIME])];

/** Photos and videos of children (and their renditions): never in the browser's HTTP cache. */
const CACHE_CONTROL = PERSONAL_IMAGE_CACHE_CONTROL;

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, opts) => {
  const limits: MediaLimits = {
    imageMaxBytes: opts.limits?.imageMaxBytes ?? MEDIA_IMAGE_MAX_BYTES,
    videoMaxBytes: opts.limits?.videoMaxBytes ?? MEDIA_VIDEO_MAX_BYTES,
    imageMaxPixels: opts.limits?.imageMaxPixels ?? MEDIA_IMAGE_MAX_PIXELS,
  };
  const media: MediaContext = {
    db: opts.deps.db,
    store: new MediaStore(opts.mediaDir, opts.deps.objects),
    limits,
    clock: opts.deps.clock,
  };
  // Multipart only in this module. Our counter refuses an oversize file first (with the limit for
  // its kind); busboy's own limit is a backstop one byte above.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(limits.imageMaxBytes, limits.videoMaxBytes) + 1,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: uploadMediaFile.method,
    url: uploadMediaFile.path,
    // Multipart: the fields are parsed from the file part (MediaUploadFields), not a validated body.
    schema: { ...routeSchema(uploadMediaFile), consumes: ['multipart/form-data'] },
    preHandler: requireSession,
    handler: async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) throw invalid('Send the file as multipart/form-data.');
      const part = await request.file();
      if (!part) throw invalid('file: a file is required.');
      const { status, row } = await storeUpload(media, auth, part, request.raw);
      return reply.code(status).send(mediaUploadAnswer(row));
    },
  });

  const fileSchema = routeSchema(getMediaFile);
  // A stream is sent as it is, never through the serialiser: these schemas document the answer and
  // type nothing (hence the wide record).
  const fileAnswers: Record<number, z.ZodType> = { ...fileSchema.response, 206: PartialFile };
  api.route({
    method: getMediaFile.method,
    url: getMediaFile.path,
    schema: { ...fileSchema, produces: FILE_TYPES, response: fileAnswers },
    preHandler: requireSession,
    handler: async (request, reply) => {
      const size = request.query.size;
      const auth = authOf(request);
      const { object, contentType, audited } = await openMediaFile(media, auth, request.params.id, size);
      try {
        await opts.deps.readAudit.read(auth, audited, opts.deps.clock.now());
      } catch (err) {
        await object.close();
        throw err;
      }
      const bytes = object.size;
      reply
        .header('content-type', contentType)
        .header('cache-control', CACHE_CONTROL)
        .header('accept-ranges', 'bytes');
      // Single byte ranges, so Safari can play videos.
      const range = request.headers.range ? parseRange(request.headers.range, bytes) : undefined;
      if (range === null) {
        await object.close();
        return reply.code(416).header('content-range', `bytes */${bytes}`).send();
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${bytes}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(await orStorageError(() => object.stream(range)));
      }
      reply.header('content-length', bytes);
      return reply.send(await orStorageError(() => object.stream()));
    },
  });
};
