// A time amendment (spec 002 §5, §6: updateShiftCheckInOutTime when the provider restricts
// amendments; offered only when the shift's permittedActions.amendTimes): both actual times as they
// should be. A check-out needs a check-in and is not before it (the server checks the same).
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../components/DateTimeInputs';
import type { ShiftRowItem } from './staffRegisterView';

export function AmendTimesModal({
  row,
  saving,
  onSubmit,
  onClose,
}: {
  row: ShiftRowItem;
  saving: boolean;
  onSubmit: (actualFrom: string | null, actualTo: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(row.shift.actualFrom ?? '');
  const [to, setTo] = useState(row.shift.actualTo ?? '');
  const toError =
    to && !from
      ? t('staff-register-amend-to-needs-from')
      : to && from && to < from
        ? t('staff-register-amend-to-before')
        : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff-register-amend-title', { name: row.member.display })}
      data-qa="staff-amend-modal"
    >
      <Stack gap="md">
        <TimeField
          label={t('staff-register-amend-from')}
          value={from}
          onChange={setFrom}
          qa="staff-amend-from"
        />
        <TimeField
          label={t('staff-register-amend-to')}
          value={to}
          onChange={setTo}
          error={toError}
          qa="staff-amend-to"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving} data-qa="staff-amend-cancel">
            {t('staff-register-cancel')}
          </Button>
          <Button
            onClick={() => onSubmit(from || null, to || null)}
            disabled={toError !== null}
            loading={saving}
            data-qa="staff-amend-save"
          >
            {t('staff-register-save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
