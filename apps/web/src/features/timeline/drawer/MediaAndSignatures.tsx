// The drawer's media (thumbnails opening full size) and signatures (each image with alt text naming
// the signer and their role), from events v3 (issue 31).
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { EventV3Media, EventV3Signature } from '@nursery/domain/events';
import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoIcon } from '../../../components/icons';
import { mediaFileUrl, mediaThumbnailUrl } from '../../events';
import { inSignatureOrder } from '../drawer';
import classes from './drawer.module.css';

const THUMB_PX = 96;

export function MediaSection({ media }: { media: readonly EventV3Media[] }) {
  const { t } = useTranslation();
  const headingID = useId();
  if (media.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingID} data-qa="drawer-media">
      <Title order={3} fz="h5" id={headingID} mb="xs">
        {t('drawer-media')}
      </Title>
      <Group gap="sm">
        {media.map((m, i) => (
          <a
            key={m.id}
            href={mediaFileUrl(m.id)}
            target="_blank"
            rel="noopener"
            aria-label={t('drawer-media-item', { n: String(i + 1), total: String(media.length) })}
            className={classes.thumb}
            data-qa="drawer-media-item"
          >
            {m.kind === 'photo' ? (
              <img src={mediaThumbnailUrl(m.id)} alt="" width={THUMB_PX} height={THUMB_PX} loading="lazy" />
            ) : (
              <VideoIcon size={28} />
            )}
          </a>
        ))}
      </Group>
    </Box>
  );
}

export function SignaturesSection({
  signatures,
  timeZone,
}: {
  signatures: readonly EventV3Signature[];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const headingID = useId();
  if (signatures.length === 0) return null;
  const role = (type: string) => t(`drawer-signature-${type}` as ParseKeys, { defaultValue: type });
  return (
    <Box component="section" aria-labelledby={headingID} data-qa="drawer-signatures" className={classes.keep}>
      <Title order={3} fz="h5" id={headingID} mb="xs">
        {t('drawer-signatures')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" className={classes.signatures}>
        {inSignatureOrder(signatures).map((s) => {
          const name = `${s.forename} ${s.surname}`.trim();
          return (
            <Paper
              component="figure"
              key={s.id}
              withBorder
              radius="sm"
              p="xs"
              m={0}
              data-qa="drawer-signature"
              data-signature-type={s.signatureType}
            >
              <img
                src={s.imageUrl}
                alt={t('drawer-signature-alt', { name, role: role(s.signatureType) })}
                className={classes.signature}
                data-qa="drawer-signature-image"
              />
              <Stack component="figcaption" gap={0} mt={4}>
                <Text size="xs" c="dimmed" fw={600}>
                  {role(s.signatureType)}
                </Text>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('drawer-signature-signed', {
                    date: formatDate(s.created, timeZone),
                    time: formatTime(s.created, timeZone),
                  })}
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
