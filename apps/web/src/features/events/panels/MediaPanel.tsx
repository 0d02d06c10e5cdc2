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
import { canAttachAnyMedia, canAttachMedia, formatMessage, mediaPermissionMessage } from '@nursery/domain';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CloseIcon, UploadIcon, VideoIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import { isApiError, NetworkError } from '../../../lib/api';
import { forgetWaitingFile, rememberWaitingFile } from '../../../lib/offline/outbox';
import { randomUuid } from '../eventForm';
import { mediaFileUrl, mediaThumbnailUrl, uploadMedia } from '../media/mediaApi';
import { acceptFor, type MediaKind, mediaKindOf } from '../media/mediaKind';
import type { PanelProps } from '../panelProps';

interface Upload {
  /** The media id (client UUID), kept across retries so the server never stores the file twice. */
  id: string;
  file: File;
  kind: MediaKind;
  progress: number;
  status: 'uploading' | 'failed';
  message: string | null;
}

/** A refusal before any upload (a disallowed kind). */
interface Refusal {
  key: string;
  name: string;
  message: string;
}

/**
 * Photos and videos (spec 000 §2 media upload panel, §5 "needs the type's addPhoto, addVideo or
 * addMedia", §7 upload with progress, §8 err-uploading-media / err-permission-add-media). Each picked
 * file uploads at once with its own progress bar; a finished upload adds its id to form.mediaIDs and
 * shows as a thumbnail. A failed upload keeps its file and id so it can be retried.
 */
export function MediaPanel(props: PanelProps) {
  const { form, update, type, editable } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
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

  const patch = (id: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const start = (u: Upload) => {
    patch(u.id, { status: 'uploading', progress: 0, message: null });
    update((f) => ({ ...f, uploading: [...f.uploading.filter((x) => x !== u.id), u.id] }));
    const done = () => update((f) => ({ ...f, uploading: f.uploading.filter((x) => x !== u.id) }));
    uploadMedia({
      id: u.id,
      typeID: type.id,
      file: u.file,
      onProgress: (progress) => patch(u.id, { progress }),
    }).then(
      (answer) => {
        setKinds((k) => ({ ...k, [answer.id]: answer.type }));
        update((f) => (f.mediaIDs.includes(answer.id) ? f : { ...f, mediaIDs: [...f.mediaIDs, answer.id] }));
        done();
        setUploads((list) => list.filter((x) => x.id !== u.id));
      },
      (error: unknown) => {
        if (error instanceof NetworkError) {
          // Offline: the file waits on this device with its id; saving queues it with the event.
          rememberWaitingFile({ id: u.id, typeID: type.id, file: u.file });
          setWaitingUrls((m) => ({ ...m, [u.id]: URL.createObjectURL(u.file) }));
          setKinds((k) => ({ ...k, [u.id]: u.kind }));
          update((f) => (f.mediaIDs.includes(u.id) ? f : { ...f, mediaIDs: [...f.mediaIDs, u.id] }));
          done();
          setUploads((list) => list.filter((x) => x.id !== u.id));
          return;
        }
        const message = isApiError(error)
          ? error.message
          : error instanceof Error
            ? error.message
            : String(error);
        patch(u.id, { status: 'failed', message });
        done();
      },
    );
  };

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.currentTarget.files ?? [])];
    // Picking the same file again after a failure must fire change again.
    e.currentTarget.value = '';
    const refused: Refusal[] = [];
    for (const file of files) {
      const kind = mediaKindOf(file);
      if (kind === null) {
        refused.push({
          key: randomUuid(),
          name: file.name,
          message: formatMessage('media-type-cannot-be-uploaded'),
        });
        continue;
      }
      if (!canAttachMedia(type, kind)) {
        refused.push({
          key: randomUuid(),
          name: file.name,
          message: mediaPermissionMessage(type.tag, type.value),
        });
        continue;
      }
      const u: Upload = { id: randomUuid(), file, kind, progress: 0, status: 'uploading', message: null };
      setUploads((list) => [...list, u]);
      start(u);
    }
    setRefusals(refused);
  };

  const remove = (id: string) => {
    forgetWaitingFile(id);
    update((f) => ({ ...f, mediaIDs: f.mediaIDs.filter((x) => x !== id) }));
  };
  const addLabel =
    allowImage && allowVideo ? t('media-add') : allowImage ? t('media-add-photo') : t('media-add-video');

  return (
    <SectionPanel title={t('media-title')} qa="media-panel">
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
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="sm"
                    radius="xl"
                    variant="filled"
                    color="dark"
                    onClick={() => remove(id)}
                    aria-label={t('media-remove-n', { n })}
                    data-qa="media-remove"
                  >
                    <CloseIcon size={14} />
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
              {t('media-uploading', { name: u.file.name })}
            </Text>
            {u.status === 'uploading' ? (
              <Progress
                value={Math.round(u.progress * 100)}
                animated={u.progress < 1}
                aria-label={t('media-upload-progress', { name: u.file.name })}
                data-qa="media-progress"
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
                <Group gap="xs" mt="xs">
                  <Button size="xs" color="red" onClick={() => start(u)} data-qa="media-retry">
                    {t('media-retry')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => setUploads((list) => list.filter((x) => x.id !== u.id))}
                    data-qa="media-discard"
                  >
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
          onClose={() => setRefusals((list) => list.filter((x) => x.key !== r.key))}
          data-qa="media-refused"
        >
          {r.name}: {r.message}
        </Alert>
      ))}

      {canAdd && (
        <Group>
          <Button
            variant="light"
            leftSection={<UploadIcon size={18} />}
            onClick={() => inputRef.current?.click()}
            data-qa="media-add"
          >
            {addLabel}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept={acceptFor(allowImage, allowVideo)}
            multiple
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={onFiles}
            data-qa="media-input"
          />
        </Group>
      )}
    </SectionPanel>
  );
}
