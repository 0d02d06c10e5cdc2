// Photos and videos (spec 000 §3 "Media", §7 "media upload with progress; media file URL
// api/v1/media/{mediaID}"): POST api/v1/media (multipart: id, typeID, then file) and
// GET api/v1/media/{id}?size=thumbnail|medium. The id is the client's UUID, so a replayed offline
// upload answers the stored row and writes nothing. A file is served only to a user who may open
// an event it is attached to, or to its uploader until it is attached to one.
import { randomBytes, randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import multipart, { type MultipartFields } from '@fastify/multipart';
import {
  canAttachMedia,
  getMediaFile,
  MEDIA_IMAGE_MAX_BYTES,
  MEDIA_IMAGE_MAX_PIXELS,
  MEDIA_VIDEO_MAX_BYTES,
  MediaUploadFields,
  mediaPermissionMessage,
  uploadMediaFile,
} from '@nursery/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { loadEventConfig } from '../config/event-config.ts';
import { visibilityFromConfig } from '../events/queries.ts';
import { isValidVideo, withFileSource } from './container.ts';
import {
  eventTypeMediaFlags,
  findMedia,
  findViewableMedia,
  insertMedia,
  type MediaRow,
  mediaView,
} from './queries.ts';
import {
  IMAGE_MIMES,
  type MediaLimits,
  MediaStore,
  RENDITION_MIME,
  RENDITION_WIDTHS,
  type Rendition,
  readImage,
  renderRendition,
  SniffingCounter,
  storeCleanImage,
  tooLarge,
  unsupportedType,
  VIDEO_MIMES,
} from './storage.ts';

export interface MediaRoutesOptions {
  deps: AppDeps;
  /** Root of the stored files: DATA_DIR/media. */
  mediaDir: string;
  /** Size limits (the domain's MEDIA_*_MAX_* unless a test makes them small). */
  limits?: Partial<MediaLimits>;
}

/** A byte range of the file (the contract's 200 is the whole file). */
const PartialFile = z.string().meta({ format: 'binary', description: 'The requested byte range' });
/** What GET api/v1/media/{id} may answer: the file's own type, or WebP for a rendition. */
const FILE_TYPES = [...new Set([...IMAGE_MIMES, ...VIDEO_MIMES, RENDITION_MIME])];

const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);

/**
 * A file part cut off by the end of the body (no closing boundary) never ends: busboy reports it as an
 * 'error' emitted on the file stream, often before the handler holds the stream, and leaves it open,
 * so reading it would wait for ever (and hold a request slot). Once the whole body has been read and
 * the file's buffer is empty, a well-formed part has ended; one still open a few polls later was cut
 * short: the receive is aborted (it removes its temp file) and the upload answers 400.
 */
