import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { canAttachAnyMedia, canAttachMedia, mediaPermissionMessage } from '@nursery/domain';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CloseIcon, UploadIcon, VideoIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import { forgetWaitingFile, rememberWaitingFile } from '../../../lib/offline/outbox';
import { SYNC_UPLOAD_STALL_MS, stallGuard } from '../../../lib/offline/requestTimeout';
import { PhotoConsentWarning } from '../../children';
import { randomUuid } from '../eventForm';
import { mediaFileUrl, mediaThumbnailUrl, uploadMedia } from '../media/mediaApi';
import { acceptFor, type MediaKind } from '../media/mediaKind';
import {
  checkPickedFile,
  classifyUploadFailure,
  type MediaRefusal,
  photoUploadCheck,
} from '../media/mediaRules';
import { PhotoUnreadable, preparePhoto } from '../media/photoPrep';
import type { PanelProps } from '../panelProps';

interface Upload {
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
interface Refusal {
  key: string;
  name: string;
  message: string;
}

/**
 * Photos and videos (spec 000 §2 media upload panel, §5 "needs the type's addPhoto, addVideo or
 * addMedia", §7 upload with progress, §8 err-uploading-media / err-permission-add-media). Each picked
 * file is checked first (type, size: media/mediaRules.ts), a photo is then prepared in a worker
 * (downscaled to 2,560 px on its long edge, metadata dropped: media/photoPrep.ts) with its own
 * progress bar, and uploads with another; a finished upload adds its id to form.mediaIDs and shows as
 * a thumbnail. A failed upload keeps its file and id: Retry is offered when another try may work
 * (server error, busy), not when the server refused the file itself (too large, type, permission).
 */
export function MediaPanel(props: PanelProps) {
  const { form, update, type, editable } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const videoInputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  // Kinds learnt this session (server answers); stored ids fall back to a tile when no thumbnail loads.
  const [kinds, setKinds] = useState<Record<string, MediaKind>>({});
  const [noThumbnail, setNoThumbnail] = useState<Record<string, true>>({});
  // Files picked offline: kept on this device (outbox on save), shown from a local URL until uploaded.
  const [waitingUrls, setWaitingUrls] = useState<Record<string, string>>({});

  const allowImage = canAttachMedia(type, 'image');
  const allowVideo = canAttachMedia(type, 'video');
  const canAdd = editable && canAttachAnyMedia(type);
  if (!canAttachAnyMedia(type) && form.mediaIDs.length === 0) return null;

  const refusalText = (r: MediaRefusal): string =>
    r.key === 'media-refused-photo-size' || r.key === 'media-refused-video-size'
      ? t(r.key, { max: r.values.max ?? '' })
      : t(r.key);
  const patch = (id: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  const drop = (id: string) => setUploads((list) => list.filter((x) => x.id !== id));
  // While a file is prepared or uploaded the form waits (the save buttons say so).
  // (Unchanged when already waiting: the same form object re-renders nothing.)
  const busy = (id: string) =>
    update((f) => (f.uploading.includes(id) ? f : { ...f, uploading: [...f.uploading, id] }));
  const done = (id: string) => update((f) => ({ ...f, uploading: f.uploading.filter((x) => x !== id) }));
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
    uploadMedia({
      id: u.id,
      typeID: type.id,
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
          setKinds((k) => ({ ...k, [answer.id]: answer.type }));
          update((f) =>
            f.mediaIDs.includes(answer.id) ? f : { ...f, mediaIDs: [...f.mediaIDs, answer.id] },
          );
          done(u.id);
          drop(u.id);
        },
        (error: unknown) => {
          const failure = guard.signal.aborted ? { kind: 'offline' as const } : classifyUploadFailure(error);
          if (failure.kind === 'offline') {
            // Offline: the file waits on this device with its id; saving queues it with the event.
            rememberWaitingFile({ id: u.id, typeID: type.id, file: u.file });
            setWaitingUrls((m) => ({ ...m, [u.id]: URL.createObjectURL(u.file) }));
            setKinds((k) => ({ ...k, [u.id]: u.kind }));
            update((f) => (f.mediaIDs.includes(u.id) ? f : { ...f, mediaIDs: [...f.mediaIDs, u.id] }));
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

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.currentTarget.files ?? [])];
    // Picking the same file again after a failure must fire change again.
    e.currentTarget.value = '';
    const refused: Refusal[] = [];
    for (const file of files) {
      const check = checkPickedFile(file);
      if (!check.ok) {
        refused.push({
          key: randomUuid(),
          name: file.name,
          message: refusalText(check.refusal),
        });
        continue;
      }
      if (!canAttachMedia(type, check.kind)) {
        refused.push({
          key: randomUuid(),
          name: file.name,
          message: mediaPermissionMessage(type.tag, type.value),
        });
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

  const remove = (id: string) => {
    forgetWaitingFile(id);
    update((f) => ({ ...f, mediaIDs: f.mediaIDs.filter((x) => x !== id) }));
  };

  return (
    <SectionPanel title={t('media-title')} qa="media-panel">
      <PhotoConsentWarning
        childIDs={form.childIDs}
        siteChildren={props.siteChildren}
        mediaCount={form.mediaIDs.length + form.uploading.length}
      />
      {form.mediaIDs.length === 0 && uploads.length === 0 && (
        <Text size="sm" c="dimmed" data-qa="media-none">
          {t('media-none')}
        </Text>
      )}

      {form.mediaIDs.length > 0 && (
        <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-qa="media-thumbnails">
          {form.mediaIDs.map((id, i) => {
            const n = String(i + 1);
            const kind = kinds[id];
            const local = waitingUrls[id];
            const tile = kind === 'video' || (noThumbnail[id] && !local);
            return (
              <Box component="li" key={id} pos="relative" data-qa="media-item" data-media-id={id}>
                <UnstyledButton
                  component="a"
                  href={local ?? mediaFileUrl(id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={
                    kind === 'video'
                      ? t('media-video', { n })
                      : tile
                        ? t('media-item', { n })
                        : t('media-thumbnail', { n })
                  }
                  style={{ display: 'block', borderRadius: 8, overflow: 'hidden' }}
                >
                  {tile ? (
                    <Paper
                      withBorder
                      w={96}
                      h={96}
                      bg="gray.1"
                      style={{ display: 'grid', placeItems: 'center' }}
                      data-qa="media-video-tile"
                    >
                      <VideoIcon size={32} />
                    </Paper>
                  ) : (
                    <img
                      src={local ?? mediaThumbnailUrl(id)}
                      alt=""
                      width={96}
                      height={96}
                      style={{
                        objectFit: 'cover',
                        display: 'block',
                        border: '1px solid #dee2e6',
                        borderRadius: 8,
                      }}
                      onError={() => setNoThumbnail((m) => ({ ...m, [id]: true }))}
                      data-qa="media-thumbnail"
                    />
                  )}
                </UnstyledButton>
                {local && (
                  <Text
                    pos="absolute"
                    bottom={1}
                    left={1}
                    right={1}
                    fz={11}
                    fw={700}
                    lh={1.2}
                    ta="center"
                    py={2}
                    bg="yellow.3"
                    c="dark.9"
                    style={{ borderRadius: '0 0 7px 7px', pointerEvents: 'none' }}
                    data-qa="media-waiting"
                  >
                    {t('media-waiting-upload')}
                  </Text>
                )}
                {editable && (
                  // A 44 px target (issue 13) in the tile's corner; the visible dot stays small.
                  <ActionIcon
                    pos="absolute"
                    top={0}
                    right={0}
                    size={44}
                    radius="xl"
                    variant="transparent"
                    onClick={() => remove(id)}
                    aria-label={t('media-remove-n', { n })}
                    data-qa="media-remove"
                  >
                    <Box
                      component="span"
                      w={26}
                      h={26}
                      bg="dark.7"
                      c="white"
                      style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}
                    >
                      <CloseIcon size={14} />
                    </Box>
                  </ActionIcon>
                )}
              </Box>
            );
          })}
        </Group>
      )}

      {uploads.map((u) => (
        <Paper key={u.id} withBorder p="sm" radius="md" data-qa="media-upload" data-status={u.status}>
          <Stack gap={6}>
            <Text size="sm" truncate>
              {u.status === 'preparing'
                ? t('media-preparing', { name: u.name })
                : u.status === 'uploading'
                  ? t('media-uploading', { name: u.name })
                  : u.name}
            </Text>
            {u.status !== 'failed' ? (
              <Progress
                value={Math.round(u.progress * 100)}
                animated
                striped={u.status === 'preparing'}
                color={u.status === 'preparing' ? 'teal' : undefined}
                aria-label={
                  u.status === 'preparing'
                    ? t('media-prepare-progress', { name: u.name })
                    : t('media-upload-progress', { name: u.name })
                }
                data-qa={u.status === 'preparing' ? 'media-prepare-progress' : 'media-progress'}
              />
            ) : (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="media-error">
                <Text size="sm" fw={600}>
                  {t('err-uploading-media')}
                </Text>
                {u.message && (
                  <Text size="sm" data-qa="media-error-message">
                    {u.message}
                  </Text>
                )}
                {!u.retryable && (
                  <Text size="sm" data-qa="media-no-retry">
                    {t('media-no-retry')}
                  </Text>
                )}
                <Group gap="xs" mt="xs">
                  {u.retryable && (
                    <Button color="red" onClick={() => start(u)} data-qa="media-retry">
                      {t('media-retry')}
                    </Button>
                  )}
                  <Button variant="subtle" color="gray" onClick={() => drop(u.id)} data-qa="media-discard">
                    {t('media-discard')}
                  </Button>
                </Group>
              </Alert>
            )}
          </Stack>
        </Paper>
      ))}

      {refusals.map((r) => (
        <Alert
          key={r.key}
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('media-discard')}
          styles={{ closeButton: { width: 44, height: 44, minWidth: 44 } }}
          onClose={() => setRefusals((list) => list.filter((x) => x.key !== r.key))}
          data-qa="media-refused"
        >
          {r.name}: {r.message}
        </Alert>
      ))}

      {canAdd && (
        // One tap opens the camera or the photo library (issue 27): the photo button triggers a file
        // input that takes photos only, so the device offers its camera and library at once instead
        // of asking first whether a photo or a video is wanted; a video has its own button.
        <Group>
          {allowImage && (
            <Button
              variant="light"
              leftSection={<UploadIcon size={18} />}
              onClick={() => inputRef.current?.click()}
              data-qa="media-add"
            >
              {t('media-add-photo')}
            </Button>
          )}
          {allowVideo && (
            <Button
              variant="light"
              leftSection={<VideoIcon size={18} />}
              onClick={() => (allowImage ? videoInputRef : inputRef).current?.click()}
              data-qa="media-add-video"
            >
              {t('media-add-video')}
            </Button>
          )}
          <input
            ref={inputRef}
            type="file"
            accept={allowImage ? 'image/*' : acceptFor(false, allowVideo)}
            multiple
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={onFiles}
            data-qa="media-input"
          />
          {allowImage && allowVideo && (
            <input
              ref={videoInputRef}
              type="file"
              accept="video/*"
              multiple
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFiles}
              data-qa="media-input-video"
            />
          )}
        </Group>
      )}
    </SectionPanel>
  );
}
