// Which object store the server uses: a bucket when S3_URL and S3_BUCKET are set (config/env.ts),
// else the media folder on local disk (DATA_DIR/media), as DEMO.md runs it.
import { DiskObjectStore } from './disk.ts';
import type { ObjectStore } from './index.ts';
import { S3ObjectStore, type S3Settings } from './s3.ts';

export function openObjectStore(settings: { s3?: S3Settings }, mediaDir: string): ObjectStore {
  return settings.s3 ? new S3ObjectStore(settings.s3) : new DiskObjectStore(mediaDir);
}

/** What the start-up log may say of the store (no secret). */
export function describeObjectStore(store: ObjectStore): Record<string, unknown> {
  return store instanceof S3ObjectStore ? store.describe() : { kind: store.kind };
}
