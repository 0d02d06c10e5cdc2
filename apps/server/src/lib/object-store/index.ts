// THE storage of media files, signature images and profile photos (issue 32): one interface, two
// implementations. Local disk (disk.ts, DATA_DIR/media: the default, the paths as they always were)
// or an S3-compatible bucket (s3.ts, when S3_URL and S3_BUCKET are set). A key is the path relative
// to the media root the rows already keep (`<providerId>/<id>`, `<id>.thumbnail`, `sig-<key>.png`,
// `people/<personId>.jpg`). Reads go through the app (streamed through), so every access check stays
// where it is: the bucket is private and never hands out a URL.
import type { Readable } from 'node:stream';
import { formatMessage } from '@nursery/domain/common';
import { AppError } from '../errors.ts';

/** What a put stores: bytes in memory, or a local file that is moved in (renamed or uploaded, then removed). */
export type PutSource = { bytes: Buffer } | { file: string };

/**
 * A stored object opened for reading: its size, then either its bytes as one stream (a byte range,
 * both ends included; the stream lets go of the object when it ends) or close() when they are not read.
 */
export interface OpenedObject {
  size: number;
  stream(range?: { start: number; end: number }): Promise<Readable>;
  close(): Promise<void>;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the object whole or not at all: a reader never sees part of it. A failure throws (the
   * caller maps it with storageError and removes what else it stored); a `file` source is left in
   * place on failure for the caller to remove.
   */
  put(key: string, source: PutSource, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
  /** The whole object's bytes (small objects: signatures, profile photos), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the objects; a key with no object is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The keys that start with `prefix` (erasure finds a medium's renditions beside it). */
  list(prefix: string): Promise<string[]>;
}

/**
 * A key as the rows keep it: relative, '/'-separated, no empty, '.' or '..' segment. A key from the
 * database that is not one is never ours: reads answer nothing, deletes skip it, puts refuse it.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Disk errors that mean "no room": the disk is full, or the user's quota is. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

export const storageFull = () => new AppError(507, 'err-storage-full', formatMessage('err-storage-full'));
export const storageUnavailable = () =>
  new AppError(503, 'err-storage-unavailable', formatMessage('err-storage-unavailable'), {
    'retry-after': '30',
  });

/**
 * The answer for a failed write or read of the store: 507 err-storage-full when the disk (or the
 * bucket's quota) has no room, 503 err-storage-unavailable with Retry-After for anything else the
 * store refused (an I/O error, a read-only disk, a bucket that refuses or does not answer). An
 * AppError (a refusal of the file itself) passes through.
 */
export function storageError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: unknown; name?: unknown; Code?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const name = typeof e?.name === 'string' ? e.name : typeof e?.Code === 'string' ? e.Code : undefined;
  if ((code && FULL_CODES.has(code)) || name === 'QuotaExceeded' || name === 'EntityTooLarge')
    return storageFull();
  return storageUnavailable();
}

/** Runs a store operation; its failure becomes storageError's answer (the cause stays for the log). */
export async function orStorageError<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    const answer = storageError(err);
    if (answer !== err) Object.assign(answer, { cause: err });
    throw answer;
  }
}

/** Removes the keys, never failing the caller (it is already answering another failure). */
export async function deleteQuietly(store: ObjectStore, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await store.delete(keys).catch(() => undefined);
}
