// One's own profile photo (issue 30; spec 002 §7 "POST people/{personID}/image.jpg"). The photo the
// device sends (already scaled down there) is decoded here, turned upright and cut to a square JPEG
// without its metadata, and kept at `<providerId>/people/<personId>.jpg` in the object store (the media
// folder or the bucket: lib/object-store; put whole, so a reader never sees half a file). people.has_image
// says one exists.
// Only one's own: another person's id answers 404 like an unknown one.
import type { PersonPhotoAnswer } from '@nursery/domain/account';
import { MEDIA_IMAGE_MAX_PIXELS } from '@nursery/domain/common';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { people } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { orStorageError } from '../../lib/object-store/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { ownStaffPerson } from './policy.ts';

/** The stored photo's edge: enough for a 2× avatar at every size the app shows. */
export const PROFILE_PHOTO_EDGE = 512;
/** Formats a profile photo may arrive in (what every supported browser's canvas writes, and phones send). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const unsupportedPhoto = () =>
  new AppError(415, 'err-media-type', 'This file type is not supported. Upload a JPEG, PNG or WebP photo.');
const noPhoto = () => notFound('No photo.');

/** Where the person's photo is kept. */
const photoKey = (providerId: number, personId: number) => `${providerId}/people/${personId}.jpg`;

/** The session's own person when the path names it; any other id is 404 (nothing told of others). */
function ownPerson(auth: AuthContext, personId: number): number {
  const own = ownStaffPerson(auth);
  if (personId !== own) throw noPhoto();
  return own;
}

/** The uploaded bytes as the stored square JPEG: 415 for anything not a decodable JPEG, PNG or WebP. */
export async function squareJpeg(bytes: Buffer): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MEDIA_IMAGE_MAX_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !PHOTO_FORMATS.has(format)) throw unsupportedPhoto();
    return await image
      .rotate()
      .resize(PROFILE_PHOTO_EDGE, PROFILE_PHOTO_EDGE, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupportedPhoto();
  }
}

export async function saveProfilePhoto(
  deps: Pick<AppDeps, 'db' | 'clock' | 'objects'>,
  auth: AuthContext,
  personId: number,
  bytes: Buffer,
): Promise<PersonPhotoAnswer> {
  const own = ownPerson(auth, personId);
  const jpeg = await squareJpeg(bytes);
  const key = photoKey(auth.providerId, own);
  // A put is whole or nothing (the store's promise): a failure keeps the photo it would replace, and
  // has_image as it was.
  await orStorageError(() => deps.objects.put(key, { bytes: jpeg }, 'image/jpeg'));
  const now = deps.clock.now();
  await deps.db
    .update(people)
    .set({ hasImage: true, imageUpdatedAt: now })
    .where(and(eq(people.providerId, auth.providerId), eq(people.id, own)));
  return { hasImage: true, updated: now.toISOString() };
}

/** The stored photo's bytes, or 404 (none, or another person's). */
export async function readProfilePhoto(
  deps: Pick<AppDeps, 'db' | 'objects'>,
  auth: AuthContext,
  personId: number,
): Promise<Buffer> {
  const own = ownPerson(auth, personId);
  const [row] = await deps.db
    .select({ hasImage: people.hasImage })
    .from(people)
    .where(and(eq(people.providerId, auth.providerId), eq(people.id, own)));
  if (!row?.hasImage) throw noPhoto();
  const bytes = await orStorageError(() => deps.objects.read(photoKey(auth.providerId, own)));
  if (!bytes) throw noPhoto();
  return bytes;
}
