/**
 * The photo preparation's rules (issue 13 "Photos"), free of imports so the worker (photoWorker.ts)
 * bundles nothing else: how large a prepared photo is, what it is encoded as, and when a photo must be
 * re-encoded at all. The panel's checks (mediaRules.ts) build on them.
 */

/** Longest edge of a photo as uploaded (px): plenty for a learning journal, a twelfth of the bytes. */
export const PHOTO_MAX_EDGE = 2560;
/** JPEG quality of a prepared photo (0..1); the server re-encodes the original at 92 anyway. */
export const PHOTO_JPEG_QUALITY = 0.88;
/** WebP quality of a prepared photo whose source was PNG or WebP (keeps transparency). */
export const PHOTO_WEBP_QUALITY = 0.9;
/** Photo types the server stores as they are (apps/server media/storage.ts IMAGE_MIMES). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Whether the server stores the photo as it is: a type it takes, within its size limit. */
export function storableAsIs(file: { type: string; size: number }, maxBytes: number): boolean {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= maxBytes;
}

/** The size a photo is drawn at: the long edge at most `maxEdge`, proportions kept, whole pixels. */
export function targetSize(
  width: number,
  height: number,
  maxEdge = PHOTO_MAX_EDGE,
): { width: number; height: number; scaled: boolean } {
  const long = Math.max(width, height);
  if (long <= maxEdge) return { width, height, scaled: false };
  const k = maxEdge / long;
  return {
    width: Math.max(1, Math.round(width * k)),
    height: Math.max(1, Math.round(height * k)),
    scaled: true,
  };
}

/**
 * The type a photo is re-encoded to: WebP when the source may hold transparency (PNG, WebP), JPEG
 * otherwise (camera photos, HEIC/AVIF that the browser could decode).
 */
export function outputTypeFor(sourceType: string): 'image/jpeg' | 'image/webp' {
  return sourceType === 'image/png' || sourceType === 'image/webp' ? 'image/webp' : 'image/jpeg';
}

/** The file name with the extension of its new type ("IMG_0001.HEIC" → "IMG_0001.jpg"). */
export function renamedFor(name: string, type: string): string {
  const ext = type === 'image/webp' ? 'webp' : type === 'image/png' ? 'png' : 'jpg';
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '') || 'photo';
  return `${base}.${ext}`;
}

/**
 * Whether the worker must re-encode the photo: it is larger than PHOTO_MAX_EDGE, of a type the
 * server does not store (HEIC, AVIF, BMP the browser decoded), or over the server's size limit.
 * GIFs and animated WebPs are never re-encoded (a canvas keeps only the first frame).
 */
export function needsReencode(
  info: { type: string; size: number; width: number; height: number; animated: boolean },
  maxBytes: number,
  maxEdge = PHOTO_MAX_EDGE,
): boolean {
  if (info.animated) return false;
  if (Math.max(info.width, info.height) > maxEdge) return true;
  return !storableAsIs(info, maxBytes);
}
