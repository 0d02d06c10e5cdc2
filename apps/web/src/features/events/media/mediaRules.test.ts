import { MEDIA_IMAGE_MAX_BYTES, MEDIA_VIDEO_MAX_BYTES } from '@nursery/domain/common';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import {
  checkPickedFile,
  classifyUploadFailure,
  effectiveType,
  PHOTO_DEVICE_MAX_BYTES,
  photoUploadCheck,
} from './mediaRules';
import { isAnimatedWebp } from './photoProtocol';
import { needsReencode, outputTypeFor, renamedFor, storableAsIs, targetSize } from './photoRules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkPickedFile', () => {
  it('takes photos of any size it can decode and videos of the types and size the server stores', () => {
    expect(checkPickedFile(file('a.jpg', 'image/jpeg', 30 * MB))).toEqual({
      ok: true,
      kind: 'image',
      type: 'image/jpeg',
    });
    // HEIC is tried: a browser that decodes it sends a JPEG.
    expect(checkPickedFile(file('IMG_1.HEIC', 'image/heic'))).toMatchObject({ ok: true, kind: 'image' });
    expect(checkPickedFile(file('clip.mov', 'video/quicktime', MEDIA_VIDEO_MAX_BYTES))).toMatchObject({
      ok: true,
      kind: 'video',
    });
  });

  it('refuses other types, oversize videos and photos too large to decode on a tablet', () => {
    expect(checkPickedFile(file('notes.pdf', 'application/pdf'))).toMatchObject({
      ok: false,
      refusal: { key: 'media-refused-type' },
    });
    expect(checkPickedFile(file('logo.svg', 'image/svg+xml'))).toMatchObject({ ok: false, kind: 'image' });
    expect(checkPickedFile(file('clip.avi', 'video/x-msvideo'))).toMatchObject({
      ok: false,
      refusal: { key: 'media-refused-type' },
    });
    expect(checkPickedFile(file('long.mp4', 'video/mp4', MEDIA_VIDEO_MAX_BYTES + 1))).toMatchObject({
      ok: false,
      refusal: { key: 'media-refused-video-size', values: { max: '200 MB' } },
    });
    expect(checkPickedFile(file('huge.jpg', 'image/jpeg', PHOTO_DEVICE_MAX_BYTES + 1))).toMatchObject({
      ok: false,
      refusal: { key: 'media-refused-photo-size', values: { max: '100 MB' } },
    });
  });

  it('falls back on the extension when the browser gives no type', () => {
    expect(effectiveType(file('IMG_0001.JPG', ''))).toBe('image/jpeg');
    expect(effectiveType(file('clip.MOV', ''))).toBe('video/quicktime');
    expect(effectiveType(file('readme', ''))).toBe('');
    expect(checkPickedFile(file('clip.webm', ''))).toMatchObject({
      ok: true,
      kind: 'video',
      type: 'video/webm',
    });
    expect(checkPickedFile(file('data.bin', ''))).toMatchObject({ ok: false, kind: null });
  });
});

describe('photoUploadCheck', () => {
  it('passes what the server stores, refuses a type it does not or more than its limit', () => {
    expect(photoUploadCheck({ type: 'image/jpeg', size: MEDIA_IMAGE_MAX_BYTES })).toBeNull();
    expect(photoUploadCheck({ type: 'image/jpeg', size: MEDIA_IMAGE_MAX_BYTES + 1 })).toEqual({
      key: 'media-refused-photo-size',
      values: { max: '20 MB' },
    });
    expect(photoUploadCheck({ type: 'image/heic', size: 1000 })).toMatchObject({ key: 'media-refused-type' });
  });
});

