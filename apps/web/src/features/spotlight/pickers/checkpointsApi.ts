/**
 * The development checkpoints modal's rules: the tabs, grouping by section and selection with notes.
 * The checkpoints come from the Spotlight client's `checkpointsQuery` (GraphQL `developmentCheckpoints`:
 * all four age-range tabs in one call, split by tab on the device; prepared at login for offline use).
 */
import type { CheckpointTab, DevelopmentCheckpoint } from '@nursery/domain/spotlight';

export { checkpointsQuery } from '../api';

/** The tabs of spec 001 §2, as the contract's CheckpointTab enum names, in tab order. */
export const CHECKPOINT_TAB_KEYS = [
  'birthTo3',
  'threeTo4',
  'receptionAge',
  'earlyLearningGoals',
] as const satisfies readonly CheckpointTab[];
export type CheckpointTabKey = CheckpointTab;
export type DevelopmentCheckpointView = DevelopmentCheckpoint;

export interface CheckpointNoteValue {
  checkpointID: number;
  note: string;
}

export interface CheckpointGroup {
  section: string;
  subsection: string | null;
  checkpoints: DevelopmentCheckpointView[];
}

/** The checkpoints of one tab grouped by section and subsection, in the answer's order. */
export function checkpointGroups(
  all: readonly DevelopmentCheckpointView[],
  tab: CheckpointTabKey,
): CheckpointGroup[] {
  const groups: CheckpointGroup[] = [];
  for (const c of all) {
    if (c.ageRange !== tab) continue;
    const last = groups[groups.length - 1];
    if (last && last.section === c.section && last.subsection === c.subsection) last.checkpoints.push(c);
    else groups.push({ section: c.section, subsection: c.subsection, checkpoints: [c] });
  }
  return groups;
}

/** Selecting toggles a checkpoint; unselecting drops its note. */
export function toggleCheckpoint(
  ids: readonly number[],
  notes: readonly CheckpointNoteValue[],
  id: number,
): { ids: number[]; notes: CheckpointNoteValue[] } {
  if (ids.includes(id)) {
    return { ids: ids.filter((x) => x !== id), notes: notes.filter((n) => n.checkpointID !== id) };
  }
  return { ids: [...ids, id], notes: [...notes] };
}

/** The notes with one checkpoint's note set (an empty note is dropped). */
export function withCheckpointNote(
  notes: readonly CheckpointNoteValue[],
  checkpointID: number,
  note: string,
): CheckpointNoteValue[] {
  const others = notes.filter((n) => n.checkpointID !== checkpointID);
  if (note === '') return others;
  const index = notes.findIndex((n) => n.checkpointID === checkpointID);
  if (index < 0) return [...notes, { checkpointID, note }];
  const out = [...notes];
  out[index] = { checkpointID, note };
  return out;
}
