import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifOrientation, stripJpegMetadata } from './jpegMetadata';

/** A real JPEG with an EXIF block (orientation, a camera owner and a place), an XMP packet and a comment. */
async function cameraJpeg(orientation: number): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withExif({ IFD0: { Artist: 'Jane Camera-Owner', ImageDescription: 'Oak Tree garden 51.5N 0.12W' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
    .toBuffer();
}

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('stripJpegMetadata', () => {
  it('drops EXIF and XMP without re-encoding, keeping a sideways orientation', async () => {
    const original = await cameraJpeg(6);
    expect(text(original)).toContain('Jane Camera-Owner');
    const stripped = stripJpegMetadata(original);
    expect(stripped).not.toBeNull();
    const out = Buffer.from(stripped!);
    expect(text(out)).not.toContain('Jane Camera-Owner');
    expect(text(out)).not.toContain('51.5N');
    expect(text(out)).not.toContain('xmpmeta');
    const meta = await sharp(out).metadata();
    expect(meta.orientation).toBe(6);
    expect([meta.width, meta.height]).toEqual([40, 30]);
    // The picture data is byte for byte the same: the scan ends both files.
    const scan = original.indexOf(Buffer.from([0xff, 0xda]));
    expect(out.subarray(out.indexOf(Buffer.from([0xff, 0xda])))).toEqual(original.subarray(scan));
  });

  it('keeps no orientation block when the photo is upright', async () => {
    const stripped = Buffer.from(stripJpegMetadata(await cameraJpeg(1))!);
    expect(text(stripped)).not.toContain('Exif');
    expect((await sharp(stripped).metadata()).orientation).toBeUndefined();
  });

  it('answers null for a JPEG without metadata and for what is not a JPEG', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(stripJpegMetadata(plain)).toBeNull();
    expect(stripJpegMetadata(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    // Cut short inside a segment: not followed, the file is left to the server.
    expect(stripJpegMetadata((await cameraJpeg(6)).subarray(0, 30))).toBeNull();
  });
});

describe('exifOrientation', () => {
  it('reads the orientation of little- and big-endian EXIF', () => {
    const block = (little: boolean, value: number) => {
      const b = Buffer.alloc(6 + 8 + 2 + 12 + 4);
      b.write('Exif\0\0', 0, 'latin1');
      b.write(little ? 'II' : 'MM', 6, 'latin1');
      const w16 = (v: number, at: number) => (little ? b.writeUInt16LE(v, at) : b.writeUInt16BE(v, at));
      const w32 = (v: number, at: number) => (little ? b.writeUInt32LE(v, at) : b.writeUInt32BE(v, at));
      w16(0x2a, 8);
      w32(8, 10);
      w16(1, 14);
      w16(0x0112, 16);
      w16(3, 18);
      w32(1, 20);
      w16(value, 24);
      return new Uint8Array(b);
    };
    expect(exifOrientation(block(true, 8))).toBe(8);
    expect(exifOrientation(block(false, 3))).toBe(3);
    expect(exifOrientation(block(false, 9))).toBeNull();
    expect(exifOrientation(new Uint8Array(20))).toBeNull();
  });
});
