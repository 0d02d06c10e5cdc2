/**
 * The Professional Judgement modal (spec 001 §2, §4, §5): the segment's item and age range, the grades the
 * domain allows (Birth to 5: Best fit only; otherwise Working Towards or Achieved), Save and Clear. Save
 * stores the choice for the session; Clear removes the segment's judgement.
 */
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type JudgementGrade, judgementGrades } from '@nursery/domain/spotlight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface JudgementTarget {
  itemID: string;
  itemName: string;
  ageRangeID: number | null;
  rangeName: string;
  current: JudgementGrade | null;
}

export function JudgementModal({
  target,
  frameworkID,
  onSave,
  onClear,
  onClose,
}: {
  target: JudgementTarget;
  frameworkID: string;
  onSave: (grade: JudgementGrade) => void;
  onClear: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const grades = judgementGrades(frameworkID);
  const [grade, setGrade] = useState<JudgementGrade | null>(
    target.current ?? (grades.length === 1 ? grades[0]! : null),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('big-picture-judgement-title')}
      centered
      data-qa="judgement-modal"
    >
      <Stack gap="md">
        <Text size="sm" data-qa="judgement-target">
          {t('big-picture-judgement-for', { item: target.itemName, range: target.rangeName })}
        </Text>
        <Radio.Group
          label={t('big-picture-judgement-grade')}
          value={grade}
          onChange={(value) => setGrade(value as JudgementGrade)}
        >
          <Stack gap={4} mt="xs">
            {grades.map((g) => (
              <Radio
                key={g}
                value={g}
                label={t(`big-picture-grade-${g}`)}
                data-qa={`judgement-grade-${g}`}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            mih={44}
            onClick={onClear}
            disabled={target.current === null}
            data-qa="judgement-clear"
          >
            {t('big-picture-clear')}
          </Button>
          <Button
            mih={44}
            onClick={() => grade && onSave(grade)}
            disabled={grade === null}
            data-qa="judgement-save"
          >
            {t('big-picture-save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
