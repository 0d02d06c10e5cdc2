import { Box, Button, Group, Menu, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MediaFlags } from '@nursery/domain/common';
import type { SpotlightTag } from '@nursery/domain/events';
import { carouselIndex, mediaTiles, moreTilesLabel } from '@nursery/domain/spotlight';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, UploadIcon, VideoIcon } from '../../../components/icons';
import { SectionPanel } from '../../../components/SectionPanel';
import {
  acceptForPick,
  type FormMedia,
  MediaFileInput,
  type MediaPick,
  MediaRemoveButton,
  MediaUploadList,
  MediaWaitingBadge,
  mediaSources,
  useAttachedMedia,
} from '../../events';

/**
 * Photos and videos of a Spotlight event (spec 001 §2, §4, §5, §9): a grid of at most 4 tiles whose 4th
 * carries '+N', a carousel over all of them whose index stays in bounds, the add-media menu offering
 * what the type's addPhoto / addVideo / addMedia allow (else the spec's refusal). Files go through the
 * events editor's one media section (useAttachedMedia: the type's rights, the uploader with its checks,
 * photo preparation, progress, Retry and offline keep; the answer's mediaToken attaches the file on
 * save; removal). A file added in this visit shows from an object URL until the grid goes (one kept
 * offline says "Waiting to upload"); removing it revokes that URL.
 */
