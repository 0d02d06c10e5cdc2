// Tests only: an S3 API in process (s3rver on a random port, its objects in a temporary folder) and
// the store on its bucket; close() stops it and removes the folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStore, type S3Settings } from './s3.ts';

export const TEST_BUCKET = 'nursery-media';

export async function startTestS3() {
  const directory = await mkdtemp(path.join(tmpdir(), 'nursery-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const settings = (bucket = TEST_BUCKET): S3Settings => ({
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  const stores: S3ObjectStore[] = [];
  /** A store on the bucket (or on one that does not exist: a bucket that refuses every call). */
  const store = (bucket?: string) => {
    const s = new S3ObjectStore(settings(bucket));
    stores.push(s);
    return s;
  };
  return {
    settings,
    store,
    async close() {
      for (const s of stores) s.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
