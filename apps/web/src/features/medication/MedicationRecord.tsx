// The medication record in the events drawer. eventID null: a new record (#/events/new/medication).
// The drawer closes by navigating to /events; a record with unsaved changes asks first (useBlocker).
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { medicationStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', medicationStrings);

export interface MedicationRecordProps {
  /** The medication event to show, or null for a new record. */
  eventID: number | null;
  /** Navigates back to /events (the drawer's close). */
  onClose: () => void;
}

export function MedicationRecord({ eventID }: MedicationRecordProps) {
  const { t } = useTranslation();
  return <Text data-event-id={eventID ?? 'new'}>{t('medication-record-title')}</Text>;
}
