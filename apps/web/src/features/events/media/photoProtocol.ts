/** The messages between the media panel (photoPrep.ts) and the photo worker (photoWorker.ts). */

export interface PrepareRequest {
  id: string;
  file: File;
  /** The file's effective MIME type (mediaRules.effectiveType). */
  type: string;
  maxEdge: number;
  /** The server's photo size limit (bytes): a photo over it is re-encoded even when small enough. */
  maxBytes: number;
}

export type PrepareMessage =
  | { id: string; kind: 'progress'; fraction: number }
  /** Goes as picked (small enough, a GIF or animated WebP); the size when it was decoded. */
  | { id: string; kind: 'done'; unchanged: true; width?: number; height?: number }
  /** A new copy: downscaled and re-encoded, or a JPEG without its metadata. */
  | {
      id: string;
      kind: 'done';
      unchanged: false;
      blob: Blob;
      name: string;
      width: number;
      height: number;
      outWidth: number;
      outHeight: number;
    }
  /** The browser could not decode it (HEIC in Chromium, a damaged file). */
  | { id: string; kind: 'failed'; reason: 'unreadable' };

/** A WebP with the animation flag in its VP8X header (the first 32 bytes are enough). */
export function isAnimatedWebp(head: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return (
    head.length >= 21 &&
    text(0, 4) === 'RIFF' &&
    text(8, 12) === 'WEBP' &&
    text(12, 16) === 'VP8X' &&
    ((head[20] ?? 0) & 0x02) !== 0
  );
}
