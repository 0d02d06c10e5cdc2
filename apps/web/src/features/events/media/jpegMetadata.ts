/**
 * Drops a JPEG's metadata without re-encoding it (issue 13: the device copy of a photo keeps no GPS):
 * the APP1 segments (EXIF with GPS, XMP), APP13 (IPTC) and comments go; the picture data, the ICC
 * colour profile (APP2) and Adobe's colour transform (APP14) stay byte for byte. An EXIF orientation
 * other than 1 is kept in a minimal EXIF block of that one tag, so a photo taken sideways still shows
 * upright. Used for photos small enough to upload as they are; larger ones are re-encoded anyway.
 */

const SOI = 0xd8;
const SOS = 0xda;
const APP1 = 0xe1;
const APP13 = 0xed;
const COM = 0xfe;

/** Markers that stand alone (no length): TEM and RST0..7 (SOI is read before the loop). */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/** The EXIF orientation (1..8) from an APP1 payload starting with "Exif\0\0", or null. */
export function exifOrientation(app1: Uint8Array): number | null {
  if (app1.length < 14) return null;
  const head = String.fromCharCode(...app1.subarray(0, 6));
  if (head !== 'Exif\0\0') return null;
  const tiff = 6;
  const little = app1[tiff] === 0x49 && app1[tiff + 1] === 0x49;
  const big = app1[tiff] === 0x4d && app1[tiff + 1] === 0x4d;
  if (!little && !big) return null;
  const view = new DataView(app1.buffer, app1.byteOffset, app1.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(tiff + 2) !== 0x2a) return null;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > app1.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > app1.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment (marker included) holding only the orientation tag. */
function orientationSegment(orientation: number): Uint8Array {
  // "Exif\0\0", big-endian TIFF header, IFD0 with one SHORT entry 0x0112, no next IFD.
  const payload = [
    0x45,
    0x78,
    0x69,
    0x66,
    0,
    0,
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...payload]);
}

/**
 * The JPEG without its metadata segments, or null when it has none to drop (or is not a JPEG this
 * reader follows: then the caller keeps the file as it is and the server strips it on upload).
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let dropped = false;
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) return null;
    // Fill bytes (0xFF repeated) may precede a marker.
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt += 1;
    const marker = bytes[markerAt + 1] ?? 0;
    if (standalone(marker)) {
      kept.push(bytes.subarray(at, markerAt + 2));
      at = markerAt + 2;
      continue;
    }
    if (markerAt + 3 >= bytes.length) return null;
    const length = ((bytes[markerAt + 2] ?? 0) << 8) | (bytes[markerAt + 3] ?? 0);
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === SOS) {
      // The scan and everything after it (more scans, EOI) go unchanged.
      kept.push(bytes.subarray(at));
      break;
    }
    if (marker === APP1 || marker === APP13 || marker === COM) {
      if (marker === APP1) orientation ??= exifOrientation(bytes.subarray(markerAt + 4, end));
      dropped = true;
    } else {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
  if (!dropped) return null;
  if (orientation !== null && orientation !== 1) {
    // After the JFIF header (APP0) when there is one, as cameras write it.
    const afterApp0 = kept[1]?.[0] === 0xff && kept[1]?.[1] === 0xe0 ? 2 : 1;
    kept.splice(afterApp0, 0, orientationSegment(orientation));
  }
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
