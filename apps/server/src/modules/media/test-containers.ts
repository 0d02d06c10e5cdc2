// Hand-built video containers for the tests: ISO-BMFF boxes and EBML (WebM) elements.

/** An ISO-BMFF box: 32-bit size, four-letter type, content. */
export function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A box with size 1 and a 64-bit largesize. */
export function largeBox(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([head, body]);
}

/** A box with size 0 (runs to the end of the file). */
export function toEndBox(type: string, ...content: Buffer[]): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, ...content]);
}

export const ftyp = (major = 'isom', compatible = ['isom', 'mp42']) =>
  box(
    'ftyp',
    Buffer.from(major, 'latin1'),
    Buffer.alloc(4),
    ...compatible.map((b) => Buffer.from(b, 'latin1')),
  );

export const moov = () =>
  box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', Buffer.alloc(84))));

/** A small valid MP4 of exactly `bytes` bytes (ftyp, moov, then mdat filling the rest). */
export function mp4(bytes = 2000): Buffer {
  const head = Buffer.concat([ftyp(), moov()]);
  return Buffer.concat([head, box('mdat', Buffer.alloc(Math.max(0, bytes - head.length - 8)))]);
}

/** An EBML variable-size integer of the shortest length (or `length` bytes). */
export function vint(n: number, length?: number): Buffer {
  let len = length ?? 1;
  while (length === undefined && n >= 2 ** (7 * len) - 1) len++;
  const out = Buffer.alloc(len);
  let v = n;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (len - 1);
  return out;
}

/** The unknown size (all ones) in 8 bytes, as live recorders write it. */
export const UNKNOWN_SIZE = Buffer.from('01ffffffffffffff', 'hex');

/** An EBML element: its id (hex, with the length marker), its size, its data. */
export function el(idHex: string, ...data: Buffer[]): Buffer {
  const body = Buffer.concat(data);
  return Buffer.concat([Buffer.from(idHex, 'hex'), vint(body.length), body]);
}

export const elUnknown = (idHex: string, ...data: Buffer[]) =>
  Buffer.concat([Buffer.from(idHex, 'hex'), UNKNOWN_SIZE, ...data]);

export const ebmlHeader = (docType = 'webm') =>
  el(
    '1a45dfa3',
    el('4286', Buffer.from([1])),
    el('42f7', Buffer.from([1])),
    el('42f2', Buffer.from([4])),
    el('42f3', Buffer.from([8])),
    el('4282', Buffer.from(docType, 'latin1')),
    el('4287', Buffer.from([4])),
    el('4285', Buffer.from([2])),
  );
export const info = () => el('1549a966', el('2ad7b1', Buffer.from([0x0f, 0x42, 0x40])));
export const tracks = () => el('1654ae6b', el('ae', el('d7', Buffer.from([1])), el('83', Buffer.from([1]))));
/** A Cluster's content: a timecode and two SimpleBlocks. */
export const clusterBody = () =>
  Buffer.concat([el('e7', Buffer.from([0])), el('a3', Buffer.alloc(40, 7)), el('a3', Buffer.alloc(33, 9))]);

/** A WebM with a known-size Segment. */
export const webm = () =>
  Buffer.concat([ebmlHeader(), el('18538067', info(), tracks(), el('1f43b675', clusterBody()))]);

/** A WebM as MediaRecorder writes it: Segment and Clusters of unknown size. */
export const liveWebm = () =>
  Buffer.concat([
    ebmlHeader(),
    elUnknown(
      '18538067',
      info(),
      tracks(),
      elUnknown('1f43b675', clusterBody()),
      elUnknown('1f43b675', clusterBody()),
    ),
  ]);
