import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferSource, isIsoBmff, isValidVideo, isWebm, withFileSource } from './container.ts';
import {
  box,
  clusterBody,
  ebmlHeader,
  el,
  elUnknown,
  ftyp,
  info,
  largeBox,
  liveWebm,
  moov,
  mp4,
  toEndBox,
  tracks,
  vint,
  webm,
} from './test-containers.ts';

const iso = (...parts: Buffer[]) => isIsoBmff(bufferSource(Buffer.concat(parts)));
const wm = (...parts: Buffer[]) => isWebm(bufferSource(Buffer.concat(parts)));

describe('ISO-BMFF (MP4, MOV) container check', () => {
  it('accepts ftyp, moov (with mvhd) and mdat whose sizes add up to the file', async () => {
    expect(await iso(mp4(5000))).toBe(true);
    expect(await iso(ftyp(), box('free'), moov(), box('mdat', randomBytes(300)))).toBe(true);
    // mdat before moov, a 64-bit largesize, and a last box of size 0 (to the end of the file).
    expect(await iso(ftyp(), largeBox('mdat', randomBytes(100)), moov())).toBe(true);
    expect(await iso(ftyp(), moov(), toEndBox('mdat', randomBytes(1000)))).toBe(true);
    // Fragmented (what recorders stream): moov, then moof/mdat pairs.
    const frag = () => [box('moof', box('mfhd', Buffer.alloc(8))), box('mdat', randomBytes(64))];
    expect(await iso(ftyp('iso5', ['iso5', 'iso6']), moov(), ...frag(), ...frag())).toBe(true);
    // A QuickTime movie (brand "qt  ") goes through the same check.
    const mov = Buffer.concat([ftyp('qt  ', ['qt  ']), box('wide'), box('mdat', randomBytes(50)), moov()]);
    expect(await isValidVideo(bufferSource(mov), 'video/quicktime')).toBe(true);
  });

  it('refuses a truncated file and trailing bytes after the last box', async () => {
    const ok = mp4(3000);
    expect(await iso(ok.subarray(0, ok.length - 1))).toBe(false);
    expect(await iso(ok.subarray(0, ok.length - 1000))).toBe(false);
    expect(await iso(ok, Buffer.from([0]))).toBe(false);
    expect(await iso(ok, randomBytes(7))).toBe(false);
    expect(await iso(ok, Buffer.from('garbage after the movie, long enough to be a header'))).toBe(false);
  });

  it('refuses a file without moov, with moov not holding mvhd, or with ftyp missing, late or twice', async () => {
    expect(await iso(ftyp(), box('mdat', randomBytes(500)))).toBe(false);
    expect(await iso(ftyp(), box('moov', box('trak', Buffer.alloc(20))), box('mdat'))).toBe(false);
    expect(await iso(moov(), box('mdat', randomBytes(50)))).toBe(false);
    expect(await iso(box('free'), ftyp(), moov())).toBe(false);
    expect(await iso(ftyp(), ftyp(), moov())).toBe(false);
    expect(await iso(ftyp(), moov(), moov())).toBe(false);
    // An ftyp with half a brand.
    expect(await iso(box('ftyp', Buffer.from('isom\0\0\0\0is', 'latin1')), moov())).toBe(false);
    expect(await iso(Buffer.alloc(0))).toBe(false);
  });

  it('refuses bogus box sizes and types', async () => {
    const tail = (head: Buffer) => iso(ftyp(), moov(), head, Buffer.alloc(40));
    const sized = (size: number, type = 'mdat') => {
      const b = Buffer.alloc(8);
      b.writeUInt32BE(size, 0);
      b.write(type, 4, 'latin1');
      return b;
    };
    expect(await tail(sized(4))).toBe(false); // smaller than its header
    expect(await tail(sized(48 + 1))).toBe(false); // one past the end
    expect(await tail(sized(0xffffffff))).toBe(false);
    expect(await tail(sized(48, 'md\u0001t'))).toBe(false); // not a printable type
    expect(await tail(sized(48))).toBe(true); // the same, right
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(2n ** 60n, 8);
    expect(await iso(ftyp(), moov(), large)).toBe(false);
    large.writeBigUInt64BE(8n, 8); // below the 16-byte header
    expect(await iso(ftyp(), moov(), large)).toBe(false);
    // Size 0 is "to the end" only at the top level, never inside moov.
    expect(await iso(ftyp(), box('moov', box('mvhd', Buffer.alloc(100)), sized(0, 'trak')))).toBe(false);
    // moov's boxes must fill it exactly.
    expect(await iso(ftyp(), box('moov', box('mvhd', Buffer.alloc(100)), Buffer.alloc(3)))).toBe(false);
    // A valid ftyp followed by garbage (what the upload route refuses).
    expect(await iso(ftyp(), randomBytes(5000))).toBe(false);
  });
});

