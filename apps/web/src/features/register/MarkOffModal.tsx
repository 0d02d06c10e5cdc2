import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MARK_OFF_NOTES_LIMIT, type MarkOffCategory, markOffProblems } from '@nursery/domain/registers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../components/icons';
import { MarkOffCategorySelect, NotesWithLimit } from '../../components/MarkOffFields';
import { Notice } from '../../components/Notice';
import classes from './RegisterPage.module.css';
import { RegisterAvatar, SessionTimes } from './RegisterRows';
import type { SelectedSession } from './registerView';

/** One step's answer: the category (null for a request) and the notes. */
export interface MarkOffChoice {
  step: SelectedSession;
  markOffCategoryID: number | null;
  notes: string;
}

interface MarkOffModalProps {
  /** Mounted per flow: a new flow starts at its first step. */
  steps: SelectedSession[];
  categories: readonly MarkOffCategory[];
  /** permittedActions.markOff: choose a category; otherwise each step is a request for a manager. */
  canChooseCategory: boolean;
  notesRequired: boolean;
  submitting: boolean;
  onClose: () => void;
  onDone: (choices: MarkOffChoice[]) => void;
}

/**
 * The mark-off flow (spec 002 §4, §5): the selected sessions one by one (child and session), a category
 * (or the note that a manager must approve), notes with a counter (at most 200, required when the
 * provider says so), checked with the domain's markOffProblems; done after the last.
 */
export function MarkOffModal({
  steps,
  categories,
  canChooseCategory,
  notesRequired,
  submitting,
  onClose,
  onDone,
}: MarkOffModalProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [choices, setChoices] = useState<MarkOffChoice[]>([]);
  const [category, setCategory] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);

  if (steps.length === 0) return null;
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index >= steps.length - 1;
  const markOffCategoryID = canChooseCategory && category ? Number(category) : null;
  const problems = markOffProblems({ markOffCategoryID, notes, canChooseCategory, notesRequired });
  const categoryError =
    tried && problems.includes('category-required') ? t('register-mark-off-category-required') : null;
  const notesError = problems.includes('notes-too-long')
    ? t('this-field-has-max-length-of', { limit: String(MARK_OFF_NOTES_LIMIT) })
    : tried && problems.includes('notes-required')
      ? t('this-field-is-required')
      : null;

  const next = () => {
    setTried(true);
    if (problems.length > 0) return;
    const done = [...choices.slice(0, index), { step, markOffCategoryID, notes: notes.trim() }];
    if (last) {
      onDone(done);
      return;
    }
    setChoices(done);
    setIndex(index + 1);
    // The next session starts with the same answers: one reason often covers a child's whole day.
    setTried(false);
  };

  const name = `${step.child.forename} ${step.child.surname}`;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('register-mark-off-title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
      data-qa="register-mark-off"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-qa="register-mark-off-step">
          {t('register-mark-off-step', { step: String(index + 1), total: String(steps.length) })}
        </Text>
        <div className={classes.tile} data-qa="register-mark-off-child">
          <RegisterAvatar child={step.child} />
          <div>
            <Text fw={700}>{name}</Text>
            <Text size="sm" data-qa="register-mark-off-session">
              {step.session.comboName} <SessionTimes session={step.session} />
            </Text>
          </div>
        </div>
        {canChooseCategory ? (
          <MarkOffCategorySelect
            label={t('register-mark-off-category')}
            options={categories}
            value={category}
            onChange={setCategory}
            error={categoryError}
            qa="register-mark-off-category"
          />
        ) : (
          <Notice color="blue" icon={<InfoIcon />} qa="register-mark-off-request-note">
            {t('request-needs-manager-approval')}
          </Notice>
        )}
        <NotesWithLimit
          label={t('register-mark-off-notes')}
          value={notes}
          onChange={setNotes}
          limit={MARK_OFF_NOTES_LIMIT}
          count={(length, limit) => t('register-mark-off-count', { length, limit })}
          required={notesRequired}
          error={notesError}
          minRows={3}
          qa="register-mark-off"
        />
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => (index === 0 ? onClose() : setIndex(index - 1))}
            disabled={submitting}
            data-qa="register-mark-off-back"
          >
            {index === 0 ? t('register-cancel') : t('register-mark-off-back')}
          </Button>
          <Button onClick={next} loading={submitting} data-qa="register-mark-off-next">
            {!last
              ? t('register-mark-off-next')
              : canChooseCategory
                ? t('register-mark-off-submit')
                : t('register-mark-off-send-request')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
