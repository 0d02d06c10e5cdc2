/**
 * The one media uploader of the event editors (issue 28: the Events form's media panel and the
 * Spotlight editor's media grid): each picked file is checked first (type, size: mediaRules.ts), a
 * photo is then prepared in a worker (downscaled to 2,560 px on its long edge, metadata dropped:
 * photoPrep.ts) and uploaded with progress; a failed upload keeps its file and id, and Retry is
 * offered when another try may work (server error, busy), not when the server refused the file itself
 * (too large, type, permission). An upload that meets no network keeps its file on this device
 * (lib/offline/outbox waiting files): it is attached as waiting, and the editor's save takes it along.
 * How the attached media show is each editor's own (a row of thumbnails, a grid with a carousel).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberWaitingFile } from '../../../lib/offline/outbox';
import { SYNC_UPLOAD_STALL_MS, stallGuard } from '../../../lib/offline/requestTimeout';
import { randomUuid } from '../../../lib/uuid';
import { uploadMedia } from './mediaApi';
import type { MediaKind } from './mediaKind';
import { checkPickedFile, classifyUploadFailure, type MediaRefusal, photoUploadCheck } from './mediaRules';
import { PhotoUnreadable, preparePhoto } from './photoPrep';

export interface Upload {
  /** The media id (client UUID), kept across retries so the server never stores the file twice. */
  id: string;
  /** What is uploaded: the picked file until a photo is prepared, then the prepared copy. */
  file: File;
  /** The name as picked (shown while preparing and uploading). */
  name: string;
  kind: MediaKind;
  /** The picked file's effective MIME type. */
  type: string;
  progress: number;
  status: 'preparing' | 'uploading' | 'failed';
  message: string | null;
  /** A failure that another try may fix (issue 13: Retry only when it can work). */
  retryable: boolean;
}

/** A refusal before any upload (a disallowed kind, type or size, an unreadable photo). */
export interface Refusal {
  key: string;
  name: string;
  message: string;
}

/** A file the form now holds: uploaded (with the server's token), or waiting on this device. */
export interface AttachedMedium {
  id: string;
  kind: MediaKind;
  /** The upload's mediaToken (Spotlight sends it with the save); null while the file waits. */
  token: string | null;
  /** The file as uploaded (or waiting): an editor may show it from an object URL. */
  file: File;
  /** Met no network: the file is kept on this device until the save takes it. */
  waiting: boolean;
}

export interface MediaUploadsOptions {
  /** The event type's id (the upload names it; the server checks the type's media flags). */
  typeID: number;
  /** Whether the type allows this kind (its addPhoto / addVideo / addMedia). */
  allows: (kind: MediaKind) => boolean;
  /** The refusal of a kind the type does not allow (domain mediaPermissionMessage). */
  notPermitted: string;
  onAttached: (medium: AttachedMedium) => void;
  /** A file started (true) or ended (false) being prepared or uploaded: the form waits for it. */
  onBusy: (id: string, busy: boolean) => void;
}

export interface MediaUploads {
  uploads: Upload[];
  refusals: Refusal[];
  /** The files of one pick: the refusals of the pick before replace the earlier ones. */
  addFiles: (files: readonly File[]) => void;
  retry: (upload: Upload) => void;
  discard: (id: string) => void;
  dismissRefusal: (key: string) => void;
}

export function useMediaUploads(options: MediaUploadsOptions): MediaUploads {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  // The latest options: an upload that ends after a re-render reports to the current form.
  const latest = useRef(options);
  latest.current = options;

  const refusalText = (r: MediaRefusal): string =>
    r.key === 'media-refused-photo-size' || r.key === 'media-refused-video-size'
      ? t(r.key, { max: r.values.max ?? '' })
      : t(r.key);
  const patch = (id: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  const drop = (id: string) => setUploads((list) => list.filter((x) => x.id !== id));
  const busy = (id: string) => latest.current.onBusy(id, true);
  const done = (id: string) => latest.current.onBusy(id, false);
  const refuseLater = (u: Upload, message: string) => {
    drop(u.id);
    done(u.id);
    setRefusals((list) => [...list, { key: randomUuid(), name: u.name, message }]);
  };

  const start = (u: Upload) => {
    patch(u.id, { status: 'uploading', progress: 0, message: null, file: u.file });
    busy(u.id);
    // An upload that makes no progress for a minute (Wi-Fi gone mid-request) counts as offline.
    const guard = stallGuard(SYNC_UPLOAD_STALL_MS);
    const typeID = latest.current.typeID;
    uploadMedia({
      id: u.id,
      typeID,
      file: u.file,
      signal: guard.signal,
      onProgress: (progress) => {
        guard.touch();
        patch(u.id, { progress });
      },
    })
      .finally(() => guard.done())
      .then(
        (answer) => {
          latest.current.onAttached({
            id: answer.id,
            kind: answer.type,
            token: answer.mediaToken,
            file: u.file,
            waiting: false,
          });
          done(u.id);
          drop(u.id);
        },
        (error: unknown) => {
          const failure = guard.signal.aborted ? { kind: 'offline' as const } : classifyUploadFailure(error);
          if (failure.kind === 'offline') {
            // Offline: the file waits on this device with its id; saving takes it along.
            rememberWaitingFile({ id: u.id, typeID, file: u.file });
            latest.current.onAttached({ id: u.id, kind: u.kind, token: null, file: u.file, waiting: true });
            done(u.id);
            drop(u.id);
            return;
          }
          patch(u.id, {
            status: 'failed',
            message: failure.message,
            retryable: failure.kind === 'transient',
          });
          done(u.id);
        },
      );
  };

  /** A photo is prepared on the device first; what the server would refuse never leaves it. */
  const prepareThenStart = (u: Upload) => {
    busy(u.id);
    preparePhoto(u.id, u.file, u.type, (progress) => patch(u.id, { progress })).then(
      (prepared) => {
        const refusal = photoUploadCheck(prepared.file);
        if (refusal) {
          refuseLater(u, refusalText(refusal));
          return;
        }
        start({ ...u, file: prepared.file });
      },
      (error: unknown) => {
        // Not decodable here: a type the server stores goes as it is (its decoder is the judge);
        // anything else (HEIC in Chromium) could never be stored, so it is refused with a way out.
        if (
          error instanceof PhotoUnreadable &&
          photoUploadCheck({ type: u.type, size: u.file.size }) === null
        ) {
          start({ ...u, file: u.file });
          return;
        }
        refuseLater(u, t('media-refused-unreadable'));
      },
    );
  };

  const addFiles = (files: readonly File[]) => {
    const refused: Refusal[] = [];
    for (const file of files) {
      const check = checkPickedFile(file);
      if (!check.ok) {
        refused.push({ key: randomUuid(), name: file.name, message: refusalText(check.refusal) });
        continue;
      }
      if (!latest.current.allows(check.kind)) {
        refused.push({ key: randomUuid(), name: file.name, message: latest.current.notPermitted });
        continue;
      }
      const u: Upload = {
        id: randomUuid(),
        file,
        name: file.name,
        kind: check.kind,
        type: check.type,
        progress: 0,
        status: check.kind === 'image' ? 'preparing' : 'uploading',
        message: null,
        retryable: false,
      };
      setUploads((list) => [...list, u]);
      if (check.kind === 'image') prepareThenStart(u);
      else start(u);
    }
    setRefusals(refused);
  };

  return {
    uploads,
    refusals,
    addFiles,
    retry: start,
    discard: drop,
    dismissRefusal: (key) => setRefusals((list) => list.filter((x) => x.key !== key)),
  };
}
