import { Badge, Box, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { SiteChild } from '@nursery/domain/children';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { EventDetail } from '@nursery/domain/events';
import type { FrameworksAnswer } from '@nursery/domain/frameworks';
import { conversationStartPath } from '@nursery/domain/home';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertIcon, EditIcon, VideoIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { LoadingLine } from '../../../components/QueryState';
import { useSession } from '../../auth';
import { findMeal } from '../care/meals';
import { useMeals } from '../care/useMeals';
import type { GradingValue } from '../form/eventsPart';
import { mediaFileUrl, mediaThumbnailUrl } from '../media/mediaApi';
import { useEventDetail, useFrameworks, useSiteChildren } from '../queries';
import { addEventScreenStrings } from '../screenStrings';

addEventScreenStrings();

// The history dialog's button, for the events drawer: loaded with this module's strings.
export { HistoryButton } from '../care/HistoryButton';

export interface EventViewLink {
  to: string;
  label: string;
}

/**
 * The read-only event dialog (spec 000 §2 "/view/{eventID} (read-only event dialog)"), shared by
 * #/view/{id} and the drafts preview #/draft/{id}: everything the event holds, Close, and an Edit (or
 * View) button. `actionLink` decides that button from the loaded event; by default Edit to #/edit/{id}
 * when the user may edit the event, nothing otherwise.
 */
export function EventViewDialog({
  eventID,
  onClose,
  actionLink,
}: {
  eventID: number | null;
  onClose: () => void;
  actionLink?: (event: EventDetail) => EventViewLink | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const event = useEventDetail(eventID);

  let body: ReactNode;
  if (eventID === null) {
    body = <ErrorBox message={t('view-failed', { message: t('view-not-found') })} />;
  } else if (event.isPending) {
    body = <LoadingLine text={t('view-loading')} qa="event-view-loading" />;
  } else if (event.isError) {
    body = <ErrorBox message={t('view-failed', { message: event.error.message })} />;
  } else {
    body = <EventView event={event.data} />;
  }

  const link = event.data
    ? actionLink
      ? actionLink(event.data)
      : event.data.editable
        ? { to: `/edit/${event.data.id}`, label: t('view-edit') }
        : null
    : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Title order={2} fz="lg">
          {t('view-title')}
        </Title>
      }
      size="xl"
      closeButtonProps={{ 'aria-label': t('view-close') }}
      data-qa="event-view"
    >
      <Stack gap="md">
        {body}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-qa="event-view-close">
            {t('view-close')}
          </Button>
          {event.data?.mayStartConversation && event.data.childID !== null && (
            <Button
              variant="default"
              onClick={() => navigate(conversationStartPath(conversationStartOf(event.data)))}
              data-qa="event-view-start-conversation"
            >
              {t('view-start-conversation')}
            </Button>
          )}
          {link && (
            <Button
              leftSection={<EditIcon size={18} />}
              onClick={() => navigate(link.to)}
              data-qa="event-view-edit"
            >
              {link.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The conversation's start from this event: its child, and the framework items of its gradings and next steps. */
function conversationStartOf(event: EventDetail) {
  const itemIDs = [
    ...event.values.map((g) => g.itemID),
    ...event.nextSteps.flatMap((s) => s.links.map((l) => l.itemID)),
  ];
  return { childID: event.childID!, eventID: event.id, itemIDs };
}

function ErrorBox({ message }: { message: string }) {
  return (
    <Notice color="red" icon={<AlertIcon />} role="alert" qa="event-view-error">
      {message}
    </Notice>
  );
}

function Field({ label, qa, children }: { label: string; qa: string; children: ReactNode }) {
  return (
    <Box data-qa={qa}>
      <Text size="sm" c="dimmed" fw={600} component="dt">
        {label}
      </Text>
      <Box component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function childName(children: SiteChild[] | undefined, id: number, fallback: string): string {
  const c = children?.find((x) => x.id === id);
  return c ? `${c.forename} ${c.surname}` : fallback;
}

/** Item name, grade name and age range of a grading, from the site's frameworks. */
function describeGrading(
  g: GradingValue,
  frameworks: FrameworksAnswer | undefined,
  typeID: number,
): { item: string; grade: string | null; ageRange: string | null } {
  for (const fw of frameworks?.frameworks ?? []) {
    const item = fw.items.find((i) => i.id === g.itemID);
    if (!item) continue;
    const scheme = fw.schemes.find((s) => s.eventTypeID === typeID);
    const grade = g.value === null ? null : (scheme?.grades.find((x) => x.value === g.value)?.name ?? null);
    const ageRange =
      g.ageRangeID === null ? null : (fw.ageRanges.find((a) => a.id === g.ageRangeID)?.name ?? null);
    return { item: `${fw.shortName ?? fw.name}: ${item.name}`, grade, ageRange };
  }
  return { item: g.itemID, grade: null, ageRange: null };
}

/**
 * The dialog's body on its own: what a loaded event holds, read-only (the events drawer shows it,
 * features/timeline). `withMedia` false leaves out the media (the drawer shows them from events v3).
 */
export function EventView({ event, withMedia = true }: { event: EventDetail; withMedia?: boolean }) {
  const { t } = useTranslation();
  const { config, site } = useSession();
  const children = useSiteChildren(site.id);
  const frameworks = useFrameworks(site.id);
  const type = config.eventTypes.find((x) => x.id === event.typeID) ?? null;
  const code = type?.codes.find((c) => c.id === event.codeID) ?? null;
  const status = config.eventStatuses.find((s) => s.id === event.statusID) ?? null;
  const isSleep = type?.tag === 'sleep';
  const meals = useMeals(site.id, event.meals.length > 0);
  const tz = site.timeZone;
  const area =
    event.areaID === null
      ? null
      : (site.rooms
          .flatMap((r) => r.areas.map((a) => ({ room: r.name, ...a })))
          .find((a) => a.id === event.areaID) ?? null);
  const itemName = (itemID: string) => {
    for (const fw of frameworks.data?.frameworks ?? []) {
      const item = fw.items.find((i) => i.id === itemID);
      if (item) return item.name;
    }
    return itemID;
  };

  return (
    <Stack gap="md" data-qa="event-view-body" data-event-id={event.id}>
      <Group gap="xs">
        <Badge variant="light" tt="none" data-qa="event-view-type">
          {type?.value ?? `#${event.typeID}`}
        </Badge>
        {code && code.value !== type?.value && (
          <Badge variant="outline" tt="none" data-qa="event-view-code">
            {code.value}
          </Badge>
        )}
        <Badge variant="light" color="gray" tt="none" data-qa="event-view-status">
          {status?.value ?? `#${event.statusID}`}
        </Badge>
        {event.tagged && (
          <Badge variant="light" color="grape" data-qa="event-view-tagged">
            {t('view-tagged')}
          </Badge>
        )}
      </Group>

      <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
        <Field label={t('view-children')} qa="event-view-children">
          {event.childID === null
            ? t('view-none')
            : childName(children.data, event.childID, t('view-unknown-child', { id: String(event.childID) }))}
        </Field>
        <Field label={t('view-when')} qa="event-view-when">
          {formatDate(event.raised, tz)} {formatTime(event.raised, tz)}
        </Field>
        {isSleep && (
          <Field label={t('view-sleep-end')} qa="event-view-sleep-end">
            {event.date2
              ? `${formatDate(event.date2, tz)} ${formatTime(event.date2, tz)}`
              : t('view-sleep-open')}
          </Field>
        )}
        {(event.notes ?? '') !== '' && (
          <Field label={t('view-notes')} qa="event-view-notes">
            {event.notes}
          </Field>
        )}
        {(event.childsVoice ?? '') !== '' && (
          <Field label={t('view-childs-voice')} qa="event-view-childs-voice">
            {event.childsVoice}
          </Field>
        )}
        {(event.ref2 ?? '') !== '' && (
          <Field label={t('view-parent-notes')} qa="event-view-parent-notes">
            {event.ref2}
          </Field>
        )}
        {area && (
          <Field label={t('view-area')} qa="event-view-area">
            {area.room}: {area.name}
          </Field>
        )}
        {type?.tag === 'accident' && (
          <Field label={t('view-existing-injury')} qa="event-view-existing-injury">
            {event.existingInjury ? t('view-yes') : t('view-no')}
          </Field>
        )}
        {type?.tag === 'nappy' && (
          <Field label={t('view-nappy-cream')} qa="event-view-nappy-cream">
            {event.nappyCream ? t('view-yes') : t('view-no')}
          </Field>
        )}
        {event.meals.length > 0 && (
          <Field label={t('view-meals')} qa="event-view-meals">
            <List size="sm" spacing={2}>
              {event.meals.map((m, i) => {
                const data = meals.data?.data;
                const meal = data ? findMeal(data.mealTypes, m.mealID) : null;
                const portion = data?.portions.find((p) => p.portionID === m.portionID) ?? null;
                const parts = [
                  meal?.mealName ?? t('meal-unknown', { id: String(m.mealID) }),
                  portion?.name,
                  m.portionAmount,
                ].filter((x): x is string => !!x);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: stored meals have no id of their own
                  <List.Item key={i} data-qa="event-view-meal">
                    {parts.join(' – ')}
                  </List.Item>
                );
              })}
            </List>
          </Field>
        )}
        {event.values.length > 0 && (
          <Field label={t('view-gradings')} qa="event-view-gradings">
            <List size="sm" spacing={2}>
              {event.values.map((g) => {
                const d = describeGrading(g, frameworks.data, event.typeID);
                const extra = [
                  d.grade ?? (g.value === null ? null : t('view-grading-value', { value: String(g.value) })),
                  d.ageRange,
                  g.notes,
                ].filter((x): x is string => !!x);
                return (
                  <List.Item key={g.itemID} data-qa="event-view-grading">
                    {d.item}
                    {extra.length > 0 && ` – ${extra.join(' · ')}`}
                  </List.Item>
                );
              })}
            </List>
          </Field>
        )}
        {event.nextSteps.length > 0 && (
          <Field label={t('view-next-steps')} qa="event-view-next-steps">
            <Stack gap="xs">
              {event.nextSteps.map((s) => (
                <Paper key={s.id} withBorder p="xs" radius="sm" data-qa="event-view-next-step">
                  {s.notes && <Text size="sm">{s.notes}</Text>}
                  {s.links.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {s.links.map((l) => itemName(l.itemID)).join(', ')}
                    </Text>
                  )}
                  {s.completed && (
                    <Badge size="xs" color="green" variant="light" mt={4}>
                      {t('view-next-step-done')}
                    </Badge>
                  )}
                </Paper>
              ))}
            </Stack>
          </Field>
        )}
        {withMedia && event.mediaIDs.length > 0 && (
          <Field label={t('view-media')} qa="event-view-media">
            <Group gap="sm">
              {event.mediaIDs.map((mid, i) => (
                <MediaTile key={mid} id={mid} n={i + 1} />
              ))}
            </Group>
          </Field>
        )}
      </Box>
    </Stack>
  );
}

function MediaTile({ id, n }: { id: string; n: number }) {
  const { t } = useTranslation();
  return (
    <a
      href={mediaFileUrl(id)}
      target="_blank"
      rel="noopener"
      aria-label={t('media-item', { n: String(n) })}
      data-qa="event-view-media-item"
      style={{
        display: 'block',
        width: 96,
        height: 96,
        borderRadius: 8,
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      <Box
        pos="absolute"
        inset={0}
        bg="gray.1"
        style={{
          display: 'grid',
          placeItems: 'center',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
        }}
      >
        <VideoIcon size={28} />
      </Box>
      {/* A photo's thumbnail covers the video tile; a video (no thumbnail) hides its broken image. */}
      <img
        src={mediaThumbnailUrl(id)}
        alt=""
        width={96}
        height={96}
        style={{ position: 'relative', objectFit: 'cover', display: 'block', borderRadius: 8 }}
        onError={(e) => {
          e.currentTarget.style.display = 'none';
        }}
        data-qa="event-view-thumbnail"
      />
    </a>
  );
}
