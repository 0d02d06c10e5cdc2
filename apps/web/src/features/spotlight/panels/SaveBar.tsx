import { Alert, Anchor, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StickySaveBar } from '../../../components/StickySaveBar';
import { translateKey } from '../../../lib/i18n';
import { type SpotlightProblem, spotlightTextFields } from '../../events';
import type { SpotlightSaveTarget } from '../spotlightScreen';

/** The validation or warning strip (spec 001 §2, §5): what stops saving, and a refused status. */
export function ProblemsStrip({
  problems,
  refused,
}: {
  problems: readonly SpotlightProblem[];
  /** The restricted-consideration refusal, when a save button is refused for it. */
  refused: boolean;
}) {
  const { t } = useTranslation();
  if (problems.length === 0 && !refused) return null;
  return (
    <Alert
      color={problems.length > 0 ? 'red' : 'orange'}
      variant="light"
      data-qa="spotlight-problems"
      role="status"
    >
      <Stack gap={4}>
        {problems.map((p) => (
          <Text key={p.kind === 'text' ? p.field : p.key} size="sm" data-qa="spotlight-problem">
            {p.kind === 'text'
              ? t('spotlight-over-limit', {
                  field: t(spotlightTextFields[p.field].label),
                  over: String(p.over),
                  max: String(p.max),
                })
              : translateKey(p.key, p.params)}
          </Text>
        ))}
        {refused && (
          <Text size="sm" data-qa="spotlight-restricted-warning">
            {t('restricted-consideration-publish')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The save buttons, one per allowed status (refused ones disabled, their reason in the strip), with the
 * save error that can be dismissed; sticky at the bottom of the screen.
 */
export function SaveBar({
  targets,
  disabled,
  savingTo,
  error,
  onDismissError,
  onSave,
}: {
  targets: readonly SpotlightSaveTarget[];
  disabled: boolean;
  /** The status a save under way goes to (its button spins). */
  savingTo: number | null;
  error: string | null;
  onDismissError: () => void;
  onSave: (target: SpotlightSaveTarget) => void;
}) {
  const { t } = useTranslation();
  return (
    <StickySaveBar qa="spotlight-save-bar">
      {error && (
        <Alert color="red" variant="light" py={6} role="alert" data-qa="spotlight-save-error">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{error}</Text>
            <CloseButton
              size={44}
              aria-label={t('spotlight-dismiss')}
              onClick={onDismissError}
              data-qa="spotlight-save-error-dismiss"
            />
          </Group>
        </Alert>
      )}
      <Group gap="sm">
        {targets.map((target) => (
          <Button
            key={target.statusID}
            size="md"
            variant={target.primary ? 'filled' : 'light'}
            disabled={disabled || target.refusedKey !== null}
            loading={savingTo === target.statusID}
            onClick={() => onSave(target)}
            data-qa={`spotlight-save-${target.statusID}`}
            data-refused={target.refusedKey ?? undefined}
          >
            {t('spotlight-save-as', { status: target.status.value })}
          </Button>
        ))}
        {targets.length === 0 && (
          <Text size="sm" c="dimmed" data-qa="spotlight-no-save">
            {t('spotlight-no-save')}
          </Text>
        )}
        {savingTo !== null && (
          <Text size="sm" c="dimmed" role="status">
            {t('spotlight-saving')}
          </Text>
        )}
      </Group>
    </StickySaveBar>
  );
}

export interface SavedBanner {
  /** The text: '{Type} successfully saved as {status}.' or 'Changes saved successfully.' */
  message: string;
  ids: number[];
  /** Kept on the device to be sent when back online (issue 16): nothing to link to yet. */
  offline?: boolean;
}

/** After a save (spec 001 §4): the dismissible banner with a link to the saved event(s) in the draft preview. */
export const SavedNotice = forwardRef<HTMLDivElement, { banner: SavedBanner; onDismiss: () => void }>(
  function SavedNotice({ banner, onDismiss }, ref) {
    const { t } = useTranslation();
    const first = banner.ids[0];
    return (
      <Alert
        ref={ref}
        tabIndex={-1}
        color={banner.offline ? 'orange' : 'green'}
        variant="light"
        role="status"
        data-qa="spotlight-saved"
        data-offline={banner.offline || undefined}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4}>
            <Text fw={600} data-qa="spotlight-saved-message">
              {banner.message}
            </Text>
            <Group gap="md">
              {first !== undefined && (
                <Anchor component={Link} to={`/draft/${first}`} data-qa="spotlight-saved-link">
                  {t('spotlight-saved-view')}
                </Anchor>
              )}
              {banner.ids.length > 1 && (
                <Anchor component={Link} to="/draft" data-qa="spotlight-saved-list">
                  {t('spotlight-saved-view-many', { count: banner.ids.length })}
                </Anchor>
              )}
            </Group>
          </Stack>
          <CloseButton
            size={44}
            aria-label={t('spotlight-dismiss')}
            onClick={onDismiss}
            data-qa="spotlight-saved-dismiss"
          />
        </Group>
      </Alert>
    );
  },
);
