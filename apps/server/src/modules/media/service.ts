// The media commands (spec 000 §3 "Media"): store an upload (the photo cleaned of its metadata with its
// renditions, or the video once its whole container parses), and open a stored file for a reader.
// The id is the client's UUID, so a replayed offline upload answers the stored row and writes nothing.
// A store that fails (a full disk, a bucket that refuses: issue 32) answers 507 or 503 and keeps
// nothing: no temporary file, no object, no row.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { MultipartFields, MultipartFile } from '@fastify/multipart';
import { type Clock, canAttachMedia, mediaPermissionMessage } from '@nursery/domain/common';
import { MediaUploadFields } from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { orStorageError, storageError } from '../../lib/object-store/index.ts';
import { pgError } from '../../lib/pg-error.ts';
import { type AuditedRecord, auditChange } from '../../lib/record-audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventConfig } from '../config/index.ts';
import { visibilityFromConfig } from '../events/index.ts';
import { isValidVideo, withFileSource } from './container.ts';
import {
  eventTypeMediaFlags,
  findMedia,
  findViewableMedia,
  insertMedia,
  type MediaRow,
  mediaChildIds,
} from './queries.ts';
import {
  cleanImage,
  isFileSystemError,
  type MediaLimits,
  type MediaPut,
  type MediaStore,
  RENDITION_MIME,
  RENDITION_WIDTHS,
  type Rendition,
  readImage,
  renderRendition,
  SniffingCounter,
  tooLarge,
  unsupportedType,
} from './storage.ts';

/** Where the files live and how large they may be: one per app (media routes' options). */
export interface MediaContext {
  db: Db;
  store: MediaStore;
  limits: MediaLimits;
  /** The one clock (the audit rows' time). */
  clock: Clock;
}

export const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);

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

/** 201 stored now; 200 stored before (the same id, or a concurrent upload of it that won). */
export type UploadResult = { status: 200 | 201; row: MediaRow };

/**
 * An upload of an id already stored: the uploader's replay (an offline retry) answers the stored row;
 * anyone else's is refused without it, since its mediaToken would let them attach the medium to their
 * own event and then be served it.
 */
function replayOf(row: MediaRow, auth: AuthContext): UploadResult {
  if (row.uploadedByPersonId !== auth.personId) {
    throw new AppError(
      409,
      'err-media-id-taken',
      'This media id is already in use. Please upload the file again.',
    );
  }
  return { status: 200, row };
}

/**
 * Stores the file part of POST api/v1/media. Its fields (id, typeID) come before the file. Every
 * refusal lets the rest of the upload drain away, and removes what was written.
 */
export async function storeUpload(
  media: MediaContext,
  auth: AuthContext,
  part: MultipartFile,
  raw: IncomingMessage,
): Promise<UploadResult> {
  const { db, store, limits } = media;
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
      return replayOf(existing, auth);
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
      const guard = cutShortGuard(raw, part.file);
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
      // The temporary file could not be written (a full disk): the receive removed it.
      if (isFileSystemError(err)) throw Object.assign(storageError(err), { cause: err });
      throw err;
    }
    // The upload as received: a video's is put into the store once it parses; a photo's is removed
    // as soon as its clean copy is made, and on any refusal.
    const received = tmp;
    const storagePath = store.storagePath(auth.providerId, id);
    const puts: MediaPut[] = [];
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
        const clean = await cleanImage(received, mimeType, limits);
        ({ width, height } = clean);
        size = clean.bytes.length;
        puts.push({ key: storagePath, source: { bytes: clean.bytes }, contentType: mimeType });
        for (const r of ['thumbnail', 'medium'] as const) {
          const bytes = await renderRendition(clean.bytes, RENDITION_WIDTHS[r], limits);
          puts.push({ key: store.key(storagePath, r), source: { bytes }, contentType: RENDITION_MIME });
          renditions.push(r);
        }
        await store.remove(received); // never kept: it carries the metadata
      } else {
        // The whole container must parse, not only its first bytes.
        if (!(await withFileSource(received, (src) => isValidVideo(src, sniffed.mimeType)))) {
          throw unsupportedType();
        }
        puts.push({ key: storagePath, source: { file: received }, contentType: mimeType });
      }
      // The row and the files arrive together: the puts run inside the insert's transaction, so a
      // concurrent upload of the same id waits on the row lock and never writes over them, and a put
      // that fails (putAll deletes what it stored) rolls the row back.
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
        await auditChange(tx, auth, 'create', [{ type: 'media', id, childId: null }], media.clock.now());
        await store.putAll(puts);
        return stored;
      });
      return { status: 201, row };
    } catch (err) {
      await store.remove(received);
      if (err instanceof AppError) throw err;
      if (pgError(err).code === '23505') {
        const raced: MediaRow | undefined = await findMedia(db, auth.providerId, id);
        if (raced) return replayOf(raced, auth);
        throw new AppError(409, 'err-conflict', 'This media id is already in use.');
      }
      throw err;
    }
  } catch (err) {
    drain();
    throw err;
  }
}

/**
 * The stored file for a reader, opened (the caller closes or streams it): only to a user who may open
 * an event it is attached to (the event read's rule), or to its uploader while it is attached to
 * nothing; 404 otherwise, as for an unknown id.
 */
export async function openMediaFile(media: MediaContext, auth: AuthContext, id: string, size?: Rendition) {
  const { db, store } = media;
  const config = await loadEventConfig(db, auth.providerId, auth.staffId);
  const visibility = visibilityFromConfig(config, auth.staffId!, auth.siteIds);
  const [row, childIds] = await Promise.all([
    findViewableMedia(db, auth.providerId, id, { personId: auth.personId, visibility }),
    mediaChildIds(db, auth.providerId, id, visibility),
  ]);
  if (!row) throw notFound('Media not found.');
  // The audit trail's read rows (written by the route once the file is open): one per child shown.
  const audited: AuditedRecord[] = (childIds.length ? childIds : [null]).map((childId) => ({
    type: 'media',
    id,
    childId,
  }));
  if (size && !row.renditions.includes(size)) throw notFound(`This media has no ${size} rendition.`);
  const object = await orStorageError(() => store.objects.open(store.key(row.storagePath, size)));
  if (!object) throw notFound('Media file not found.');
  return { object, contentType: size ? RENDITION_MIME : row.mimeType, audited };
}
