// Media files (ARCHITECTURE: files under DATA_DIR/media, or a bucket: lib/object-store): the
// original under the key `<providerId>/<id>` (for a photo, re-encoded upright without its metadata),
// image renditions beside it as `<id>.thumbnail` and `<id>.medium` (WebP). An upload is received into
// a temporary file in the media folder (`<providerId>/.tmp-*`, on local disk whichever store keeps the
// objects) and checked there; what is kept is then put into the object store whole. The real type
// comes from the bytes, never from the declared Content-Type.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_WIDTH_MEDIUM } from '@nursery/domain/common';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '../../lib/errors.ts';
import {
  deleteQuietly,
  type ObjectStore,
  orStorageError,
  type PutSource,
} from '../../lib/object-store/index.ts';

export type MediaKind = 'image' | 'video';
export type Rendition = 'thumbnail' | 'medium';

export const THUMBNAIL_WIDTH = 320;
export const RENDITION_WIDTHS: Record<Rendition, number> = {
  thumbnail: THUMBNAIL_WIDTH,
  medium: IMAGE_WIDTH_MEDIUM,
};
/** Renditions are WebP: small, keeps transparency, shown by every browser the app supports. */
export const RENDITION_MIME = 'image/webp';

export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const VIDEO_MIMES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

export interface Sniffed {
  kind: MediaKind;
  mimeType: string;
}

/** Bytes needed to recognise every supported format. */
export const SNIFF_BYTES = 64;

/** ISO-BMFF brands that are still images (HEIC, AVIF), not videos: not supported. */
const IMAGE_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/**
 * The format of a file from its first bytes, or null when it is not one we accept. Only a first
 * guess: images must then decode (readImage) and videos parse to the end (container.ts).
 */
export function sniff(head: Buffer): Sniffed | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'image', mimeType: 'image/jpeg' };
  }
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { kind: 'image', mimeType: 'image/png' };
  }
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { kind: 'image', mimeType: 'image/gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'image', mimeType: 'image/webp' };
  if (ascii(4, 8) === 'ftyp' && head.length >= 12) {
    const brand = ascii(8, 12);
    if (IMAGE_BRANDS.has(brand)) return null;
    return { kind: 'video', mimeType: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4' };
  }
  // QuickTime files without an ftyp box (before 2001) are not accepted: isIsoBmff needs one first.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.includes('webm', 4, 'latin1')) {
    return { kind: 'video', mimeType: 'video/webm' };
  }
  return null;
}

export interface MediaLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  /** Most pixels of a photo (all frames of an animated one), read from its header. */
  imageMaxPixels: number;
}

export const tooLarge = (limits: MediaLimits, kind: MediaKind) => {
  const max = kind === 'image' ? limits.imageMaxBytes : limits.videoMaxBytes;
  return new AppError(
    413,
    'err-media-too-large',
    `The ${kind === 'image' ? 'photo' : 'video'} is too large (at most ${formatBytes(max)}).`,
  );
};
export const tooManyPixels = (limits: MediaLimits) =>
  new AppError(
    413,
    'err-media-too-large',
    `The photo is too large (at most ${formatPixels(limits.imageMaxPixels)}).`,
  );
export const unsupportedType = () =>
  new AppError(
    415,
    'err-media-type',
    'This file type is not supported. Upload a JPEG, PNG, WebP or GIF photo, or an MP4, MOV or WebM video.',
  );

function formatPixels(n: number): string {
  const mp = n / 1_000_000;
  return mp >= 1 ? `${Number.isInteger(mp) ? mp : mp.toFixed(1)} megapixels` : `${n} pixels`;
}

function formatBytes(n: number): string {
  const mib = n / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/**
 * Passes the upload through, recognising its format from the first bytes (`onSniff` may refuse it,
 * e.g. for permissions) and refusing it as soon as it passes the limit for its kind.
 */
export class SniffingCounter extends Transform {
  bytes = 0;
  sniffed: Sniffed | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly limits: MediaLimits,
    private readonly onSniff: (s: Sniffed) => void,
  ) {
    super();
  }

  private decide(): void {
    const found = sniff(Buffer.concat(this.head));
    this.head = [];
    if (!found) throw unsupportedType();
    this.onSniff(found);
    this.sniffed = found;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.bytes += chunk.length;
      if (!this.sniffed) {
        this.head.push(chunk);
        this.headBytes += chunk.length;
        if (this.headBytes >= SNIFF_BYTES) this.decide();
      }
      const max = this.sniffed
        ? this.sniffed.kind === 'image'
          ? this.limits.imageMaxBytes
          : this.limits.videoMaxBytes
        : Math.max(this.limits.imageMaxBytes, this.limits.videoMaxBytes);
      if (this.bytes > max) throw tooLarge(this.limits, this.sniffed?.kind ?? 'video');
      done(null, chunk);
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      if (!this.sniffed) this.decide();
      done();
    } catch (err) {
      done(err as Error);
    }
  }
}

/** An object an upload stores, once its row is written. */
export interface MediaPut {
  key: string;
  source: PutSource;
  contentType: string;
}

export class MediaStore {
  /**
   * @param scratch the media folder on local disk: the temporary files of uploads being received.
   * @param objects where the kept files go (the disk store at the same folder, or a bucket).
   */
  constructor(
    readonly scratch: string,
    readonly objects: ObjectStore,
  ) {}

  /** The object key of a stored file (storage_path is the original's key; renditions sit beside it). */
  key(storagePath: string, rendition?: Rendition): string {
    return rendition ? `${storagePath}.${rendition}` : storagePath;
  }

