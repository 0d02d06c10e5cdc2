// Video containers checked across the whole file, not only their first bytes: a file that starts
// like an MP4 or a WebM but does not parse as one is refused (415). The parsers read element
// headers only (never the media data), so a 200 MB video costs a few reads (MP4) or one pass over
// its block headers (WebM clusters of unknown size, as browsers' recorders write them).
import { open } from 'node:fs/promises';

/** Random access to the bytes of a file or a buffer; a read at the end may answer fewer bytes. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(buf: Buffer): ByteSource {
  return {
    size: buf.length,
    read: async (offset, length) => buf.subarray(offset, Math.min(buf.length, offset + length)),
  };
}

const WINDOW = 64 * 1024;

/** Runs `fn` on the file as a ByteSource, reading through a 64 KiB window (many small reads are cheap). */
export async function withFileSource<T>(file: string, fn: (src: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    let windowStart = 0;
    let window = Buffer.alloc(0);
    const read = async (offset: number, length: number): Promise<Buffer> => {
      const end = Math.min(size, offset + length);
      if (offset >= windowStart && end <= windowStart + window.length) {
        return window.subarray(offset - windowStart, end - windowStart);
      }
      const want = Math.max(length, WINDOW);
      const buf = Buffer.alloc(Math.min(want, Math.max(0, size - offset)));
      const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
      windowStart = offset;
      window = buf.subarray(0, bytesRead);
      return window.subarray(0, Math.min(length, bytesRead));
    };
    return await fn({ size, read });
  } finally {
    await handle.close();
  }
}

/**
 * Most elements a parser walks (boxes, EBML elements): an hour of 60 fps video with audio is well
 * under a million blocks; a file made of millions of empty elements is refused, not walked.
 */
export const MAX_ELEMENTS = 2_000_000;

/* ------------------------------------------------------------------ ISO-BMFF (MP4, MOV) */

interface Box {
  type: string;
  /** Offset of the box, of its content, and of its end. */
  start: number;
  content: number;
  end: number;
}

const isBoxType = (b: Buffer) => b.length === 4 && b.every((c) => c >= 0x20 && c <= 0x7e);

/**
 * The boxes between `from` and `to` (which they must fill exactly), or null when they do not
 * parse: a header past the end, a size below its header, a box past `to`, a type that is not four
 * printable characters. Size 0 (to the end) is only allowed when `toEndAllowed` (the top level).
 */
