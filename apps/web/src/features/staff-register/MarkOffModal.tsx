// The staff register's mark-off modal (spec 002 §2, §5): a status (every configured one except code
// W: answer.markOffStatuses) and notes of at most 50 characters with a counter; no status chosen
// shows 'You must select a mark off category'. One shift, or the bulk bar's selection.
import { Button, Group, Modal, Stack } from '@mantine/core';
import { type ShiftStatus, STAFF_MARK_OFF_NOTES_MAX, staffMarkOffProblems } from '@nursery/domain/registers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkOffCategorySelect, NotesWithLimit } from '../../components/MarkOffFields';

export interface MarkOffModalProps {
  title: string;
  statuses: readonly ShiftStatus[];
  saving: boolean;
  onSubmit: (statusID: number, notes: string) => void;
  onClose: () => void;
}

export function MarkOffModal({ title, statuses, saving, onSubmit, onClose }: MarkOffModalProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const statusID = status ? Number(status) : null;
  const problems = staffMarkOffProblems({ statusID, notes }, statuses);
  const statusError =
    tried && problems.includes('must-select-mark-off-category') ? t('must-select-mark-off-category') : null;
  const notesError = problems.includes('notes-too-long')
    ? t('this-field-has-max-length-of', { limit: String(STAFF_MARK_OFF_NOTES_MAX) })
    : null;

  const submit = () => {
    setTried(true);
    if (problems.length > 0 || statusID === null) return;
    onSubmit(statusID, notes.trim());
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg" data-qa="staff-mark-off-modal">
      <Stack gap="md">
        <MarkOffCategorySelect
          label={t('staff-register-mark-off-status')}
          options={statuses}
          value={status}
          onChange={setStatus}
          error={statusError}
          qa="staff-mark-off-status"
        />
        <NotesWithLimit
          label={t('staff-register-mark-off-notes')}
          value={notes}
          onChange={setNotes}
          limit={STAFF_MARK_OFF_NOTES_MAX}
          count={(length, limit) => t('staff-register-mark-off-count', { length, limit })}
          error={notesError}
          minRows={2}
          qa="staff-mark-off"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving} data-qa="staff-mark-off-cancel">
            {t('staff-register-cancel')}
          </Button>
          <Button onClick={submit} loading={saving} data-qa="staff-mark-off-submit">
            {t('staff-register-mark-off')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
