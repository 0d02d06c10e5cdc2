// The object store's contract, the same on local disk and in an S3 bucket (s3rver in process); the
// answers for a failing store; the S3_* settings.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.ts';
import { AppError } from '../errors.ts';
import { DiskObjectStore } from './disk.ts';
import { isSafeKey, type ObjectStore, storageError } from './index.ts';
import { describeObjectStore, openObjectStore } from './open.ts';
import { startTestS3 } from './test-s3.ts';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

for (const kind of ['disk', 's3'] as const) {
  describe(`the object store (${kind})`, () => {
    let store: ObjectStore;
    let scratch: string;
    let close: () => Promise<void> = async () => {};

    beforeAll(async () => {
      scratch = await mkdtemp(path.join(tmpdir(), `nursery-store-${kind}-`));
      if (kind === 's3') {
        const s3 = await startTestS3();
        store = s3.store();
        close = s3.close;
      } else store = new DiskObjectStore(path.join(scratch, 'media'));
    });
    afterAll(async () => {
      await close();
      await rm(scratch, { recursive: true, force: true });
    });

    it('puts bytes and files whole, opens them with their size and byte ranges, reads, lists and deletes', async () => {
      const photo = Buffer.from('a photo, not really');
      await store.put('7/abc', { bytes: photo }, 'image/jpeg');
      const file = path.join(scratch, 'upload');
      const video = Buffer.alloc(200_000, 3);
      await writeFile(file, video);
      await store.put('7/abc.medium', { file }, 'video/mp4');
      // A file is moved in: it is not left behind.
      expect(await readdir(scratch)).not.toContain('upload');
      await store.put('7/abcdef', { bytes: Buffer.from('another') }, 'image/png');
      await store.put('8/abc', { bytes: Buffer.from('another provider') }, 'image/png');

      const opened = await store.open('7/abc.medium');
      expect(opened?.size).toBe(video.length);
      expect((await bytesOf(await opened!.stream())).equals(video)).toBe(true);
      const ranged = await store.open('7/abc.medium');
      expect(
        (await bytesOf(await ranged!.stream({ start: 10, end: 19 }))).equals(video.subarray(10, 20)),
      ).toBe(true);
      await (await store.open('7/abc.medium'))!.close();
      expect((await store.read('7/abc'))?.equals(photo)).toBe(true);
      expect(await store.exists('7/abc')).toBe(true);
      expect((await store.list('7/abc')).sort()).toEqual(['7/abc', '7/abc.medium', '7/abcdef']);

      // A put over an existing key replaces it whole.
      await store.put('7/abc', { bytes: Buffer.from('new') }, 'image/jpeg');
      expect((await store.read('7/abc'))?.toString()).toBe('new');

      await store.delete(['7/abc', '7/abc.medium', '7/never-stored']);
      expect(await store.exists('7/abc')).toBe(false);
      expect(await store.open('7/abc')).toBeNull();
      expect(await store.read('7/abc')).toBeNull();
      expect(await store.list('7/abc')).toEqual(['7/abcdef']);
      expect(await store.exists('8/abc')).toBe(true);
    });

    it('never reaches outside its keys: reads answer nothing, puts are refused', async () => {
      for (const key of ['../etc/passwd', '/etc/passwd', '7/../../x', '', '7//x', 'a\\b']) {
        expect(isSafeKey(key), key).toBe(false);
        expect(await store.read(key)).toBeNull();
        expect(await store.open(key)).toBeNull();
        expect(await store.exists(key)).toBe(false);
        await expect(store.put(key, { bytes: Buffer.from('x') }, 'text/plain')).rejects.toThrow();
      }
      await store.delete(['../outside']);
    });
  });
}

describe('a store that fails', () => {
  it('answers 507 err-storage-full for a full disk or quota, 503 err-storage-unavailable otherwise', () => {
    const answer = (err: unknown) => {
      const a = storageError(err);
      return [a.statusCode, a.code, a.headers['retry-after'] ?? null];
    };
    for (const code of ['ENOSPC', 'EDQUOT'])
      expect(answer(Object.assign(new Error(code), { code }))).toEqual([507, 'err-storage-full', null]);
    expect(answer(Object.assign(new Error('quota'), { name: 'QuotaExceeded' }))).toEqual([
      507,
      'err-storage-full',
      null,
    ]);
    for (const err of [
      Object.assign(new Error('EIO'), { code: 'EIO' }),
      Object.assign(new Error('read-only'), { code: 'EROFS' }),
      Object.assign(new Error('The specified bucket does not exist'), { name: 'NoSuchBucket' }),
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      'not even an error',
    ])
      expect(answer(err)).toEqual([503, 'err-storage-unavailable', '30']);
    const refusal = new AppError(415, 'err-media-type', 'Not a photo.');
    expect(storageError(refusal)).toBe(refusal);
  });

  it('a bucket that does not answer fails in bounded time, as unavailable', async () => {
    const s3 = await startTestS3();
    const endpoint = s3.settings().endpoint;
    await s3.close();
    const gone = openObjectStore({ s3: { ...s3.settings(), endpoint } }, '/unused');
    const err = await gone.put('1/x', { bytes: Buffer.from('x') }, 'text/plain').catch((e: unknown) => e);
    expect(storageError(err).code).toBe('err-storage-unavailable');
  });
});

describe('S3_* settings', () => {
  const env = (vars: Record<string, string>) => readEnv({ DATA_DIR: '/tmp/x', ...vars });
  it('none set: the media folder on disk', () => {
    expect(env({}).s3).toBeUndefined();
    expect(openObjectStore(env({}), '/tmp/x/media').kind).toBe('disk');
  });
  it('S3_URL and S3_BUCKET: the bucket, path-style and us-east-1 unless told; the secret never described', () => {
    const settings = env({
      S3_URL: 'http://minio:9000',
      S3_BUCKET: 'nursery-media',
      S3_ACCESS_KEY_ID: 'AKIA-TEST',
      S3_SECRET_ACCESS_KEY: 'very-secret-key',
    });
    expect(settings.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'nursery-media',
      region: 'us-east-1',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'very-secret-key',
      forcePathStyle: true,
    });
    const store = openObjectStore(settings, '/tmp/x/media');
    expect(store.kind).toBe('s3');
    expect(JSON.stringify(describeObjectStore(store))).not.toContain('very-secret-key');
    expect(JSON.stringify(store)).not.toContain('very-secret-key');
    expect(
      env({
        S3_URL: 'https://s3.eu-west-2.amazonaws.com',
        S3_BUCKET: 'b',
        S3_REGION: 'eu-west-2',
        S3_FORCE_PATH_STYLE: 'false',
      }).s3,
    ).toMatchObject({ region: 'eu-west-2', forcePathStyle: false });
  });
  it('one without the other is refused at start', () => {
    expect(() => env({ S3_URL: 'http://minio:9000' })).toThrow(/S3_URL and S3_BUCKET/);
    expect(() => env({ S3_BUCKET: 'b' })).toThrow(/S3_URL and S3_BUCKET/);
    expect(() => env({ S3_URL: 'http://minio:9000', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});
