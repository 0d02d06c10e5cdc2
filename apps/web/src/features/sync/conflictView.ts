/** Both sides of a conflict as the modal compares them (pure, so it is testable without a DOM). */
export interface ConflictSide {
  notes: string;
  raised: string | null;
  childIDs: number[];
  statusID: number | null;
  version: number | null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number') : [];
}

/** The server's row (GET api/v2/events/{id} answer) or this device's payload. */
export function conflictSide(value: unknown): ConflictSide {
  const r = record(value);
  const childID = typeof r.childID === 'number' ? [r.childID] : [];
  const subjects = numbers(r.subjects);
  const children = Array.isArray(r.children)
    ? r.children.map((c) => record(c).id).filter((x): x is number => typeof x === 'number')
    : [];
  const childIDs = [...new Set([...childID, ...subjects, ...children])];
  return {
    notes: typeof r.notes === 'string' ? r.notes : '',
    raised: typeof r.raised === 'string' ? r.raised : null,
    childIDs,
    statusID: typeof r.statusID === 'number' ? r.statusID : null,
    version: typeof r.version === 'number' ? r.version : null,
  };
}
