import { Button, Group, Text, Textarea } from '@mantine/core';
import {
  chooseGrade,
  clearGradingAgeRange,
  type FrameworkAgeRange,
  type FrameworkGrade,
  type FrameworkItem,
  isGradeChosen,
} from '@nursery/domain/frameworks';
import { type CSSProperties, memo, useId, useState } from 'react';
import { GradeChoice } from '../../../components/GradeChoice';
import { CloseIcon, InfoIcon } from '../../../components/icons';
import { contrastText, emptyGrading, type PickerGrading } from './pickerModel';
import classes from './pickers.module.css';
import { usePickerT } from './usePickerT';

export type ChangeGrading = (itemID: string, change: (g: PickerGrading) => PickerGrading) => void;

export interface StatementRowProps {
  item: FrameworkItem;
  grading: PickerGrading | undefined;
  grades: readonly FrameworkGrade[];
  allowAgeRange: boolean;
  allowNotes: boolean;
  /** The range a new grade takes when the statement has none: the open age-range tab. */
  tabAgeRangeID: number | null;
  ageRanges: ReadonlyMap<number, FrameworkAgeRange>;
  /** Where the statement sits (search results). */
  path?: string;
  readOnly: boolean;
  change: ChangeGrading;
}

/**
 * One statement: its name, help text, the scheme's grades (the same grade again clears it), and once
 * graded its age range (with 'clear') and notes. Memoised: typing in the search re-renders only the rows
 * that change.
 */
export const StatementRow = memo(function StatementRow(props: StatementRowProps) {
  const {
    item,
    grading,
    grades,
    allowAgeRange,
    allowNotes,
    tabAgeRangeID,
    ageRanges,
    path,
    readOnly,
    change,
  } = props;
  const t = usePickerT();
  const nameId = useId();
  const [helpOpen, setHelpOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const current = grading ?? emptyGrading(item.id);
  const range = current.ageRangeID === null ? undefined : ageRanges.get(current.ageRangeID);
  const help = item.helpText?.trim() ?? '';
  const showNotes = allowNotes && (notesOpen || current.notes !== '');
  // Spotlight keeps best fit as a range without a value, and a new grade takes the open tab's range.
  const ctx = { allowAgeRange, ageRangeID: item.ageRangeID ?? tabAgeRangeID, bestFitAsRange: true };

  return (
    <div
      className={classes.row}
      data-qa="picker-statement"
      data-item-id={item.id}
      data-graded={grading ? (grading.value ?? 'none') : ''}
      data-selected={grading !== undefined}
    >
      <Group gap="xs" wrap="wrap" justify="space-between" align="center">
        <div className={classes.rowText}>
          {path && (
            <Text size="xs" c="dimmed" lineClamp={1} data-qa="picker-statement-path">
              {path}
            </Text>
          )}
          <Text size="sm" id={nameId} data-qa="picker-statement-name">
            {item.name}
          </Text>
        </div>
        <div className={classes.rowControls}>
          {help !== '' && (
            <button
              type="button"
              className={classes.iconButton}
              onClick={() => setHelpOpen((v) => !v)}
              aria-expanded={helpOpen}
              aria-label={t('gradings-picker-help', { item: item.name })}
              data-qa="picker-help"
            >
              <InfoIcon size={20} />
            </button>
          )}
          {allowNotes && current.notes === '' && !readOnly && (
            <button
              type="button"
              className={classes.textButton}
              onClick={() => setNotesOpen((v) => !v)}
              aria-expanded={notesOpen}
              aria-label={t('gradings-picker-notes-show', { item: item.name })}
              data-qa="picker-notes-toggle"
            >
              {t('gradings-picker-notes')}
            </button>
          )}
          <GradeChoice
            kind="buttons"
            grades={grades}
            chosen={(gradeValue) => isGradeChosen(current, gradeValue, true)}
            onChoose={(gradeValue) => change(item.id, (cur) => chooseGrade(cur, gradeValue, ctx))}
            disabled={readOnly}
            label={t('gradings-picker-grade-group', { item: item.name })}
            describedBy={nameId}
            look="touch"
            chosenStyle={(g) => gradeColours(g.colour)}
          />
        </div>
      </Group>
      {helpOpen && (
        <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-qa="picker-help-text">
          {help}
        </Text>
      )}
      {(range || showNotes) && (
        <Group gap="sm" mt={6} align="flex-end" wrap="wrap">
          {range && (
            <Group gap={4} wrap="nowrap" data-qa="picker-age-range" data-age-range-id={range.id}>
              <Text
                size="sm"
                className={classes.rangeChip}
                style={rangeColours(range)}
                aria-label={t('gradings-picker-age-range-label', { item: item.name })}
              >
                {range.shortLabel ? `${range.shortLabel} · ${range.name}` : range.name}
              </Text>
              {!readOnly && (
                <Button
                  variant="subtle"
                  className={classes.control}
                  leftSection={<CloseIcon size={16} />}
                  onClick={() => change(item.id, clearGradingAgeRange)}
                  aria-label={t('gradings-picker-age-range-clear-label', { item: item.name })}
                  data-qa="picker-age-range-clear"
                >
                  {t('gradings-picker-age-range-clear')}
                </Button>
              )}
            </Group>
          )}
          {showNotes && (
            <Textarea
              label={t('gradings-picker-notes')}
              aria-describedby={nameId}
              value={current.notes}
              onChange={(e) => {
                const notes = e.currentTarget.value;
                change(item.id, (g) => ({ ...g, notes }));
              }}
              readOnly={readOnly}
              autosize
              minRows={1}
              maxRows={4}
              style={{ flex: '1 1 240px' }}
              data-qa="picker-notes"
            />
          )}
        </Group>
      )}
    </div>
  );
});

/** A selected grade in its scheme colour, with black or white text, whichever reads better. */
function gradeColours(colour: string | null): CSSProperties | undefined {
  const hex = colour?.replace(/^#/, '');
  if (!hex || !/^[0-9a-f]{6}$/i.test(hex)) return undefined;
  return { background: `#${hex}`, borderColor: `#${hex}`, color: contrastText(hex) };
}

export function rangeColours(range: FrameworkAgeRange): { background?: string; color?: string } {
  return {
    background: range.backgroundColour ? `#${range.backgroundColour.replace(/^#/, '')}` : undefined,
    color: range.foregroundColour ? `#${range.foregroundColour.replace(/^#/, '')}` : undefined,
  };
}
