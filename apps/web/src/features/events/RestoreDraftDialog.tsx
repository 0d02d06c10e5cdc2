import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth';
import type { FormDraftOffer } from './formDraftHook';

/** The kept form of an earlier visit: restore it or discard it (asked before anything is typed). */
export function RestoreDraftDialog({
  offer,
  onRestore,
  onDiscard,
}: {
  offer: FormDraftOffer | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const { site } = useSession();
  const at = offer ? new Date(offer.savedAt) : null;
  return (
    <Modal
      opened={offer !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title={t('form-draft-title')}
      data-qa="form-draft-offer"
      centered
    >
      {offer && at && (
        <Stack gap="md">
          <Text data-qa="form-draft-saved-at">
            {t('form-draft-body', {
              date: formatDate(at, site.timeZone),
              time: formatTime(at, site.timeZone),
            })}
          </Text>
          {offer.changedSince && <Text c="orange.9">{t('form-draft-changed-since')}</Text>}
          {offer.lostMedia > 0 && (
            <Text c="orange.9">{t('form-draft-lost-media', { count: offer.lostMedia })}</Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onDiscard} data-qa="form-draft-discard">
              {t('form-draft-discard')}
            </Button>
            <Button size="md" onClick={onRestore} data-autofocus data-qa="form-draft-restore">
              {t('form-draft-restore')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
