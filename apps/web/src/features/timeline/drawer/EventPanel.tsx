// One event in the drawer (issue 31): its actions (only those the answer permits), its view by type
// (Spotlight view, medication record or read-only form), then its media, signatures and comments.
import { Anchor, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { EventV3Comment } from '@nursery/domain/events';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditIcon } from '../../../components/icons';
import { useSession } from '../../auth';
import { EventHistoryButton, EventViewBody } from '../../events';
import { MedicationRecord } from '../../medication';
import type { DrawerEvent } from '../api';
import { conversationPath, drawerView, editPath } from '../drawer';
import { CommentThread } from './CommentThread';
import { MediaSection, SignaturesSection } from './MediaAndSignatures';

export interface EventPanelProps {
  event: DrawerEvent;
  onClose: () => void;
  onCommentAdded: (eventID: number, comment: EventV3Comment) => void;
}

export function EventPanel({ event, onClose, onCommentAdded }: EventPanelProps) {
  const { t } = useTranslation();
  const { config, site } = useSession();
  const type = config.eventTypes.find((x) => x.id === event.typeID);
  const view = drawerView(type?.tag);
  const tz = config.sitesByID[String(event.siteID)]?.timeZone ?? site.timeZone;
  const { actions } = event;

  return (
    <Stack gap="lg" data-qa="drawer-event" data-event-id={event.id} data-view={view}>
      <Group gap="xs" justify="flex-end" data-print="hide" role="group" aria-label={t('drawer-actions')}>
        {actions.edit && view !== 'medication' && (
          <Button
            component={Link}
            to={editPath(type?.tag, event.id)}
            leftSection={<EditIcon size={18} />}
            data-qa="drawer-edit"
          >
            {t('drawer-edit')}
          </Button>
        )}
        {actions.viewHistory && (
          <Suspense fallback={<Loader size="sm" />}>
            <EventHistoryButton eventID={event.id} />
          </Suspense>
        )}
        {actions.startConversation && (
          <Button
            component={Link}
            to={conversationPath(event.id, event.childID)}
            variant="light"
            data-qa="drawer-start-conversation"
          >
            {t('drawer-start-conversation')}
          </Button>
        )}
        <Button variant="default" onClick={() => window.print()} data-qa="drawer-print">
          {t('drawer-print')}
        </Button>
      </Group>

      {view === 'medication' ? (
        <MedicationRecord eventID={event.id} onClose={onClose} />
      ) : (
        <Box>
          {view === 'spotlight' && (
            <Paper withBorder radius="md" p="sm" mb="md" bg="gray.0" data-qa="drawer-spotlight-view">
              <Group justify="space-between" gap="sm">
                <Stack gap={0}>
                  <Title order={3} fz="h5">
                    {t('drawer-spotlight-view')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {type?.value}
                  </Text>
                </Stack>
                <Anchor
                  component={Link}
                  to={`/spotlight/${event.id}`}
                  fw={600}
                  data-print="hide"
                  style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
                  data-qa="drawer-open-in-spotlight"
                >
                  {t('drawer-open-in-spotlight')}
                </Anchor>
              </Group>
            </Paper>
          )}
          <Suspense fallback={<Loader size="sm" />}>
            <EventViewBody event={event} withMedia={false} />
          </Suspense>
        </Box>
      )}

      <MediaSection media={event.media ?? []} />
      {/* A medication record shows its signatures in its form; they print here, under its summary. */}
      <div data-print={view === 'medication' ? 'only' : undefined}>
        <SignaturesSection signatures={event.signatures ?? []} timeZone={tz} />
      </div>
      <CommentThread
        eventID={event.id}
        comments={event.comments ?? []}
        timeZone={tz}
        onAdded={(c) => onCommentAdded(event.id, c)}
      />
    </Stack>
  );
}