describe('WebM (EBML) container check', () => {
  it('accepts a WebM with a known-size Segment, and one of unknown sizes as recorders write it', async () => {
    expect(await wm(webm())).toBe(true);
    expect(await wm(liveWebm())).toBe(true);
    // A cluster of unknown size ends at the next Segment-level element (here Cues).
    const cues = el('1c53bb6b', el('bb', el('b3', Buffer.from([0]))));
    expect(
      await wm(
        ebmlHeader(),
        elUnknown('18538067', info(), tracks(), elUnknown('1f43b675', clusterBody()), cues),
      ),
    ).toBe(true);
    expect(await isValidVideo(bufferSource(webm()), 'video/webm')).toBe(true);
  });

  it('refuses garbage after the EBML magic, another DocType, a bad header', async () => {
    expect(await wm(Buffer.from('1a45dfa3', 'hex'), randomBytes(2000))).toBe(false);
    expect(await wm(Buffer.from('1a45dfa3', 'hex'), Buffer.from('....webm....'), randomBytes(500))).toBe(
      false,
    );
    expect(await wm(ebmlHeader('matroska'), el('18538067', info(), tracks()))).toBe(false);
    // The header's elements must fill it exactly.
    const header = ebmlHeader();
    const short = Buffer.concat([header.subarray(0, 4), vint(header.length - 6), header.subarray(5, -1)]);
    expect(await wm(short, el('18538067', info(), tracks()))).toBe(false);
    expect(await wm(ebmlHeader())).toBe(false); // no Segment
    expect(await wm(ebmlHeader(), el('1f43b675', clusterBody()))).toBe(false); // not a Segment
  });

  it('refuses a Segment whose size does not match the file, truncated or followed by bytes', async () => {
    const ok = webm();
    expect(await wm(ok.subarray(0, -1))).toBe(false);
    expect(await wm(ok, Buffer.from([0xec, 0x80]))).toBe(false); // a Void after the Segment's end
    const live = liveWebm();
    expect(await wm(live.subarray(0, -5))).toBe(false); // a block cut short
    expect(await wm(live, Buffer.from([0x00, 0x01, 0x02]))).toBe(false); // not an element
    expect(await wm(live, Buffer.from('a3e4', 'hex'), Buffer.alloc(10))).toBe(false); // 100-byte block, 10 sent
  });

  it('refuses a Segment without Info or Tracks, and unknown sizes other than Segment and Cluster', async () => {
    expect(await wm(ebmlHeader(), el('18538067', info(), el('1f43b675', clusterBody())))).toBe(false);
    expect(await wm(ebmlHeader(), el('18538067', tracks(), el('1f43b675', clusterBody())))).toBe(false);
    expect(await wm(ebmlHeader(), elUnknown('18538067', info(), elUnknown('1654ae6b', tracks())))).toBe(
      false,
    );
    // Inside a cluster of unknown size, its blocks need known sizes.
    expect(
      await wm(ebmlHeader(), elUnknown('18538067', info(), tracks(), elUnknown('1f43b675', elUnknown('a3')))),
    ).toBe(false);
  });
});

describe('any bytes', () => {
  it('answer true or false, never throw: valid files with bytes changed, cut or added, and random bytes', async () => {
    const samples = [mp4(400), webm(), liveWebm()];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...samples.keys()),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        fc.nat(),
        fc.uint8Array({ maxLength: 40 }),
        async (which, flips, cut, extra) => {
          const bytes = Buffer.from(samples[which]!);
          for (const [at, value] of flips) bytes[at % bytes.length] = value;
          const data = Buffer.concat([bytes.subarray(0, bytes.length - (cut % 8)), Buffer.from(extra)]);
          for (const mime of ['video/mp4', 'video/webm']) {
            expect(typeof (await isValidVideo(bufferSource(data), mime))).toBe('boolean');
          }
        },
      ),
      { numRuns: 500 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (raw) => {
        const data = Buffer.from(raw);
        expect(await isIsoBmff(bufferSource(data))).toBe(false);
        expect(await isWebm(bufferSource(data))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('file source', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nursery-container-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads box headers across its 64 KiB windows', async () => {
    // 10,000 boxes of 13 bytes: headers straddle the window boundaries.
    const frees = Array.from({ length: 10_000 }, () => box('free', Buffer.from([1, 2, 3, 4, 5])));
    const good = Buffer.concat([ftyp(), moov(), ...frees, box('mdat', randomBytes(70_000))]);
    const file = path.join(dir, 'many.mp4');
    await writeFile(file, good);
    expect(await withFileSource(file, isIsoBmff)).toBe(true);
    const bad = Buffer.from(good);
    bad.writeUInt32BE(14, ftyp().length + moov().length + 13 * 6000); // one box a byte too long
    await writeFile(file, bad);
    expect(await withFileSource(file, isIsoBmff)).toBe(false);
    await writeFile(file, liveWebm());
    expect(await withFileSource(file, (src) => isValidVideo(src, 'video/webm'))).toBe(true);
  });
});
