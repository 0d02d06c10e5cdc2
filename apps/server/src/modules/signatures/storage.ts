// Where signature images live (issue 14; shared by the medication record, issue 31): a PNG checked from its
// data URL, stored in the object store beside the provider's media as `<providerId>/sig-<key>.png`
// (DATA_DIR/media or the bucket: lib/object-store, issue 32), and read back only by such a key.
import { randomBytes } from 'node:crypto';
import { SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from '@nursery/domain/registers';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';
import { deleteQuietly, type ObjectStore, orStorageError } from '../../lib/object-store/index.ts';

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

/** Where a signature's image is kept. */
export const signatureKey = (providerId: number, key: string) => `${providerId}/sig-${key}.png`;

/**
 * Stores the image whole (or nothing: a failed put leaves no part, and answers 507 or 503); answers
 * its key, which the signature's row keeps as its data path.
 */
export async function storeImage(
  ctx: { objects: ObjectStore },
  providerId: number,
  key: string,
  bytes: Buffer,
) {
  const dataPath = signatureKey(providerId, key);
  try {
    await orStorageError(() => ctx.objects.put(dataPath, { bytes }, 'image/png'));
  } catch (err) {
    await deleteQuietly(ctx.objects, [dataPath]);
    throw err;
  }
  return dataPath;
}

/** The image's bytes, or null (none stored, a key that is not ours). A store that fails answers 503. */
export async function readImage(ctx: { objects: ObjectStore }, dataPath: string) {
  return orStorageError(() => ctx.objects.read(dataPath));
}

/** Removes images whose save did not happen (or that a change dropped): never fails the caller. */
export async function removeImages(
  ctx: { objects: ObjectStore },
  dataPaths: readonly (string | null | undefined)[],
) {
  await deleteQuietly(
    ctx.objects,
    dataPaths.filter((p): p is string => !!p),
  );
}

/** Runs the save that records a stored image; when it throws, the image is removed (no file without its row). */
export async function removedUnlessSaved<T>(
  ctx: { objects: ObjectStore },
  dataPath: string,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (err) {
    await removeImages(ctx, [dataPath]);
    throw err;
  }
}
