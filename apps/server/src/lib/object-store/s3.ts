// The object store in an S3-compatible bucket (issue 32; S3_URL and S3_BUCKET set): AWS S3, MinIO,
// Ceph, s3rver in the tests. Objects keep the keys the disk store uses, so a media folder copied into
// the bucket as it is (`aws s3 sync`) is found. A PutObject is whole or absent, never half an object;
// reads are streamed through the app (its access checks stay where they are): the bucket stays
// private and the app never hands out a URL to it. The secret key lives in the client only: it is
// never logged (describe() is what may be).
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { isSafeKey, type ObjectStore, type OpenedObject, type PutSource } from './index.ts';

export interface S3Settings {
  /** The service's address (S3_URL), e.g. https://s3.eu-west-2.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (endpoint/bucket/key): MinIO and s3rver need them; AWS takes either. */
  forcePathStyle: boolean;
}

/** A missing object or bucket answer: HEAD has no body, so only its status says so. */
const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where the API requires them: S3-compatible stores differ in the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // No request waits for ever on a bucket that does not answer (a stalled socket, a dead host).
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      maxAttempts: 3,
    });
  }

  /** What may be logged of the store: never its keys. */
  describe() {
    return {
      kind: this.kind,
      endpoint: this.settings.endpoint,
      bucket: this.bucket,
      region: this.settings.region,
    };
  }

  toJSON() {
    return this.describe();
  }

  private key(key: string): string {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return key;
  }

  async put(key: string, source: PutSource, contentType: string): Promise<void> {
    const Key = this.key(key);
    if ('bytes' in source) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: source.bytes, ContentType: contentType }),
      );
      return;
    }
    // Streamed from the file with its length (a PutObject needs it): never the whole file in memory.
    const { size } = await stat(source.file);
    const body = createReadStream(source.file);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      body.destroy();
    }
    await rm(source.file, { force: true });
  }

  async open(key: string): Promise<OpenedObject | null> {
    if (!isSafeKey(key)) return null;
    let size: number;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      size = head.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
    return {
      size,
      stream: async (range) => {
        const got = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return got.Body as Readable;
      },
      close: async () => {},
    };
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const safe = [...new Set(keys.filter(isSafeKey))];
    // DeleteObjects takes at most 1,000 keys a call.
    for (let i = 0; i < safe.length; i += 1000) {
      const batch = safe.slice(i, i + 1000);
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0)
        throw new Error(`the bucket kept ${failed.length} object(s): ${failed[0]?.Code}`);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** Closes the client's sockets (tests; the server's shutdown). */
  close(): void {
    this.client.destroy();
  }
}
