// The band across the foot of a media tile kept on this device while offline: the save uploads it first.
// The Events media panel and Spotlight's grid show it on their tiles (`inset`: the tile's border, px).
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function MediaWaitingBadge({ inset, radius }: { inset: number; radius: number }) {
  const { t } = useTranslation();
  return (
    <Text
      pos="absolute"
      bottom={inset}
      left={inset}
      right={inset}
      fz={11}
      fw={700}
      lh={1.2}
      ta="center"
      py={2}
      bg="yellow.3"
      c="dark.9"
      style={{ borderRadius: `0 0 ${radius}px ${radius}px`, pointerEvents: 'none' }}
      data-qa="media-waiting"
    >
      {t('media-waiting-upload')}
    </Text>
  );
}
