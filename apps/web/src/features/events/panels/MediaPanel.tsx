import { Box, Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon, VideoIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import { PhotoConsentWarning } from '../../children';
import { acceptForPick, mediaSources, withUploading } from '../media/attachedMedia';
import { MediaFileInput } from '../media/MediaFileInput';
import { MediaRemoveButton } from '../media/MediaRemoveButton';
import { MediaUploadList } from '../media/MediaUploadList';
import { MediaWaitingBadge } from '../media/MediaWaitingBadge';
import type { MediaKind } from '../media/mediaKind';
import { useAttachedMedia } from '../media/useAttachedMedia';
import type { PanelProps } from '../panelProps';

/**
 * Photos and videos (spec 000 §2 media upload panel, §5 "needs the type's addPhoto, addVideo or
 * addMedia", §7 upload with progress, §8 err-uploading-media / err-permission-add-media). The files go
 * through the editors' one media section (media/useAttachedMedia.ts: the type's rights, the uploader
 * with its checks, photo preparation, progress, Retry and offline keep, local previews, removal); a
 * finished upload adds its id to form.mediaIDs and shows as a thumbnail, a file kept on this device
 * offline shows from a local URL with "Waiting to upload".
 */
export function MediaPanel(props: PanelProps) {
  const { form, update, type, editable } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const videoInputRef = useRef<HTMLInputElement>(null);
  // Kinds learnt this session (server answers); stored ids fall back to a tile when no thumbnail loads.
  const [kinds, setKinds] = useState<Record<string, MediaKind>>({});
  const [noThumbnail, setNoThumbnail] = useState<Record<string, true>>({});

  const attached = useAttachedMedia({
    typeID: type.id,
    rights: type,
    tag: type.tag,
    typeName: type.value,
    onAttached: (m) => {
      setKinds((k) => ({ ...k, [m.id]: m.kind }));
      update((f) => (f.mediaIDs.includes(m.id) ? f : { ...f, mediaIDs: [...f.mediaIDs, m.id] }));
    },
    onRemoved: (id) => update((f) => ({ ...f, mediaIDs: f.mediaIDs.filter((x) => x !== id) })),
    // While a file is prepared or uploaded the form waits (the save buttons say so).
    onBusy: (id, busy) => update((f) => withUploading(f, id, busy)),
  });
  const media = attached.uploader;
  const allowImage = attached.allows('image');
  const allowVideo = attached.allows('video');
  const canAdd = editable && attached.canAttach;

  if (!attached.canAttach && form.mediaIDs.length === 0) return null;

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
            // A file kept on this device offline shows from it; an uploaded one from the server.
            const local = attached.isWaiting(id) ? attached.preview(id) : undefined;
            const sources = mediaSources(id, { url: local, thumbnailUrl: local });
            const tile = kind === 'video' || (noThumbnail[id] && !local);
            return (
              <Box component="li" key={id} pos="relative" data-qa="media-item" data-media-id={id}>
                <UnstyledButton
                  component="a"
                  href={sources.file}
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
                      src={sources.thumbnail}
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
                  <MediaRemoveButton
                    label={t('media-remove-n', { n })}
                    qa="media-remove"
                    onRemove={() => attached.remove(id)}
                  />
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
          <MediaFileInput
            ref={inputRef}
            accept={acceptForPick(allowImage ? 'photo' : 'video')}
            onFiles={media.addFiles}
            qa="media-input"
          />
          {allowImage && allowVideo && (
            <MediaFileInput
              ref={videoInputRef}
              accept={acceptForPick('video')}
              onFiles={media.addFiles}
              qa="media-input-video"
            />
          )}
        </Group>
      )}
    </SectionPanel>
  );
}
