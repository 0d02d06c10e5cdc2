// The Times tab's toolbar: the time box (now, HH:mm, until the user types one: spec 002 §9) that the
// check-in, check-out and break buttons use, the device's "ask for a signature" switch and, for managers (permittedActions.bulk), the bulk bar:
// check in / check out / mark off the selected shifts.
import { Badge, Button, Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../components/DateTimeInputs';
import personRows from '../../components/PersonRows.module.css';
import type { BulkActionName } from './staffRegisterView';

export function BulkBar({
  time,
  onTime,
  askSignature,
  onAskSignature,
  bulk,
  selectedCount,
  busy,
  onBulk,
  onClear,
}: {
  time: string;
  onTime: (time: string) => void;
  /** This device asks for a signature before a live time (signing.ts). */
  askSignature: boolean;
  onAskSignature: (ask: boolean) => void;
  /** The bulk buttons are offered (permittedActions.bulk). */
  bulk: boolean;
  selectedCount: number;
  busy: boolean;
  onBulk: (action: BulkActionName) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={personRows.stickyBar} data-qa="staff-register-toolbar">
      <Group gap="xs" align="flex-end" wrap="wrap" role="toolbar" aria-label={t('staff-register-bulk')}>
        <div style={{ width: '9.5rem' }}>
          <TimeField
            label={t('staff-register-time')}
            value={time}
            onChange={onTime}
            required
            error={time ? null : t('this-field-is-required')}
            qa="staff-register-time"
          />
        </div>
        <Switch
          size="md"
          checked={askSignature}
          onChange={(e) => onAskSignature(e.currentTarget.checked)}
          label={t('staff-register-ask-signature')}
          styles={{ body: { minHeight: 44, alignItems: 'center' }, track: { cursor: 'pointer' } }}
          data-qa="staff-register-ask-signature"
        />
        {bulk && (
          <>
            <Button onClick={() => onBulk('checkIn')} disabled={busy || !time} data-qa="staff-bulk-check-in">
              {t('staff-register-bulk-check-in')}
            </Button>
            <Button
              onClick={() => onBulk('checkOut')}
              disabled={busy || !time}
              data-qa="staff-bulk-check-out"
            >
              {t('staff-register-bulk-check-out')}
            </Button>
            <Button
              variant="default"
              onClick={() => onBulk('markOff')}
              disabled={busy}
              data-qa="staff-bulk-mark-off"
            >
              {t('staff-register-bulk-mark-off')}
            </Button>
            <Button
              variant="subtle"
              onClick={onClear}
              disabled={busy || selectedCount === 0}
              data-qa="staff-bulk-clear"
            >
              {t('staff-register-clear-selection')}
            </Button>
            <Badge
              size="lg"
              style={{ textTransform: 'none' }}
              variant={selectedCount > 0 ? 'filled' : 'default'}
              aria-live="polite"
              data-qa="staff-bulk-count"
            >
              {t('staff-register-selected', { count: selectedCount })}
            </Badge>
          </>
        )}
      </Group>
    </div>
  );
}