async function boxesIn(
  src: ByteSource,
  from: number,
  to: number,
  toEndAllowed: boolean,
): Promise<Box[] | null> {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (boxes.length >= MAX_ELEMENTS || to - at < 8) return null;
    const head = await src.read(at, 16);
    if (head.length < 8) return null;
    const type = head.subarray(4, 8);
    if (!isBoxType(type)) return null;
    let size = head.readUInt32BE(0);
    let header = 8;
    if (size === 1) {
      if (head.length < 16 || to - at < 16) return null;
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      if (!toEndAllowed) return null;
      size = to - at;
    }
    if (size < header || at + size > to) return null;
    boxes.push({ type: type.toString('latin1'), start: at, content: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

/**
 * True when the file is an ISO base media file (MP4, MOV): top-level boxes that add up exactly to
 * the file's length, an `ftyp` first (with whole brands), one `moov` whose own boxes add up
 * exactly to it and include the movie header `mvhd`.
 */
export async function isIsoBmff(src: ByteSource): Promise<boolean> {
  const top = await boxesIn(src, 0, src.size, true);
  if (!top || top.length === 0) return false;
  const ftyp = top[0]!;
  const brandBytes = ftyp.end - ftyp.content;
  if (ftyp.type !== 'ftyp' || brandBytes < 8 || brandBytes % 4 !== 0) return false;
  if (top.filter((b) => b.type === 'ftyp').length !== 1) return false;
  const moovs = top.filter((b) => b.type === 'moov');
  if (moovs.length !== 1) return false;
  const moov = moovs[0]!;
  const children = await boxesIn(src, moov.content, moov.end, false);
  return !!children?.some((b) => b.type === 'mvhd');
}

/* ------------------------------------------------------------------ EBML (WebM) */

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const EBML_READ_VERSION = 0x42f7;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
/** Elements that may follow a Cluster in a Segment: they end a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0x1043a770, // Chapters
  0x1941a469, // Attachments
]);

interface Element {
  id: number;
  /** Offset of the element's data (after its id and size). */
  data: number;
  /** Size of the data; null = unknown size (all ones). */
  size: number | null;
}

/** The EBML element header at `at`, or null when it does not parse (ids up to 4 bytes, sizes up to 8). */
async function elementAt(src: ByteSource, at: number): Promise<Element | null> {
  const head = await src.read(at, 12);
  const first = head[0];
  if (first === undefined || first === 0) return null;
  const idLength = Math.clz32(first) - 23; // leading zeros of the byte, plus one
  if (idLength > 4 || head.length < idLength + 1) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + head[i]!;
  const sizeFirst = head[idLength]!;
  if (sizeFirst === 0) return null;
  const sizeLength = Math.clz32(sizeFirst) - 23;
  if (head.length < idLength + sizeLength) return null;
  let size = sizeFirst & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const b = head[idLength + i]!;
    size = size * 256 + b;
    allOnes &&= b === 0xff;
  }
  if (!allOnes && size > Number.MAX_SAFE_INTEGER) return null;
  return { id, data: at + idLength + sizeLength, size: allOnes ? null : size };
}

/** The header's children (id → data), or null when they do not fill it exactly. */
async function ebmlHeaderFields(
  src: ByteSource,
  from: number,
  to: number,
): Promise<Map<number, Buffer> | null> {
  const fields = new Map<number, Buffer>();
  let at = from;
  while (at < to) {
    const e = await elementAt(src, at);
    if (!e || e.size === null || e.data + e.size > to) return null;
    fields.set(e.id, await src.read(e.data, e.size));
    at = e.data + e.size;
  }
  return fields;
}

const uint = (b: Buffer | undefined) => (b ? b.reduce((n, x) => n * 256 + x, 0) : undefined);

/**
 * True when the file is a WebM: an EBML header that parses exactly (DocType "webm", read version
 * 1), then a Segment to the end of the file (its size equals what follows, or unknown as live
 * recorders write), whose elements fill it exactly and include Info and Tracks. A Cluster of
 * unknown size runs until the next Segment-level element; its own elements must have known sizes.
 */
export async function isWebm(src: ByteSource): Promise<boolean> {
  const header = await elementAt(src, 0);
  if (!header || header.id !== EBML_HEADER || header.size === null || header.size > 4096) return false;
  const headerEnd = header.data + header.size;
  if (headerEnd > src.size) return false;
  const fields = await ebmlHeaderFields(src, header.data, headerEnd);
  if (!fields) return false;
  const docType = fields.get(DOC_TYPE)?.toString('latin1').replace(/\0+$/, '');
  if (docType !== 'webm') return false;
  const readVersion = uint(fields.get(EBML_READ_VERSION));
  if (readVersion !== undefined && readVersion !== 1) return false;

  const segment = await elementAt(src, headerEnd);
  if (!segment || segment.id !== SEGMENT) return false;
  if (segment.size !== null && segment.data + segment.size !== src.size) return false;
  const end = src.size;
  const seen = new Set<number>();
  let count = 0;
  let at = segment.data;
  let clusterOpen = false; // inside a Cluster of unknown size
  while (at < end) {
    if (++count > MAX_ELEMENTS) return false;
    const e = await elementAt(src, at);
    if (!e) return false;
    if (clusterOpen && SEGMENT_CHILDREN.has(e.id)) clusterOpen = false;
    if (e.size === null) {
      // Only a Segment-level Cluster may have an unknown size (the Segment's was handled above).
      if (clusterOpen || e.id !== CLUSTER) return false;
      seen.add(e.id);
      clusterOpen = true;
      at = e.data;
      continue;
    }
    if (e.data + e.size > end) return false;
    if (!clusterOpen) seen.add(e.id);
    at = e.data + e.size;
  }
  return at === end && seen.has(INFO) && seen.has(TRACKS);
}

/** True when the stored video parses as the container its first bytes announced. */
export async function isValidVideo(src: ByteSource, mimeType: string): Promise<boolean> {
  if (mimeType === 'video/webm') return isWebm(src);
  if (mimeType === 'video/mp4' || mimeType === 'video/quicktime') return isIsoBmff(src);
  return false;
}