  storagePath(providerId: number, id: string): string {
    return `${providerId}/${id}`;
  }

  /** A fresh temporary path in the provider's folder (same file system as the disk store: a put is a rename). */
  async tempPath(providerId: number): Promise<string> {
    const dir = path.join(this.scratch, String(providerId));
    await mkdir(dir, { recursive: true });
    return path.join(dir, `.tmp-${randomBytes(12).toString('hex')}`);
  }

  /** Writes the upload to a temporary file through the counter; the temp file is removed on failure. */
  async receive(
    providerId: number,
    source: NodeJS.ReadableStream,
    counter: SniffingCounter,
    signal?: AbortSignal,
  ): Promise<string> {
    const tmp = await this.tempPath(providerId);
    const out = createWriteStream(tmp, { flags: 'wx' });
    try {
      await pipeline(source, counter, out, { signal });
      return tmp;
    } catch (err) {
      // The file is created when the stream's open completes, which may be after the pipeline has
      // failed (an upload refused in its first bytes): removing it before the stream has closed left
      // an empty temp file behind (seen in CI under load). Wait for the close, then remove.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** Removes temporary files. */
  async remove(...paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => rm(p, { force: true })));
  }

  /**
   * Stores the upload's objects, all or none: when one put fails, every object already put (and the
   * one that failed, in case it left a part) is deleted, and the failure answers 507 or 503
   * (storageError). The caller runs this in the row's transaction, so a failure rolls the row back.
   */
  async putAll(puts: readonly MediaPut[]): Promise<void> {
    const attempted: string[] = [];
    try {
      for (const p of puts) {
        attempted.push(p.key);
        await orStorageError(() => this.objects.put(p.key, p.source, p.contentType));
      }
    } catch (err) {
      await deleteQuietly(this.objects, attempted);
      throw err;
    }
  }
}

/** A file system's own failure (writing the temporary file: a full disk), not the client's stream. */
export const isFileSystemError = (err: unknown) =>
  typeof (err as { syscall?: unknown })?.syscall === 'string';

export interface ImageInfo {
  mimeType: string;
  /** Displayed size (after the EXIF orientation). */
  width: number;
  height: number;
}

const SHARP_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Formats that may hold several frames: read them all, so an animation stays one. */
const ANIMATED_MIMES = new Set(['image/gif', 'image/webp']);

/**
 * sharp's input options for an upload: the pixel limit (checked from the header, before any pixel
 * is decoded; for an animation, over all its frames) and every frame of an animated format.
 */
const inputOptions = (limits: MediaLimits, mimeType: string | null): SharpOptions => ({
  limitInputPixels: limits.imageMaxPixels,
  animated: mimeType !== null && ANIMATED_MIMES.has(mimeType),
});

/** The refusal for a sharp failure: over the pixel limit (413), anything else unreadable (415). */
function sharpRefusal(err: unknown, limits: MediaLimits): AppError {
  return /pixel limit/i.test((err as Error)?.message ?? '') ? tooManyPixels(limits) : unsupportedType();
}

/**
 * Reads the image header with sharp: a file sharp cannot read, or of another format, is refused
 * (415), one over the pixel limit too (413). Nothing is decoded yet.
 */
export async function readImage(file: string, limits: MediaLimits): Promise<ImageInfo> {
  const first = await sharp(file, inputOptions(limits, null))
    .metadata()
    .catch((err: unknown) => {
      throw sharpRefusal(err, limits);
    });
  const mimeType = first.format ? SHARP_FORMATS[first.format] : undefined;
  if (!mimeType) throw unsupportedType();
  // An animation's frames count together (sharp checks the whole strip with animated: true).
  const meta = ANIMATED_MIMES.has(mimeType)
    ? await sharp(file, inputOptions(limits, mimeType))
        .metadata()
        .catch((err: unknown) => {
          throw sharpRefusal(err, limits);
        })
    : first;
  const height = meta.pageHeight ?? meta.height;
  if (!meta.width || !height) throw unsupportedType();
  if (meta.width * height * (meta.pages ?? 1) > limits.imageMaxPixels) throw tooManyPixels(limits);
  // Orientations 5 to 8 are rotated a quarter turn: the displayed image is height x width.
  const turned = (meta.orientation ?? 1) >= 5;
  return { mimeType, width: turned ? height : meta.width, height: turned ? meta.width : height };
}

/**
 * The photo as it is stored: the EXIF orientation applied to the pixels, then re-encoded in its own
 * format without any metadata (EXIF with GPS, XMP, IPTC, comments; sharp keeps none unless told),
 * keeping only the colour profile. An animated GIF or WebP keeps its frames, delays and loop.
 * Answers the bytes and the stored (upright) width and height, which the row records.
 */
export async function cleanImage(
  source: string,
  mimeType: string,
  limits: MediaLimits,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  let image = sharp(source, inputOptions(limits, mimeType)).rotate().keepIccProfile();
  if (mimeType === 'image/jpeg') image = image.jpeg({ quality: 92 });
  else if (mimeType === 'image/png') image = image.png();
  else if (mimeType === 'image/webp') image = image.webp({ quality: 90 });
  else if (mimeType === 'image/gif') image = image.gif();
  else throw unsupportedType();
  try {
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    throw sharpRefusal(err, limits);
  }
}

/** A WebP rendition (first frame) at most `width` pixels wide (never enlarged), upright per EXIF. */
export async function renderRendition(source: Buffer, width: number, limits: MediaLimits): Promise<Buffer> {
  try {
    return await sharp(source, { limitInputPixels: limits.imageMaxPixels })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    throw sharpRefusal(err, limits);
  }
}
