import { Anchor, Badge, Box, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { EventSummary } from '@nursery/domain/events';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { touchTargetClass } from '../../components/TouchList';
import { useSession } from '../auth';
import { findMeal, mediaThumbnailUrl, useMeals } from '../events';
import { editRoute, mediaTiles, missingContentKey } from './drafts';

const TILE_PX = 64;

export interface EventCardProps {
  event: EventSummary;
  selected: boolean;
  onToggle: (id: number) => void;
  /** Show the status badge (the filter shows every status). */
  showStatus: boolean;
}

/**
 * One event of the drafts list (spec 000 §2 "Event card"): selection checkbox, child, type and code
 * badges, date, notes (four lines), media, meals, author, missing-content badge, Preview and Edit/View.
 */
export const EventCard = memo(function EventCard({ event, selected, onToggle, showStatus }: EventCardProps) {
  const { t } = useTranslation();
  const { config, site } = useSession();
  const type = config.eventTypes.find((x) => x.id === event.typeID);
  const code = type?.codes.find((c) => c.id === event.codeID);
  const status = config.eventStatuses.find((s) => s.id === event.statusID);
  const tz = config.sitesByID[String(event.siteID)]?.timeZone ?? site.timeZone;
  const child = event.child
    ? `${event.child.forename} ${event.child.surname}`.trim()
    : t('drafts-card-no-child');
  const typeName = type?.value ?? t('drafts-card-unknown-type', { id: String(event.typeID) });
  const names = { child, type: typeName };
  const missing = missingContentKey(type?.tag, event.gradingCount, event.checkpointCount);
  const media = mediaTiles(event.mediaIDs);
  const editable = event.editable === true;
  const checkboxID = `draft-select-${event.id}`;

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={`${checkboxID}-child`}
      data-qa="draft-card"
      data-event-id={event.id}
      data-selected={selected || undefined}
      style={{
        borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
        boxShadow: selected ? '0 0 0 1px var(--mantine-color-blue-6)' : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {/* The 24 px box sits in a 44 × 44 px label, so the whole square toggles the selection. */}
        <label
          htmlFor={checkboxID}
          className={touchTargetClass}
          style={{ margin: '-10px', cursor: 'pointer' }}
        >
          <Checkbox
            id={checkboxID}
            size="md"
            checked={selected}
            onChange={() => onToggle(event.id)}
            aria-label={t('drafts-card-select', names)}
            data-qa="draft-card-select"
          />
        </label>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Text
              id={`${checkboxID}-child`}
              component="h3"
              fw={700}
              fz="md"
              m={0}
              style={{ overflowWrap: 'anywhere' }}
              data-qa="draft-card-child"
            >
              {child}
            </Text>
            <Text
              component="time"
              dateTime={event.raised}
              size="sm"
              c="dimmed"
              style={{ whiteSpace: 'nowrap' }}
              data-qa="draft-card-date"
            >
              {formatDate(event.raised, tz)} {formatTime(event.raised, tz)}
            </Text>
          </Group>
          <Group gap={6}>
            <Badge variant="light" tt="none" data-qa="draft-card-type">
              {typeName}
            </Badge>
            {code && code.value !== type?.value && (
              <Badge variant="outline" tt="none" data-qa="draft-card-code">
                {code.value}
              </Badge>
            )}
            {showStatus && (
              <Badge variant="light" color="gray" tt="none" data-qa="draft-card-status">
                {status?.value ?? `#${event.statusID}`}
              </Badge>
            )}
            {missing && (
              // Mantine's orange text on the light orange fails AA contrast: dark text keeps the orange cue.
              <Badge variant="light" color="orange" c="dark.7" tt="none" data-qa="draft-card-missing">
                {t(missing)}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>

      <Stack gap="sm" mt="sm" pl={36} style={{ flex: 1 }}>
        {(event.notes ?? '') !== '' && (
          <Text
            size="sm"
            lineClamp={4}
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-qa="draft-card-notes"
          >
            {event.notes}
          </Text>
        )}
        {media.shown.length > 0 && <MediaStrip shown={media.shown} more={media.more} />}
        {(event.meals?.length ?? 0) > 0 && <Meals event={event} />}
      </Stack>

      <Group justify="space-between" align="center" gap="sm" mt="md">
        <CardAuthor author={event.author} />
        <Group gap="xs">
          <Button
            component={Link}
            to={`/draft/${event.id}`}
            state={{ fromList: true }}
            variant="default"
            aria-label={t('drafts-card-preview-label', names)}
            data-qa="draft-card-preview"
          >
            {t('drafts-card-preview')}
          </Button>
          <Button
            component={Link}
            to={editRoute(type?.tag, [event.id])}
            variant={editable ? 'filled' : 'light'}
            aria-label={t(editable ? 'drafts-card-edit-label' : 'drafts-card-view-label', names)}
            data-qa="draft-card-edit"
            data-mode={editable ? 'edit' : 'view'}
          >
            {t(editable ? 'drafts-card-edit' : 'drafts-card-view')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
});

/** "By" and the author: a link to their staff page when the author is staff (spec 000 §2 "Event card"). */
export function CardAuthor({ author }: { author: EventSummary['author'] }) {
  const { t } = useTranslation();
  const name = `${author.forename} ${author.surname}`.trim();
  return (
    <Text size="sm" c="dimmed" data-qa="draft-card-author">
      {t('drafts-card-by')}{' '}
      {author.staffID !== null ? (
        <Anchor
          component={Link}
          to={`/staff/${author.staffID}`}
          size="sm"
          className={touchTargetClass}
          data-qa="draft-card-author-link"
        >
          {name}
        </Anchor>
      ) : (
        <Text span size="sm" c="dark">
          {name}
        </Text>
      )}
    </Text>
  );
}

/** A card's first media thumbnails and "+N" for the rest (mediaTiles). */
export function MediaStrip({ shown, more }: { shown: string[]; more: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} aria-label={t('drafts-card-media')} role="group" data-qa="draft-card-media">
      {shown.map((id) => (
        <Box
          key={id}
          w={TILE_PX}
          h={TILE_PX}
          bg="gray.1"
          style={{ borderRadius: 6, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
        >
          <img
            src={mediaThumbnailUrl(id)}
            alt=""
            width={TILE_PX}
            height={TILE_PX}
            loading="lazy"
            style={{ objectFit: 'cover', display: 'block' }}
            // A video has no thumbnail: the grey tile stays.
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
            }}
            data-qa="draft-card-thumbnail"
          />
        </Box>
      ))}
      {more > 0 && (
        <Box
          w={TILE_PX}
          h={TILE_PX}
          bg="gray.2"
          aria-label={t('drafts-card-media-more-label', { count: more })}
          role="img"
          style={{ borderRadius: 6, display: 'grid', placeItems: 'center' }}
          data-qa="draft-card-media-more"
        >
          <Text fw={700} aria-hidden="true">
            {t('drafts-card-media-more', { count: more })}
          </Text>
        </Box>
      )}
    </Group>
  );
}

function Meals({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const meals = useMeals(event.siteID);
  const data = meals.data?.data;
  return (
    <Box data-qa="draft-card-meals">
      <Text size="xs" c="dimmed" fw={600}>
        {t('drafts-card-meals')}
      </Text>
      <Stack component="ul" gap={0} m={0} pl="md">
        {(event.meals ?? []).map((m, i) => {
          const meal = data ? findMeal(data.mealTypes, m.mealID) : null;
          const portion = data?.portions.find((p) => p.portionID === m.portionID) ?? null;
          const parts = [
            meal?.mealName ?? t('drafts-card-meal-unknown', { id: String(m.mealID) }),
            portion?.name,
            m.portionAmount,
          ].filter((x): x is string => !!x);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: stored meals have no id of their own
            <Text component="li" size="sm" key={i} data-qa="draft-card-meal">
              {parts.join(' – ')}
            </Text>
          );
        })}
      </Stack>
    </Box>
  );
}
