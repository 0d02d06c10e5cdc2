/**
 * The rules both editors' media sections follow around the one uploader (issue 28: one media grid):
 * what the type lets the user attach (and the refusal otherwise), which accept list a pick's file input
 * has, the form's list of files still being prepared or uploaded, where a tile and its preview show a
 * medium from, and the local previews of the files attached in this visit (object URLs, revoked when the
 * file is removed or the section goes).
 */
import {
  canAttachAnyMedia,
  canAttachMedia,
  type MediaFlags,
  mediaPermissionMessage,
} from '@nursery/domain/common';
import { mediaFileUrl, mediaThumbnailUrl } from './mediaApi';
import type { MediaKind } from './mediaKind';

export interface MediaPermission {
  /** Whether the type takes this kind (its addPhoto / addVideo, or addMedia for either). */
  allows: (kind: MediaKind) => boolean;
  /** Whether the type takes any media at all (an add button or menu shows). */
  any: boolean;
  /** The spec's refusal for a kind the type does not take (err-permission-add-media). */
  notPermitted: string;
}

/** The type's media rights (spec 000 §5, 001 §5): `tag` and `typeName` name the type in the refusal. */
export function mediaPermission(rights: MediaFlags, tag: string, typeName: string): MediaPermission {
  return {
    allows: (kind) => canAttachMedia(rights, kind),
    any: canAttachAnyMedia(rights),
    notPermitted: mediaPermissionMessage(tag, typeName),
  };
}

/** What one pick of files offers: photos only, videos only, or either. */
export type MediaPick = 'photo' | 'video' | 'any';

/** The file input's accept list for a pick. */
export function acceptForPick(pick: MediaPick): string {
  return [pick === 'video' ? null : 'image/*', pick === 'photo' ? null : 'video/*'].filter(Boolean).join(',');
}

/**
 * The form with the file `id` marked as being prepared or uploaded (busy) or no longer: the save waits
 * for these. The same form comes back when nothing changes, so a repeated report re-renders nothing.
 */
export function withUploading<F extends { readonly uploading: readonly string[] }>(
  form: F,
  id: string,
  busy: boolean,
): F {
  const listed = form.uploading.includes(id);
  if (busy === listed) return form;
  return {
    ...form,
    uploading: busy ? [...form.uploading, id] : form.uploading.filter((x) => x !== id),
  };
}

/** A medium's addresses known to the screen (a copy on this device, or the ones an answer gave). */
export interface KnownAddresses {
  url?: string | null;
  thumbnailUrl?: string | null;
}

/**
 * Where a medium shows from: the addresses the screen already has (the file on this device, or the
 * answer's), else the server's thumbnail (the tile) and file (the preview: a new tab or the carousel).
 */
export function mediaSources(id: string, known: KnownAddresses = {}): { thumbnail: string; file: string } {
  return {
    thumbnail: known.thumbnailUrl ?? mediaThumbnailUrl(id),
    file: known.url ?? mediaFileUrl(id),
  };
}

export interface ObjectUrls {
  create: (file: Blob) => string;
  revoke: (url: string) => void;
}

/** The local previews of the files attached in this visit, by media id. */
export interface LocalPreviews {
  /** Shows the file from this device (its object URL, made once per id). */
  add: (id: string, file: Blob) => string;
  get: (id: string) => string | undefined;
  /** The file left the form: its URL is revoked. */
  remove: (id: string) => void;
  /** The section went: every URL is revoked. */
  clear: () => void;
}

const browserUrls: ObjectUrls = {
  create: (file) => URL.createObjectURL(file),
  revoke: (url) => URL.revokeObjectURL(url),
};

export function createLocalPreviews(urls: ObjectUrls = browserUrls): LocalPreviews {
  const byID = new Map<string, string>();
  return {
    add: (id, file) => {
      const known = byID.get(id);
      if (known !== undefined) return known;
      const url = urls.create(file);
      byID.set(id, url);
      return url;
    },
    get: (id) => byID.get(id),
    remove: (id) => {
      const url = byID.get(id);
      if (url === undefined) return;
      urls.revoke(url);
      byID.delete(id);
    },
    clear: () => {
      for (const url of byID.values()) urls.revoke(url);
      byID.clear();
    },
  };
}
