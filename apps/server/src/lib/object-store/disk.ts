// The object store on local disk (the default): each key is a file under the media root
// (DATA_DIR/media), exactly where the app has always kept it. A put writes a temporary file beside
// the target and renames it into place (a file moved in from the same disk is only renamed), so a
// reader never sees half a file; a failed put removes its temporary file.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type ObjectStore, type OpenedObject, type PutSource } from './index.ts';

const missing = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  /** The file of a key, or null for a key that is not ours (isSafeKey). */
  fileOf(key: string): string | null {
    return isSafeKey(key) ? path.join(this.root, key) : null;
  }

  private target(key: string): string {
    const file = this.fileOf(key);
    if (!file) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async put(key: string, source: PutSource, _contentType: string): Promise<void> {
    const target = this.target(key);
    await mkdir(path.dirname(target), { recursive: true });
    if ('file' in source) {
      try {
        await rename(source.file, target);
        return;
      } catch (err) {
        // Another file system (a scratch folder elsewhere): copied beside the target, then renamed.
        if ((err as { code?: string }).code !== 'EXDEV') throw err;
      }
    }
    const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      if ('file' in source) await copyFile(source.file, tmp);
      else await writeFile(tmp, source.bytes, { flag: 'wx' });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    if ('file' in source) await rm(source.file, { force: true });
  }

  async open(key: string): Promise<OpenedObject | null> {
    const file = this.fileOf(key);
    if (!file) return null;
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      return {
        size,
        stream: async (range) => handle.createReadStream(range ? { start: range.start, end: range.end } : {}),
        close: () => handle.close(),
      };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const file = this.fileOf(key);
    if (!file) return null;
    try {
      return await readFile(file);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const file = this.fileOf(key);
    if (!file) return false;
    return stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    const files = keys.map((k) => this.fileOf(k)).filter((f): f is string => f !== null);
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }

  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const folder = slash < 0 ? '' : prefix.slice(0, slash);
    const start = prefix.slice(slash + 1);
    if (folder !== '' && !isSafeKey(folder)) return [];
    const names = await readdir(path.join(this.root, folder), { withFileTypes: true }).catch(() => []);
    return names
      .filter((e) => e.isFile() && e.name.startsWith(start) && !e.name.includes('.tmp-'))
      .map((e) => (folder ? `${folder}/${e.name}` : e.name));
  }
}
