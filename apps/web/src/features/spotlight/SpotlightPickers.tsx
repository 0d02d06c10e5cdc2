import {
  insertGuidanceHeaders,
  notesAfterGradingChange,
  removeGuidanceHeaders,
} from '@nursery/domain/spotlight';
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { SpotlightForm } from '../events';
import type { SpotlightPicker } from './panels/FrameworkPanel';
import {
  BestFitPicker,
  CheckpointsModal,
  GradingsOverviewModal,
  GradingsPicker,
  GuidanceSidebar,
  useBirthToFiveAreaNames,
} from './pickers';
import { guidanceHeadersInserted } from './spotlightScreen';

export interface SpotlightPickersProps {
  picker: SpotlightPicker | null;
  form: SpotlightForm;
  setForm: Dispatch<SetStateAction<SpotlightForm>>;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * The editor's pickers and modals (spec 001 §2 "Modals and panels"), each controlled by the form: the one
 * FrameworkPanel's buttons opened. Also keeps the guidance-note headers in step with the gradings: they
 * go when no item under /-23 is graded any more (spec 001 §4 "Guidance notes"), however the gradings
 * changed (the picker, or a remove button in the editor's list).
 */
export function SpotlightPickers({ picker, form, setForm, readOnly, onClose }: SpotlightPickersProps) {
  const areaNames = useBirthToFiveAreaNames();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the gradings is what it reacts to
  useEffect(() => {
    if (readOnly || areaNames.length === 0) return;
    setForm((f) => {
      const notes = notesAfterGradingChange(f.notes, f.gradings, areaNames);
      return notes === f.notes ? f : { ...f, notes };
    });
  }, [form.gradings, areaNames, readOnly, setForm]);

  switch (picker) {
    case 'gradings':
      return (
        <GradingsPicker
          opened
          onClose={onClose}
          eventType={form.tag}
          value={form.gradings}
          onChange={(gradings) => setForm((f) => ({ ...f, gradings }))}
          readOnly={readOnly}
        />
      );
    case 'bestFit':
      return (
        <BestFitPicker
          opened
          onClose={onClose}
          value={form.bestFits}
          onChange={(bestFits) => setForm((f) => ({ ...f, bestFits }))}
          readOnly={readOnly}
        />
      );
    case 'checkpoints':
      return (
        <CheckpointsModal
          opened
          onClose={onClose}
          value={form.checkpointIDs}
          notes={form.checkpointNotes}
          onChange={(checkpointIDs, checkpointNotes) =>
            setForm((f) => ({ ...f, checkpointIDs, checkpointNotes }))
          }
          readOnly={readOnly}
        />
      );
    case 'guidance':
      return (
        <GuidanceSidebar
          opened
          onClose={onClose}
          gradings={form.gradings}
          headersInserted={guidanceHeadersInserted(form.notes, areaNames)}
          onHeadersChange={(inserted, names) =>
            setForm((f) => ({
              ...f,
              notes: inserted ? insertGuidanceHeaders(f.notes, names) : removeGuidanceHeaders(f.notes, names),
            }))
          }
          readOnly={readOnly}
        />
      );
    case 'overview':
      return (
        <GradingsOverviewModal opened onClose={onClose} gradings={form.gradings} bestFits={form.bestFits} />
      );
    default:
      return null;
  }
}
