// What the device's queue of staff register changes has to tell (spec 002 §4 "Saving and offline"):
// how many changes wait on this device, how many the sync loop's latest pass delivered, and each one the server dropped
// ('Shift not found: {id}', or its refusal).
import { useTranslation } from 'react-i18next';
import { AlertIcon, InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import type { OfflineShiftQueue } from './offline/useOfflineShiftQueue';

export function KeptChangesNotice({ queue }: { queue: Pick<OfflineShiftQueue, 'pending' | 'report'> }) {
  const { t } = useTranslation();
  const outcome = queue.report;
  const dropped = outcome ? [...outcome.notFound, ...outcome.refused] : [];
  return (
    <>
      {queue.pending.length > 0 && (
        <Notice color="orange" icon={<InfoIcon />} role="status" qa="staff-register-unsynced">
          {t('staff-offline-unsynced', { count: queue.pending.length })}
        </Notice>
      )}
      {outcome && outcome.sent > 0 && queue.pending.length === 0 && (
        <Notice color="green" icon={<InfoIcon />} role="status" qa="staff-register-sent">
          {t('staff-offline-sent', { count: outcome.sent })}
        </Notice>
      )}
      {dropped.length > 0 && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="staff-register-dropped">
          {outcome!.notFound.map((d) => (
            <div key={d.change.localID}>{t('shift-not-found', { id: String(d.change.shiftID) })}</div>
          ))}
          {outcome!.refused.map((d) => (
            <div key={d.change.localID}>{t('staff-offline-refused', { message: d.message })}</div>
          ))}
        </Notice>
      )}
    </>
  );
}
