// Media files on disk (ARCHITECTURE: files under DATA_DIR/media): the original at
// `<mediaDir>/<providerId>/<id>`, image renditions next to it as `<id>.thumbnail` and `<id>.medium`
// (WebP). Every file is written to a temporary name first and renamed into place, so a reader
// never sees half a file. The real type comes from the bytes, never from the declared Content-Type.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_WIDTH_MEDIUM } from '@nursery/domain';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

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

/** The format of a file from its first bytes, or null when it is not one we accept. */
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
  // Old QuickTime files start straight with a movie atom.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(4, 8))) {
    return { kind: 'video', mimeType: 'video/quicktime' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.includes('webm', 4, 'latin1')) {
    return { kind: 'video', mimeType: 'video/webm' };
  }
  return null;
}

export interface MediaLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
}

export const tooLarge = (limits: MediaLimits, kind: MediaKind) => {
  const max = kind === 'image' ? limits.imageMaxBytes : limits.videoMaxBytes;
  return new AppError(
    413,
    'err-media-too-large',
    `The ${kind === 'image' ? 'photo' : 'video'} is too large (at most ${formatBytes(max)}).`,
  );
};
export const unsupportedType = () =>
  new AppError(
    415,
    'err-media-type',
    'This file type is not supported. Upload a JPEG, PNG, WebP or GIF photo, or an MP4, MOV or WebM video.',
  );

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

export class MediaStore {
  constructor(readonly root: string) {}

  /** Path of a stored file (storage_path is relative to the media root). */
  file(storagePath: string, rendition?: Rendition): string {
    return path.join(this.root, rendition ? `${storagePath}.${rendition}` : storagePath);
  }

  storagePath(providerId: number, id: string): string {
    return `${providerId}/${id}`;
  }

  /** A fresh temporary path in the provider's folder (same file system, so rename is atomic). */
  async tempPath(providerId: number): Promise<string> {
    const dir = path.join(this.root, String(providerId));
    await mkdir(dir, { recursive: true });
    return path.join(dir, `.tmp-${randomBytes(12).toString('hex')}`);
  }

  /** Writes the upload to a temporary file through the counter; the temp file is removed on failure. */
  async receive(
    providerId: number,
    source: NodeJS.ReadableStream,
    counter: SniffingCounter,
  ): Promise<string> {
    const tmp = await this.tempPath(providerId);
    try {
      await pipeline(source, counter, createWriteStream(tmp, { flags: 'wx' }));
      return tmp;
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async remove(...paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => rm(p, { force: true })));
  }

  async moveInto(tmp: string, target: string): Promise<void> {
    await rename(tmp, target);
  }
}

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

/** Reads the image with sharp: a file sharp cannot decode, or of another format, is refused (415). */
export async function readImage(file: string): Promise<ImageInfo> {
  const meta = await sharp(file)
    .metadata()
    .catch(() => null);
  if (!meta) throw unsupportedType();
  const mimeType = meta.format ? SHARP_FORMATS[meta.format] : undefined;
  const height = meta.pageHeight ?? meta.height;
  if (!mimeType || !meta.width || !height) throw unsupportedType();
  // Orientations 5 to 8 are rotated a quarter turn: the displayed image is height x width.
  const turned = (meta.orientation ?? 1) >= 5;
  return { mimeType, width: turned ? height : meta.width, height: turned ? meta.width : height };
}

/** Renders a WebP rendition at most `width` pixels wide (never enlarged), upright per EXIF. */
export async function renderRendition(source: string, target: string, width: number): Promise<void> {
  try {
    await sharp(source)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(target);
  } catch {
    throw unsupportedType();
  }
}
