/**
 * The wheel's key (spec 001 §4): the colours the segments take, in the order of the colour rule, the
 * bespoke area colours of an achieved segment where the framework has them (-29, -31), the professional
 * judgement outline; and the numbered sectors with their names (areas on the main wheel, aspects in an
 * area): on the main wheel each is a 44 px button that drills in, the keyboard's way into an area.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { WHEEL_BEST_FIT_COLOUR, WHEEL_BOTH_COLOUR } from '@nursery/domain/common';
import type { WheelColours } from '@nursery/domain/frameworks';
import { bespokeAreaColour } from '@nursery/domain/spotlight';
import { useTranslation } from 'react-i18next';
import classes from './bigPicture.module.css';
import { EMPTY_SEGMENT_FILL } from './Wheel';
import type { WheelSector } from './wheelModel';

function Swatch({ colour, label, qa }: { colour: string; label: string; qa?: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-qa={qa}>
      <span className={classes.swatch} style={{ background: colour }} aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

export function WheelLegend({
  frameworkID,
  colours,
  sectors,
  drilled,
  onDrill,
}: {
  frameworkID: string;
  colours: WheelColours;
  sectors: readonly WheelSector[];
  drilled: boolean;
  onDrill?: (areaID: string) => void;
}) {
  const { t } = useTranslation();
  const bespoke = drilled
    ? []
    : sectors
        .map((s) => ({ sector: s, colour: bespokeAreaColour(frameworkID, s.item.id) }))
        .filter((x): x is { sector: WheelSector; colour: string } => x.colour !== null);
  return (
    <Stack gap="sm" data-qa="big-picture-legend">
      <Text fw={700} size="sm">
        {t('big-picture-legend')}
      </Text>
      <Group gap="md">
        <Swatch colour={colours.workingTowards} label={t('big-picture-legend-working-towards')} />
        <Swatch colour={colours.achieved} label={t('big-picture-legend-achieved')} />
        <Swatch colour={colours.both ?? WHEEL_BOTH_COLOUR} label={t('big-picture-legend-both')} />
        <Swatch colour={colours.bestFit ?? WHEEL_BEST_FIT_COLOUR} label={t('big-picture-legend-best-fit')} />
        <Swatch colour={EMPTY_SEGMENT_FILL} label={t('big-picture-legend-empty')} />
        <Group gap={6} wrap="nowrap">
          <span className={`${classes.swatch} ${classes.judgedSwatch}`} aria-hidden="true" />
          <Text size="sm">{t('big-picture-legend-judgement')}</Text>
        </Group>
      </Group>
      {bespoke.length > 0 && (
        <Group gap="md">
          {bespoke.map(({ sector, colour }) => (
            <Swatch
              key={sector.item.id}
              colour={colour}
              label={`${t('big-picture-legend-achieved')}: ${sector.item.name}`}
            />
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} data-qa="big-picture-sectors">
        {sectors.map((s, n) =>
          onDrill && !drilled ? (
            <Button
              key={s.item.id}
              variant="default"
              justify="flex-start"
              mih={44}
              onClick={() => onDrill(s.item.id)}
              data-qa="big-picture-area-button"
              data-item={s.item.id}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              {n + 1}. {s.item.name}
            </Button>
          ) : (
            <Text key={s.item.id} size="sm" data-qa="big-picture-sector-name">
              {n + 1}. {s.item.name}
            </Text>
          ),
        )}
      </SimpleGrid>
    </Stack>
  );
}
