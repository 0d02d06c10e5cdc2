// The medication record in the events drawer. eventID null: a new record (#/events/new/medication).
// The drawer closes by navigating to /events; a record with unsaved changes asks first (useBlocker).
// This file loads what the form needs (the record, the site's setup, the children) and draws it;
// MedicationEditor holds the form, its checks and its save.
import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { isApiError } from '../../lib/api';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { useSiteChildren } from '../events';
import { medicationEventQuery, medicationSetupQuery } from './api';
import { MedicationEditor } from './MedicationEditor';
import { medicationStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', medicationStrings);

export interface MedicationRecordProps {
  /** The medication event to show, or null for a new record. */
  eventID: number | null;
  /** Navigates back to /events (the drawer's close). */
  onClose: () => void;
}

export function MedicationRecord({ eventID, onClose }: MedicationRecordProps) {
  const { t } = useTranslation();
  const { site } = useSession();
  const record = useQuery({ ...medicationEventQuery(eventID ?? 0), enabled: eventID !== null });
  const setup = useQuery(medicationSetupQuery(site.id, null));
  const children = useSiteChildren(site.id);

  const failed = (eventID !== null && !record.data && record.isError) || (!setup.data && setup.isError);
  if (failed) {
    const error = record.error ?? setup.error;
    return (
      <LoadFailedAlert
        title={t('medication-load-failed')}
        notFound={isApiError(error) && error.status === 404}
        notOnDevice={!isApiError(error)}
        retry={() => {
          void record.refetch();
          void setup.refetch();
        }}
        qa="medication-load-failed"
      />
    );
  }
  if ((eventID !== null && !record.data) || !setup.data || !children.data) {
    return (
      <Stack align="center" p="xl">
        <Loader aria-label={t('medication-loading')} data-qa="medication-loading" />
      </Stack>
    );
  }
  return (
    <MedicationEditor
      // A new version, or a Consent added at collection (which leaves the version): the form starts again.
      key={record.data ? `${record.data.id}-${record.data.version}-${record.data.signatures.length}` : 'new'}
      record={record.data ?? null}
      setup={setup.data}
      siteChildren={children.data}
      onClose={onClose}
    />
  );
}
