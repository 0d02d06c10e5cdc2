// Where signature images live (issue 14; shared by the medication record, issue 31): a PNG checked from its
// data URL, written under DATA_DIR/media beside the provider's media as `<providerId>/sig-<key>.png`, and
// read back only from under that folder.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from '@nursery/domain/registers';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

const invalid = (message: string) => new AppError(400, 'err-invalid-request', message);

/** A new signature's random key (in its URL; the staff register names its files with one too). */
export const newKey = () => randomBytes(16).toString('hex');

/** The PNG bytes of a validated data URL (the schema checked the prefix and length): 400 otherwise. */
export async function pngOf(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (bytes.length === 0 || bytes.length > SIGNATURE_MAX_BYTES)
    throw invalid(`signature: at most ${SIGNATURE_MAX_BYTES} bytes of PNG.`);
  try {
    const meta = await sharp(bytes, { limitInputPixels: 4096 * 4096 }).metadata();
    if (meta.format !== 'png') throw new Error('not png');
  } catch {
    throw invalid('signature: not a PNG image.');
  }
  return bytes;
}

/** Writes the image under a temporary name, then renames it into place; answers the relative path. */
export async function storeImage(ctx: { mediaDir: string }, providerId: number, key: string, bytes: Buffer) {
  // Beside the provider's media files (one flat folder, as the media store keeps it): `sig-<key>.png`.
  const relative = path.join(String(providerId), `sig-${key}.png`);
  const full = path.join(ctx.mediaDir, relative);
  await mkdir(path.dirname(full), { recursive: true });
  const tmp = `${full}.tmp-${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, bytes);
  await rename(tmp, full);
  return relative;
}

export async function readImage(ctx: { mediaDir: string }, dataPath: string) {
  const full = path.join(ctx.mediaDir, dataPath);
  if (!full.startsWith(path.resolve(ctx.mediaDir) + path.sep) && !full.startsWith(ctx.mediaDir + path.sep))
    return null;
  try {
    const handle = await open(full, 'r');
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}