function cutShortGuard(raw: IncomingMessage, file: Readable, pollMs = 100, polls = 3) {
  const controller = new AbortController();
  let open = 0;
  const timer = setInterval(() => {
    const drained = raw.readableEnded && file.readableLength === 0 && !file.readableEnded;
    open = drained ? open + 1 : 0;
    if (open < polls) return;
    clearInterval(timer);
    controller.abort(invalid('The upload was cut short: the file part has no end. Please try again.'));
  }, pollMs);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

/** The text value of a form field sent before the file (undefined when absent or a file). */
function fieldValue(fields: MultipartFields, name: string): string | undefined {
  const f = fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one?.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null = not satisfiable. */
function parseRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // unknown or multi-range: send it all
  if (m[1] === '') {
    const n = Number(m[2]);
    return n > 0 && size > 0 ? { start: Math.max(0, size - n), end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && start <= end ? { start, end } : null;
}

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, opts) => {
  const { db } = opts.deps;
  const limits: MediaLimits = {
    imageMaxBytes: opts.limits?.imageMaxBytes ?? MEDIA_IMAGE_MAX_BYTES,
    videoMaxBytes: opts.limits?.videoMaxBytes ?? MEDIA_VIDEO_MAX_BYTES,
    imageMaxPixels: opts.limits?.imageMaxPixels ?? MEDIA_IMAGE_MAX_PIXELS,
  };
  const store = new MediaStore(opts.mediaDir);
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

      // From here on, every early answer lets the rest of the upload drain away.
      const drain = () => part.file.resume();
      try {
        if (part.fieldname !== 'file') throw invalid(`${part.fieldname}: the file field is named "file".`);
        const parsed = MediaUploadFields.safeParse({
          id: fieldValue(part.fields, 'id') || undefined,
          typeID: fieldValue(part.fields, 'typeID'),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.join('.') || 'form';
          throw invalid(`${where}: ${issue?.message ?? 'invalid'} (send id and typeID before the file).`);
        }
        const id = parsed.data.id ?? randomUUID();
        const existing = await findMedia(db, auth.providerId, id);
        if (existing) {
          drain();
          return reply.code(200).send(mediaView(existing));
        }
        const type = await eventTypeMediaFlags(db, auth.providerId, parsed.data.typeID);
        if (!type) throw new AppError(400, 'err-invalid-type', 'Unknown event type.');

        const counter = new SniffingCounter(limits, (s) => {
          if (!canAttachMedia(type, s.kind)) {
            throw new AppError(403, 'err-permission-add-media', mediaPermissionMessage(type.tag, type.value));
          }
        });
        let tmp: string;
        try {
          const guard = cutShortGuard(request.raw, part.file);
          try {
            tmp = await store.receive(auth.providerId, part.file, counter, guard.signal);
          } catch (err) {
            throw guard.signal.aborted ? guard.signal.reason : err;
          } finally {
            guard.stop();
          }
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw tooLarge(limits, counter.sniffed?.kind ?? 'video');
          }
          throw err;
        }
        // The upload as received: a video's is moved into place once it parses; a photo's is removed
        // as soon as its clean copy is written, and on any refusal.
        const received = tmp;
        const storagePath = store.storagePath(auth.providerId, id);
        const temps: { tmp: string; target: string }[] = [];
        let width: number | null = null;
        let height: number | null = null;
        let mimeType = counter.sniffed?.mimeType ?? '';
        let size = counter.bytes;
        const renditions: Rendition[] = [];
        try {
          if (part.file.truncated) throw tooLarge(limits, counter.sniffed?.kind ?? 'video');
          const sniffed = counter.sniffed;
          if (!sniffed) throw new Error('upload finished without a sniffed type');
          if (sniffed.kind === 'image') {
            // The header first (format, pixel limit: nothing decoded yet), then the clean original.
            const info = await readImage(received, limits);
            mimeType = info.mimeType;
            const clean = await store.tempPath(auth.providerId);
            temps.push({ tmp: clean, target: store.file(storagePath) });
            ({ width, height } = await storeCleanImage(received, clean, mimeType, limits));
            size = (await stat(clean)).size;
            for (const r of ['thumbnail', 'medium'] as const) {
              const out = await store.tempPath(auth.providerId);
              temps.push({ tmp: out, target: store.file(storagePath, r) });
              await renderRendition(clean, out, RENDITION_WIDTHS[r], limits);
              renditions.push(r);
            }
            await store.remove(received); // never kept: it carries the metadata
          } else {
            // The whole container must parse, not only its first bytes.
            if (!(await withFileSource(received, (src) => isValidVideo(src, sniffed.mimeType)))) {
              throw unsupportedType();
            }
            temps.push({ tmp: received, target: store.file(storagePath) });
          }
          // The row and the files arrive together: the renames run inside the insert's transaction,
          // so a concurrent upload of the same id waits on the row lock and never renames over them.
          const row = await db.transaction(async (tx) => {
            const stored = await insertMedia(tx, {
              providerId: auth.providerId,
              id,
              type: sniffed.kind,
              mimeType,
              width,
              height,
              duration: null,
              mediaToken: randomBytes(24).toString('base64url'),
              size,
              storagePath,
              renditions,
              uploadedByPersonId: auth.personId,
            });
            for (const t of temps) await store.moveInto(t.tmp, t.target);
            return stored;
          });
          return reply.code(201).send(mediaView(row));
        } catch (err) {
          await store.remove(received, ...temps.map((t) => t.tmp));
          if (err instanceof AppError) throw err;
          if (pgError(err).code === '23505') {
            const raced: MediaRow | undefined = await findMedia(db, auth.providerId, id);
            if (raced) return reply.code(200).send(mediaView(raced));
            throw new AppError(409, 'err-conflict', 'This media id is already in use.');
          }
          throw err;
        }
      } catch (err) {
        drain();
        throw err;
      }
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
      const auth = authOf(request);
      // Only to a user who may open an event it is attached to (the event read's rule), or to its
      // uploader while it is attached to nothing; 404 otherwise, as for an unknown id.
      const config = await loadEventConfig(db, auth.providerId, auth.staffId);
      const row = await findViewableMedia(db, auth.providerId, request.params.id, {
        personId: auth.personId,
        visibility: visibilityFromConfig(config, auth.staffId!),
      });
      if (!row) throw notFound('Media not found.');
      const size = request.query.size;
      if (size && !row.renditions.includes(size)) throw notFound(`This media has no ${size} rendition.`);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(store.file(row.storagePath, size), 'r');
      } catch {
        throw notFound('Media file not found.');
      }
      const { size: bytes } = await handle.stat();
      reply
        .header('content-type', size ? RENDITION_MIME : row.mimeType)
        .header('cache-control', CACHE_CONTROL)
        .header('accept-ranges', 'bytes');
      // Single byte ranges, so Safari can play videos.
      const range = request.headers.range ? parseRange(request.headers.range, bytes) : undefined;
      if (range === null) {
        await handle.close();
        return reply.code(416).header('content-range', `bytes */${bytes}`).send();
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${bytes}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(handle.createReadStream({ start: range.start, end: range.end }));
      }
      reply.header('content-length', bytes);
      return reply.send(handle.createReadStream());
    },
  });
};
