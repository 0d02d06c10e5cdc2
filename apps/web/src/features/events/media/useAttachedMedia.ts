/**
 * The media section of an event editor around the one uploader (issue 28: one media grid): the Events
 * media panel and Spotlight's grid both attach, show and remove files through it. It holds the type's
 * rights (attachedMedia.ts mediaPermission), the uploader (useMediaUploads), a local preview of each
 * file attached in this visit (revoked when the file is removed or the section goes), whether a file
 * still waits on this device (picked offline: the save takes it along), and the removal (the waiting
 * file is forgotten with it). How the media show (a thumbnail row, a grid with a carousel) stays each
 * editor's own.
 */
import type { MediaFlags } from '@nursery/domain/common';
import { useEffect, useRef } from 'react';
import { forgetWaitingFile, waitingFile } from '../../../lib/offline/outbox';
import { createLocalPreviews, type LocalPreviews, mediaPermission } from './attachedMedia';
import type { MediaKind } from './mediaKind';
import { type AttachedMedium, type MediaUploads, useMediaUploads } from './useMediaUploads';

export interface AttachedMediaOptions {
  /** The event type's id (the upload names it). */
  typeID: number;
  /** The type's addMedia / addPhoto / addVideo. */
  rights: MediaFlags;
  /** The type's tag and name, for the refusal of a kind it does not take. */
  tag: string;
  typeName: string;
  /** A file is attached (uploaded or waiting): `preview` is its local object URL. */
  onAttached: (medium: AttachedMedium, preview: string) => void;
  /** The user removed the file: the form drops it. */
  onRemoved: (id: string) => void;
  /** A file started (true) or ended (false) being prepared or uploaded: the form waits for it. */
  onBusy: (id: string, busy: boolean) => void;
}

export interface AttachedMedia {
  uploader: MediaUploads;
  /** Whether the type takes any media (the add button or menu shows). */
  canAttach: boolean;
  allows: (kind: MediaKind) => boolean;
  /** The spec's refusal for a type that takes no media. */
  notPermitted: string;
  /** The file as picked in this visit (object URL), if it was. */
  preview: (id: string) => string | undefined;
  /** Picked offline and still on this device only: the save uploads it first. */
  isWaiting: (id: string) => boolean;
  remove: (id: string) => void;
}

export function useAttachedMedia(options: AttachedMediaOptions): AttachedMedia {
  const { typeID, rights, tag, typeName, onAttached, onRemoved, onBusy } = options;
  const previewsRef = useRef<LocalPreviews | null>(null);
  previewsRef.current ??= createLocalPreviews();
  const previews = previewsRef.current;
  // The section going revokes its object URLs (a form kept elsewhere shows its stored addresses).
  useEffect(() => () => previews.clear(), [previews]);

  const permission = mediaPermission(rights, tag, typeName);
  const uploader = useMediaUploads({
    typeID,
    allows: permission.allows,
    notPermitted: permission.notPermitted,
    onAttached: (m) => onAttached(m, previews.add(m.id, m.file)),
    onBusy,
  });

  return {
    uploader,
    canAttach: permission.any,
    allows: permission.allows,
    notPermitted: permission.notPermitted,
    preview: previews.get,
    isWaiting: (id) => waitingFile(id) !== undefined,
    remove: (id) => {
      forgetWaitingFile(id);
      previews.remove(id);
      onRemoved(id);
    },
  };
}