export function MediaGrid({
  tag,
  typeID,
  typeName,
  rights,
  media,
  onAdd,
  onRemove,
  onUploading,
  readOnly,
  notice,
}: {
  /** Above the grid: the photo-consent warning of the chosen children. */
  notice?: React.ReactNode;
  tag: SpotlightTag;
  typeID: number;
  typeName: string;
  rights: MediaFlags;
  media: readonly FormMedia[];
  onAdd: (medium: FormMedia) => void;
  onRemove: (id: string) => void;
  /** An upload started (true) or ended (false): the form waits for it before saving. */
  onUploading: (id: string, busy: boolean) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<MediaPick>('any');
  const [carousel, setCarousel] = useState<number | null>(null);

  const offers: { kind: MediaPick; label: string }[] = [
    ...(rights.addPhoto ? [{ kind: 'photo' as const, label: t('spotlight-media-add-photo') }] : []),
    ...(rights.addVideo ? [{ kind: 'video' as const, label: t('spotlight-media-add-video') }] : []),
    ...(rights.addMedia ? [{ kind: 'any' as const, label: t('spotlight-media-add-any') }] : []),
  ];
  const attached = useAttachedMedia({
    typeID,
    rights,
    tag,
    typeName,
    // The grid shows a file added in this visit from the device until the grid goes.
    onAttached: (m, preview) =>
      onAdd({ id: m.id, type: m.kind, token: m.token, url: preview, thumbnailUrl: preview }),
    onRemoved: (id) => {
      onRemove(id);
      setCarousel((i) => (i === null ? null : media.length <= 1 ? null : carouselIndex(i, media.length - 1)));
    },
    onBusy: onUploading,
  });
  const uploader = attached.uploader;

  const pick = (k: MediaPick) => {
    setKind(k);
    // The accept attribute must be set before the dialog opens.
    requestAnimationFrame(() => input.current?.click());
  };

  const tiles = mediaTiles(media);
  const canAdd = !readOnly && attached.canAttach;
  const open = carousel === null ? null : carouselIndex(carousel, media.length);
  const current = open === null ? undefined : media[open];

  return (
    <SectionPanel title={t('spotlight-media')} qa="spotlight-media">
      {notice}
      {media.length === 0 && uploader.uploads.length === 0 && (
        <Text size="sm" c="dimmed" data-qa="spotlight-media-none">
          {t('spotlight-media-none')}
        </Text>
      )}
      {tiles.length > 0 && (
        <SimpleGrid cols={4} spacing="xs" maw={440} data-qa="spotlight-media-grid">
          {tiles.map((tile) => {
            // The '+N' tile (domain mediaTiles) shows the first medium it stands for behind its label.
            const i = tile.index;
            const m = tile.kind === 'media' ? tile.media : media[i]!;
            const plus = tile.kind === 'more';
            const more = tile.kind === 'more' ? tile.count : 0;
            return (
              <Box key={m.id} pos="relative" data-qa="spotlight-media-tile" data-media-id={m.id}>
                <UnstyledButton
                  onClick={() => setCarousel(i)}
                  aria-label={
                    plus
                      ? t('spotlight-media-more', { count: more })
                      : t('spotlight-media-open', { n: String(i + 1), total: String(media.length) })
                  }
                  style={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: '1',
                    borderRadius: 8,
                    overflow: 'hidden',
                  }}
                  bg="gray.1"
                >
                  {m.type === 'video' ? (
                    <Box h="100%" style={{ display: 'grid', placeItems: 'center' }}>
                      <VideoIcon size={32} />
                    </Box>
                  ) : (
                    <img
                      src={mediaSources(m.id, m).thumbnail}
                      alt=""
                      style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  )}
                  {plus && (
                    <Box
                      pos="absolute"
                      inset={0}
                      bg="rgba(0,0,0,0.55)"
                      c="white"
                      fz={24}
                      fw={700}
                      style={{ display: 'grid', placeItems: 'center', borderRadius: 8 }}
                      data-qa="spotlight-media-more"
                    >
                      {moreTilesLabel(more)}
                    </Box>
                  )}
                </UnstyledButton>
                {!plus && attached.isWaiting(m.id) && (
                  // Kept on this device offline: the save uploads it first (sendWaitingFiles).
                  <MediaWaitingBadge inset={0} radius={8} />
                )}
                {!readOnly && !plus && (
                  <MediaRemoveButton
                    label={t('spotlight-media-remove', { n: String(i + 1) })}
                    qa="spotlight-media-remove"
                    onRemove={() => attached.remove(m.id)}
                  />
                )}
              </Box>
            );
          })}
        </SimpleGrid>
      )}
      <MediaUploadList media={uploader} />
      {!readOnly && !attached.canAttach && (
        <Text size="sm" c="dimmed" data-qa="spotlight-media-not-permitted">
          {attached.notPermitted}
        </Text>
      )}
      {canAdd && (
        <Group>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="light"
                leftSection={<UploadIcon size={18} />}
                rightSection={<ChevronDownIcon size={16} />}
                data-qa="spotlight-media-add"
              >
                {t('spotlight-media-add')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {offers.map((o) => (
                <Menu.Item
                  key={o.kind}
                  mih={44}
                  onClick={() => pick(o.kind)}
                  data-qa={`spotlight-media-add-${o.kind}`}
                >
                  {o.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <MediaFileInput
            ref={input}
            accept={acceptForPick(kind)}
            onFiles={uploader.addFiles}
            qa="spotlight-media-input"
          />
        </Group>
      )}
      <Modal
        opened={current !== undefined}
        onClose={() => setCarousel(null)}
        title={t('spotlight-carousel')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('spotlight-dismiss'), size: 44 }}
        data-qa="spotlight-carousel"
      >
        {current && open !== null && (
          <Stack gap="sm">
            {current.type === 'video' ? (
              // biome-ignore lint/a11y/useMediaCaption: staff videos of the day have no captions
              <video
                src={mediaSources(current.id, current).file}
                controls
                style={{ width: '100%', maxHeight: '70vh' }}
              />
            ) : (
              <img
                src={mediaSources(current.id, current).file}
                alt={t('spotlight-photo', { n: String(open + 1) })}
                style={{ width: '100%', maxHeight: '70vh', objectFit: 'contain' }}
              />
            )}
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={open === 0}
                onClick={() => setCarousel(carouselIndex(open - 1, media.length))}
                data-qa="spotlight-carousel-previous"
              >
                {t('spotlight-carousel-previous')}
              </Button>
              <Text data-qa="spotlight-carousel-position">
                {t('spotlight-carousel-position', { n: String(open + 1), total: String(media.length) })}
              </Text>
              <Button
                variant="default"
                disabled={open >= media.length - 1}
                onClick={() => setCarousel(carouselIndex(open + 1, media.length))}
                data-qa="spotlight-carousel-next"
              >
                {t('spotlight-carousel-next')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </SectionPanel>
  );
}
