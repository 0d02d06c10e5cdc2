/**
 * The Web Worker that prepares a photo before it is uploaded or queued (issue 13 "Photos"): decodes it
 * with the EXIF orientation applied (createImageBitmap, imageOrientation 'from-image'), and when it is
 * larger than PHOTO_MAX_EDGE, of a type the server does not store, or over its size limit, draws it
 * at most PHOTO_MAX_EDGE on the long edge on an OffscreenCanvas and encodes it again (JPEG, or WebP
 * for PNG/WebP sources so transparency survives). The re-encoded copy has no metadata (no GPS); a
 * JPEG small enough to go as it is loses its metadata segments without re-encoding. None of this
 * runs on the main thread, so the form stays responsive while a 30 MB photo is prepared.
 *
 * Messages in: PrepareRequest. Out: PrepareMessage (progress, then done or failed), by request id.
 */
import { stripJpegMetadata } from './jpegMetadata';
import type { PrepareMessage, PrepareRequest } from './photoProtocol';
import { isAnimatedWebp } from './photoProtocol';
import {
  needsReencode,
  outputTypeFor,
  PHOTO_JPEG_QUALITY,
  PHOTO_WEBP_QUALITY,
  renamedFor,
  targetSize,
} from './photoRules';

interface WorkerScope {
  onmessage: ((e: MessageEvent<PrepareRequest>) => void) | null;
  postMessage(message: PrepareMessage): void;
}
const scope = self as unknown as WorkerScope;

async function prepare(req: PrepareRequest, progress: (fraction: number) => void): Promise<PrepareMessage> {
  const { id, file, type, maxEdge, maxBytes } = req;
  // A GIF or an animated WebP would lose its animation on a canvas: it goes as it is.
  if (type === 'image/gif') return { id, kind: 'done', unchanged: true };
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const animated = type === 'image/webp' && isAnimatedWebp(head);
  if (animated) return { id, kind: 'done', unchanged: true };

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { id, kind: 'failed', reason: 'unreadable' };
  }
  progress(0.4);
  const source = { width: bitmap.width, height: bitmap.height };
  try {
    if (!needsReencode({ type, size: file.size, ...source, animated: false }, maxBytes, maxEdge)) {
      if (type !== 'image/jpeg') return { id, kind: 'done', unchanged: true, ...source };
      const stripped = stripJpegMetadata(new Uint8Array(await file.arrayBuffer()));
      if (!stripped) return { id, kind: 'done', unchanged: true, ...source };
      const blob = new Blob([stripped as Uint8Array<ArrayBuffer>], { type });
      return { id, kind: 'done', unchanged: false, blob, name: file.name, ...source, ...sourceAs(source) };
    }
    const size = targetSize(source.width, source.height, maxEdge);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return { id, kind: 'failed', reason: 'unreadable' };
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    const wanted = outputTypeFor(type);
    // A JPEG has no transparency: what was transparent becomes white, not black.
    if (wanted === 'image/jpeg') {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size.width, size.height);
    }
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    progress(0.7);
    let blob = await canvas.convertToBlob({
      type: wanted,
      quality: wanted === 'image/webp' ? PHOTO_WEBP_QUALITY : PHOTO_JPEG_QUALITY,
    });
    // A browser without a WebP encoder answers PNG; one without either (never seen) gets JPEG.
    if (blob.type !== wanted && blob.type !== 'image/png')
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
    progress(0.95);
    return {
      id,
      kind: 'done',
      unchanged: false,
      blob,
      name: renamedFor(file.name, blob.type),
      ...source,
      outWidth: size.width,
      outHeight: size.height,
    };
  } finally {
    bitmap.close();
  }
}

const sourceAs = (s: { width: number; height: number }) => ({ outWidth: s.width, outHeight: s.height });

scope.onmessage = (e) => {
  const req = e.data;
  const progress = (fraction: number) => scope.postMessage({ id: req.id, kind: 'progress', fraction });
  prepare(req, progress).then(
    (message) => scope.postMessage(message),
    () => scope.postMessage({ id: req.id, kind: 'failed', reason: 'unreadable' }),
  );
};
