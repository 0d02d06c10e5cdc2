import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SaveIcon, type SaveState } from '../../../components/SaveIcon';
import { StickySaveBar } from '../../../components/StickySaveBar';
import { HistoryButton } from '../care/HistoryButton';
import type { SaveTarget } from '../saveTargets';

/**
 * The sticky bar under the form: the save error, one button per status the user may save to, the
 * save icon, the wait for uploads, and the event's history, conversation link and delete.
 */
export function EventSaveBar(props: {
  error: string | null;
  targets: SaveTarget[];
  /** Saving, or files still uploading: the buttons wait. */
  busy: boolean;
  onSave: (target: SaveTarget) => void;
  /** No status to save to (and not because a two-year check blocks it): says so. */
  noSaveButtons: boolean;
  saveState: SaveState;
  uploading: boolean;
  /** A stored event whose history the user may see. */
  historyEventID: number | null;
  /** The start-conversation link of a published event, when the user may send messages. */
  conversationTo: string | null;
  /** Delete, when the user may. */
  onDelete: (() => void) | null;
}) {
  const { error, targets, busy, onSave, noSaveButtons, saveState, uploading } = props;
  const { historyEventID, conversationTo, onDelete } = props;
  const { t } = useTranslation();
  return (
    <StickySaveBar qa="event-save-bar">
      {error && (
        <Alert color="red" variant="light" py={6} data-qa="event-save-error" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {targets.map((target) => (
            <Button
              key={target.statusID}
              variant={target.primary ? 'filled' : 'light'}
              size="md"
              disabled={busy}
              onClick={() => onSave(target)}
              data-qa={`event-save-${target.statusID}`}
            >
              {target.label.key === 'save-as-status'
                ? t('save-as-status', { status: target.label.status })
                : t(target.label.key)}
            </Button>
          ))}
          {noSaveButtons && (
            <Text c="dimmed" fz="sm" data-qa="event-no-save">
              {t('event-no-save-buttons')}
            </Text>
          )}
          <SaveIcon state={saveState} />
          {uploading && (
            <Text fz="sm" c="dimmed" data-qa="event-waiting-uploads">
              {t('event-waiting-uploads')}
            </Text>
          )}
        </Group>
        <Group gap="sm">
          {historyEventID !== null && <HistoryButton eventID={historyEventID} />}
          {conversationTo !== null && (
            <Anchor component={Link} to={conversationTo} data-qa="event-start-conversation">
              {t('event-start-conversation')}
            </Anchor>
          )}
          {onDelete !== null && (
            <Button variant="subtle" color="red" onClick={onDelete} disabled={busy} data-qa="event-delete">
              {t('event-delete')}
            </Button>
          )}
        </Group>
      </Group>
    </StickySaveBar>
  );
}
