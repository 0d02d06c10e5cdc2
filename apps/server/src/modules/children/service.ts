// A child's photo (issue 13). No upload of child photos exists yet: a child with `has_image` has the
// generated portrait of the demo data (portrait.ts). Another provider's child, a child of a site the
// user may not work at, and a child without a photo all answer the same 404.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { mayViewChild } from './policy.ts';
import { portraitSvg } from './portrait.ts';
import { childPhotoRow } from './queries.ts';

export interface ChildPhoto {
  contentType: string;
  body: string;
  etag: string;
}

const noPhoto = () => new AppError(404, 'err-not-found', 'This child has no photo.');

export async function childPhoto(db: Db, auth: AuthContext, childId: number): Promise<ChildPhoto> {
  const row = await childPhotoRow(db, auth.providerId, childId);
  if (!row || !mayViewChild(auth, row) || !row.hasImage) throw noPhoto();
  const body = portraitSvg(childId);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { contentType: 'image/svg+xml; charset=utf-8', body, etag };
}
