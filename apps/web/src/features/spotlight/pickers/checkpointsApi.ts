/**
 * The development checkpoints of the provider (GraphQL `developmentCheckpoints`, the Spotlight contract
 * of docs/api.md): all four age-range tabs in one call, split by tab on the device.
 */
import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql';

/** The tabs of spec 001 §2, as the contract's CheckpointTab enum names, in tab order. */
export const CHECKPOINT_TAB_KEYS = ['birthTo3', 'threeTo4', 'receptionAge', 'earlyLearningGoals'] as const;
export type CheckpointTabKey = (typeof CHECKPOINT_TAB_KEYS)[number];

export interface DevelopmentCheckpointView {
  id: number;
  section: string;
  subsection: string | null;
  ageRange: CheckpointTabKey;
  description: string;
  bespoke: boolean;
}

export interface CheckpointNoteValue {
  checkpointID: number;
  note: string;
}

const CHECKPOINTS = `query DevelopmentCheckpoints {
  developmentCheckpoints { id section subsection ageRange description bespoke }
}`;

export const checkpointsQuery = () =>
  queryOptions({
    queryKey: ['development-checkpoints'] as const,
    queryFn: async () =>
      (await graphql<{ developmentCheckpoints: DevelopmentCheckpointView[] }>(CHECKPOINTS, {}))
        .developmentCheckpoints,
    staleTime: 30 * 60_000,
  });

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
