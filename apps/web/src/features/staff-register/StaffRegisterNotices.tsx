// The staff register's notices above its tabs (spec 002 §8 "Staff register"): the device's copy when
// offline ('You are working offline. The register shown below was retrieved: {time}.'), the header's and
// bulk bar's messages, a change that failed, a deep link to a shift that is not there, the bulk
// summary and the register's own notices (no staff, none assigned today, not assigned here).
import { formatDate, formatTime } from '@nursery/domain/common';
import type { StaffRegisterNotice } from '@nursery/domain/registers';
import { useTranslation } from 'react-i18next';
import { AlertIcon, InfoIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import i18n, { translateKey } from '../../lib/i18n';
import type { ShiftProblem } from './useShiftActions';

export type Info = 'nothing-to-refresh' | 'staff-register-refresh-offline' | 'must-select-one-staff-member';

export function StaffRegisterNotices({
  fetchedAt,
  timeZone,
  info,
  onCloseInfo,
  problem,
  onCloseProblem,
  missingShiftID,
  bulkSummary,
  onCloseBulkSummary,
  notices,
}: {
  /** When the shown copy was read (offline only; null online). */
  fetchedAt: Date | null;
  timeZone: string;
  info: Info | null;
  onCloseInfo: () => void;
  problem: ShiftProblem | null;
  onCloseProblem: () => void;
  /** A `?shift=` link to a shift the register does not hold. */
  missingShiftID: number | null;
  bulkSummary: string[] | null;
  onCloseBulkSummary: () => void;
  notices: readonly StaffRegisterNotice[];
}) {
  const { t } = useTranslation();
  const problemText = (p: ShiftProblem) => {
    if (p.kind === 'offline-not-saved') return t('staff-register-offline-not-saved');
    if (p.kind === 'shift-not-found') return t('shift-not-found', { id: String(p.shiftID) });
    if (p.kind === 'refused') return i18n.exists(p.code) ? translateKey(p.code) : p.message;
    return t('staff-register-failed');
  };
  return (
    <>
      {fetchedAt && (
        <Notice color="orange" icon={<OfflineIcon />} qa="staff-register-cached">
          {t('staff-register-cached', {
            time: `${formatTime(fetchedAt, timeZone)} ${formatDate(fetchedAt, timeZone)}`,
          })}
        </Notice>
      )}
      {info && (
        <Notice
          color={info === 'must-select-one-staff-member' ? 'red' : 'blue'}
          icon={<InfoIcon />}
          role={info === 'must-select-one-staff-member' ? 'alert' : 'status'}
          qa="staff-register-info"
          withCloseButton
          onClose={onCloseInfo}
        >
          {t(info)}
        </Notice>
      )}
      {problem && (
        <Notice
          color="red"
          icon={<AlertIcon />}
          role="alert"
          qa="staff-register-problem"
          withCloseButton
          onClose={onCloseProblem}
        >
          {problemText(problem)}
        </Notice>
      )}
      {missingShiftID !== null && (
        <Notice color="red" icon={<AlertIcon />} role="alert" qa="staff-register-shift-missing">
          {t('shift-not-found', { id: String(missingShiftID) })}
        </Notice>
      )}
      {bulkSummary && (
        <Notice
          color="blue"
          icon={<InfoIcon />}
          qa="staff-register-bulk-summary"
          withCloseButton
          onClose={onCloseBulkSummary}
        >
          {bulkSummary.join(' ')}
        </Notice>
      )}
      {notices.map((n) => (
        <Notice key={n} color="blue" icon={<InfoIcon />} qa={`staff-register-${n}`}>
          {t(n)}
        </Notice>
      ))}
    </>
  );
}
