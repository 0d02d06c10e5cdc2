import { ActionIcon, Box, Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { canAttachAnyMedia, canAttachMedia, mediaPermissionMessage } from '@nursery/domain/common';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, UploadIcon, VideoIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import { forgetWaitingFile } from '../../../lib/offline/outbox';
import { PhotoConsentWarning } from '../../children';
import { MediaUploadList } from '../media/MediaUploadList';
import { MediaWaitingBadge } from '../media/MediaWaitingBadge';
import { mediaFileUrl, mediaThumbnailUrl } from '../media/mediaApi';
import { acceptFor, type MediaKind } from '../media/mediaKind';
import { useMediaUploads } from '../media/useMediaUploads';
import type { PanelProps } from '../panelProps';

/**
 * Photos and videos (spec 000 §2 media upload panel, §5 "needs the type's addPhoto, addVideo or
 * addMedia", §7 upload with progress, §8 err-uploading-media / err-permission-add-media). The files go
 * through the editors' one uploader (media/useMediaUploads.ts: checks, photo preparation, progress,
 * Retry, offline keep); a finished upload adds its id to form.mediaIDs and shows as a thumbnail, a file
 * kept on this device offline shows from a local URL with "Waiting to upload".
 */
export function MediaPanel(props: PanelProps) {
  const { form, update, type, editable } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const videoInputRef = useRef<HTMLInputElement>(null);
  // Kinds learnt this session (server answers); stored ids fall back to a tile when no thumbnail loads.
  const [kinds, setKinds] = useState<Record<string, MediaKind>>({});
  const [noThumbnail, setNoThumbnail] = useState<Record<string, true>>({});
  // Files picked offline: kept on this device (outbox on save), shown from a local URL until uploaded.
  const [waitingUrls, setWaitingUrls] = useState<Record<string, string>>({});

  const allowImage = canAttachMedia(type, 'image');
  const allowVideo = canAttachMedia(type, 'video');
  const canAdd = editable && canAttachAnyMedia(type);
  const media = useMediaUploads({
    typeID: type.id,
    allows: (kind) => canAttachMedia(type, kind),
    notPermitted: mediaPermissionMessage(type.tag, type.value),
    onAttached: (m) => {
      setKinds((k) => ({ ...k, [m.id]: m.kind }));
      // Offline: the file waits on this device, shown from a local URL until uploaded.
      if (m.waiting) setWaitingUrls((urls) => ({ ...urls, [m.id]: URL.createObjectURL(m.file) }));
      update((f) => (f.mediaIDs.includes(m.id) ? f : { ...f, mediaIDs: [...f.mediaIDs, m.id] }));
    },
    // While a file is prepared or uploaded the form waits (the save buttons say so).
    // (Unchanged when already waiting: the same form object re-renders nothing.)
    onBusy: (id, busy) =>
      update((f) =>
        busy
          ? f.uploading.includes(id)
            ? f
            : { ...f, uploading: [...f.uploading, id] }
          : { ...f, uploading: f.uploading.filter((x) => x !== id) },
      ),
  });

  if (!canAttachAnyMedia(type) && form.mediaIDs.length === 0) return null;

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.currentTarget.files ?? [])];
    // Picking the same file again after a failure must fire change again.
    e.currentTarget.value = '';
    media.addFiles(files);
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
      {form.mediaIDs.length === 0 && media.uploads.length === 0 && (
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
                {local && <MediaWaitingBadge inset={1} radius={7} />}
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

      <MediaUploadList media={media} />

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
