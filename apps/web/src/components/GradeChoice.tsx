import { Button, Checkbox, Group, Select } from '@mantine/core';
import type { FrameworkGrade, FrameworkScheme } from '@nursery/domain/frameworks';
import type { CSSProperties } from 'react';
import classes from './GradeChoice.module.css';

/** How a scheme's grades are chosen (its template): a check box, a row of buttons, or a dropdown. */
export type GradeKind = 'checkbox' | 'buttons' | 'select';

export function gradeKindOf(template: FrameworkScheme['template']): GradeKind {
  if (template === 'checkbox') return 'checkbox';
  if (template === 'tristate') return 'buttons';
  return 'select';
}

export interface GradeChoiceProps {
  kind: GradeKind;
  grades: readonly FrameworkGrade[];
  /** Whether a grade shows as chosen (the one model's `isGradeChosen`). */
  chosen: (gradeValue: number) => boolean;
  /** Choosing a grade; choosing the chosen one again clears it (the model decides). */
  onChoose: (gradeValue: number) => void;
  /** The dropdown's clear (the other kinds clear by choosing the chosen grade again). */
  onClear?: () => void;
  disabled: boolean;
  /** The control's accessible name ('Grade for <statement>'). */
  label: string;
  /** The statement's name element, for the check box and the form look's buttons. */
  describedBy: string;
  /**
   * 'touch': Spotlight's plain 44 px buttons (hundreds render when a large framework's area opens),
   * a chosen one in `chosenStyle`; 'form': the Events panel's Mantine controls. The data-qa names are
   * each screen's own: picker-grade for the touch look, grade-button / grade-checkbox / grade-select.
   */
  look: 'touch' | 'form';
  chosenStyle?: (grade: FrameworkGrade) => CSSProperties | undefined;
}

/** The one grade-choosing control of the two grading pickers (issue 28), for each grading kind. */
export function GradeChoice(props: GradeChoiceProps) {
  const { kind, grades, chosen, onChoose, onClear, disabled, label, describedBy, look, chosenStyle } = props;
  if (grades.length === 0) return null;

  if (kind === 'checkbox') {
    const grade = grades.find((g) => g.value === 1) ?? grades[0]!;
    return (
      <Checkbox
        label={grade.name}
        checked={chosen(grade.value)}
        onChange={() => onChoose(grade.value)}
        disabled={disabled}
        aria-describedby={describedBy}
        data-qa="grade-checkbox"
        data-grade-value={grade.value}
      />
    );
  }

  if (kind === 'select') {
    const value = grades.find((g) => chosen(g.value))?.value;
    return (
      <Select
        aria-label={label}
        data={grades.map((g) => ({ value: String(g.value), label: g.name }))}
        value={value === undefined ? null : String(value)}
        onChange={(v) => (v === null ? onClear?.() : onChoose(Number(v)))}
        clearable
        allowDeselect
        disabled={disabled}
        size="sm"
        w={160}
        data-qa="grade-select"
      />
    );
  }

  if (look === 'touch') {
    return (
      <fieldset className={classes.grades} aria-label={label}>
        {grades.map((g) => {
          const on = chosen(g.value);
          return (
            <button
              key={g.id}
              type="button"
              className={classes.grade}
              style={on ? chosenStyle?.(g) : undefined}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => onChoose(g.value)}
              data-qa="picker-grade"
              data-grade-value={g.value}
            >
              {g.name}
            </button>
          );
        })}
      </fieldset>
    );
  }

  return (
    <Group gap={4} role="group" aria-labelledby={describedBy} data-qa="grade-buttons" wrap="nowrap">
      {grades.map((g) => {
        const on = chosen(g.value);
        const colour = g.colour ? `#${g.colour.replace(/^#/, '')}` : undefined;
        return (
          <Button
            key={g.id}
            size="compact-md"
            variant={on ? 'filled' : 'default'}
            color={on ? colour : undefined}
            aria-pressed={on}
            disabled={disabled}
            onClick={() => onChoose(g.value)}
            data-qa="grade-button"
            data-grade-value={g.value}
            data-selected={on}
          >
            {g.name}
          </Button>
        );
      })}
    </Group>
  );
}
