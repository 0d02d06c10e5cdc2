// Pure helpers of the key-children table: the frameworks to choose between, one framework's columns and
// a child's cell per column (DD/MM, spec 002 §9; 'recent' as the server decided it).
import { areaAbbreviation, type KeyChild, type LearningArea } from '@nursery/domain/children';
import { formatShortDate } from '@nursery/domain/common';

export interface FrameworkChoice {
  id: string;
  name: string;
}

/** The frameworks that have areas, in the answer's order. */
export function frameworkChoices(areas: readonly LearningArea[]): FrameworkChoice[] {
  const seen = new Map<string, FrameworkChoice>();
  for (const a of areas)
    if (!seen.has(a.frameworkID)) seen.set(a.frameworkID, { id: a.frameworkID, name: a.frameworkName });
  return [...seen.values()];
}

/** The chosen framework if it still has areas, else the first. */
export function chosenFramework(choices: readonly FrameworkChoice[], wanted: string | null): string | null {
  if (wanted !== null && choices.some((c) => c.id === wanted)) return wanted;
  return choices[0]?.id ?? null;
}

export interface AreaColumn {
  id: string;
  name: string;
  label: string;
}

export function areaColumns(areas: readonly LearningArea[], frameworkID: string | null): AreaColumn[] {
  return areas
    .filter((a) => a.frameworkID === frameworkID)
    .map((a) => ({ id: a.id, name: a.name, label: areaAbbreviation(a.name) }));
}

export interface AreaCell {
  /** DD/MM, or null without an observation in the area. */
  date: string | null;
  recent: boolean;
}

export function areaCell(child: KeyChild, areaID: string): AreaCell {
  const found = child.lastObservationDates.find((o) => o.areaID === areaID);
  return found ? { date: formatShortDate(found.date), recent: found.recent } : { date: null, recent: false };
}