describe('photo preparation rules', () => {
  it('scales the long edge to 2,560 px keeping proportions, and leaves smaller photos alone', () => {
    expect(targetSize(8000, 6000)).toEqual({ width: 2560, height: 1920, scaled: true });
    expect(targetSize(3024, 4032)).toEqual({ width: 1920, height: 2560, scaled: true });
    expect(targetSize(2560, 100)).toEqual({ width: 2560, height: 100, scaled: false });
    expect(targetSize(100000, 1)).toEqual({ width: 2560, height: 1, scaled: true });
  });

  it('re-encodes a photo that is too large, of a type the server lacks, or over its size limit', () => {
    const jpeg = { type: 'image/jpeg', size: 2 * MB, width: 2000, height: 1500, animated: false };
    expect(needsReencode(jpeg, MEDIA_IMAGE_MAX_BYTES)).toBe(false);
    expect(needsReencode({ ...jpeg, width: 4032 }, MEDIA_IMAGE_MAX_BYTES)).toBe(true);
    expect(needsReencode({ ...jpeg, type: 'image/heic' }, MEDIA_IMAGE_MAX_BYTES)).toBe(true);
    expect(needsReencode({ ...jpeg, size: 25 * MB }, MEDIA_IMAGE_MAX_BYTES)).toBe(true);
    // An animation would keep only its first frame: it goes as it is.
    expect(
      needsReencode({ ...jpeg, type: 'image/webp', width: 4000, animated: true }, MEDIA_IMAGE_MAX_BYTES),
    ).toBe(false);
    expect(storableAsIs({ type: 'image/gif', size: MB }, MEDIA_IMAGE_MAX_BYTES)).toBe(true);
  });

  it('encodes PNG and WebP sources as WebP (transparency) and the rest as JPEG, renaming the file', () => {
    expect(outputTypeFor('image/png')).toBe('image/webp');
    expect(outputTypeFor('image/webp')).toBe('image/webp');
    expect(outputTypeFor('image/jpeg')).toBe('image/jpeg');
    expect(outputTypeFor('image/heic')).toBe('image/jpeg');
    expect(renamedFor('IMG_0001.HEIC', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(renamedFor('drawing.png', 'image/webp')).toBe('drawing.webp');
    expect(renamedFor('.jpeg', 'image/jpeg')).toBe('photo.jpg');
  });

  it('tells an animated WebP from a still one by its VP8X flags', () => {
    const webp = (flags: number) => {
      const b = new Uint8Array(32);
      b.set(
        [...'RIFF'].map((c) => c.charCodeAt(0)),
        0,
      );
      b.set(
        [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
        8,
      );
      b[20] = flags;
      return b;
    };
    expect(isAnimatedWebp(webp(0x02))).toBe(true);
    expect(isAnimatedWebp(webp(0x10))).toBe(false);
    expect(isAnimatedWebp(new Uint8Array(10))).toBe(false);
  });
});

describe('classifyUploadFailure (Retry only when it can work)', () => {
  it('keeps the file on the device when there was no answer', () => {
    expect(classifyUploadFailure(new NetworkError())).toEqual({ kind: 'offline' });
  });

  it('offers Retry for server errors, busy, rate limits, timeouts and a lost session', () => {
    for (const status of [500, 502, 503, 504, 429, 408, 401]) {
      expect(classifyUploadFailure(new ApiError(status, 'err-x', 'Try later')).kind).toBe('transient');
    }
    expect(classifyUploadFailure(new ApiError(201, 'invalid-response', 'bad answer')).kind).toBe('transient');
    expect(classifyUploadFailure(new Error('boom')).kind).toBe('transient');
  });

  it('offers no Retry when the server refused the file itself, and says why', () => {
    for (const [status, code] of [
      [413, 'err-media-too-large'],
      [415, 'err-media-type'],
      [403, 'err-permission-add-media'],
      [400, 'err-invalid-request'],
      [404, 'err-not-found'],
      [422, 'err-invalid'],
    ] as const) {
      expect(
        classifyUploadFailure(new ApiError(status, code, 'The photo is too large (at most 20 MB).')),
      ).toEqual({
        kind: 'permanent',
        code,
        message: 'The photo is too large (at most 20 MB).',
      });
    }
  });
});
